import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { PlanStatus } from '@headland/domain/enumerations';
import { rateUnitOf } from '@headland/domain/layers/rateUnits';
import {
  cellSizesMetres,
  defaultCellSizeMetres,
  terminalPresets,
  type TerminalPreset,
} from '@headland/domain/plans/prescriptionRules';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { planProblem } from './planProblem.ts';
import { downloadPlanFile, plansKey, updatePlan, usePlan } from './prescriptionsQueries.ts';

const readOnlyCodes = new Set(['planReadOnlyComplete', 'planReadOnlyAbandoned']);

/** A plan's fields and zones with their rates and totals, its status, and its downloads. */
export function PlanEditor({ id }: { id: number }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const client = useQueryClient();
  const holdingId = useAppSession().holding.HoldingId;
  const plan = usePlan(id);
  const [rates, setRates] = useState<Record<number, number>>({});
  // Only what the user changed; the rest shows as saved.
  const [edited, setEdited] = useState<string | null>(null);
  const [preset, setPreset] = useState<TerminalPreset>('isobus');
  const [cellSize, setCellSize] = useState<string>(String(defaultCellSizeMetres));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (!plan.data) return null;
  const status = edited ?? String(plan.data.Status);
  const setStatus = setEdited;
  const unit = rateUnitOf(plan.data.RateUnitId)?.Name ?? '';

  const save = async () => {
    setProblem(null);
    setDone(null);
    setBusy(true);
    try {
      const zones = plan.data.Fields.flatMap((field) => field.Zones)
        .filter((zone) => rates[zone.Id] !== undefined && rates[zone.Id] !== zone.Rate)
        .map((zone) => ({ Id: zone.Id, Rate: rates[zone.Id]! }));
      const saved = await updatePlan(api, id, { Zones: zones, Status: Number(status) as PlanStatus });
      client.setQueryData([...plansKey(holdingId), 'one', id], saved);
      setRates({});
      setEdited(null);
      await client.invalidateQueries({ queryKey: [...plansKey(holdingId), 'list'] });
      setDone(t('prescriptions.saved'));
    } catch (error) {
      const { code, message } = planProblem(error, t('prescriptions.genericError'));
      setProblem({
        title: code && readOnlyCodes.has(code) ? t('prescriptions.readOnlyTitle') : t('prescriptions.failed'),
        message,
      });
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    setProblem(null);
    setDone(null);
    setBusy(true);
    try {
      const name = await downloadPlanFile(api, id, terminalPresets[preset].format, Number(cellSize));
      setDone(t('prescriptions.downloaded', { fileName: name }));
    } catch (error) {
      setProblem({
        title: t('prescriptions.failed'),
        message: planProblem(error, t('prescriptions.genericError')).message,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={900}>
      <Title order={2}>{plan.data.Name}</Title>
      <Text>
        {plan.data.ProductName}, {unit}
      </Text>
      <Select
        label={t('prescriptions.status')}
        data={Object.values(PlanStatus).map((value) => ({
          value: String(value),
          label: t(`prescriptions.statuses.${value}`),
        }))}
        value={status}
        allowDeselect={false}
        onChange={(value) => setStatus(value ?? '1')}
        w={240}
      />
      {plan.data.Fields.map((field) => (
        <Stack key={field.FieldId} gap="xs">
          <Title order={3}>{field.FieldName}</Title>
          <Table aria-label={field.FieldName}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('prescriptions.zone')}</Table.Th>
                <Table.Th>{t('prescriptions.area')}</Table.Th>
                <Table.Th>{t('prescriptions.rate', { unit })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {field.Zones.map((zone) => (
                <Table.Tr key={zone.Id}>
                  <Table.Td>{zone.Number}</Table.Td>
                  <Table.Td>{zone.AreaHa.toFixed(2)} ha</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('prescriptions.zoneRate', {
                        field: field.FieldName,
                        zone: zone.Number,
                        unit,
                      })}
                      min={0}
                      value={rates[zone.Id] ?? zone.Rate}
                      onChange={(value) =>
                        setRates((current) => ({
                          ...current,
                          [zone.Id]: typeof value === 'number' ? value : 0,
                        }))
                      }
                      w={160}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text>
            {t('prescriptions.fieldTotal', {
              total: field.Total.toLocaleString(undefined, { maximumFractionDigits: 1 }),
              unit: plan.data.TotalUnit,
              area: field.AreaHa.toFixed(2),
            })}
          </Text>
        </Stack>
      ))}
      <Text fw={700}>
        {t('prescriptions.planTotal', {
          total: plan.data.Total.toLocaleString(undefined, { maximumFractionDigits: 1 }),
          unit: plan.data.TotalUnit,
          area: plan.data.AreaHa.toFixed(2),
        })}
      </Text>
      <Button onClick={() => void save()} loading={busy} w="fit-content">
        {t('prescriptions.save')}
      </Button>
      <Group align="end">
        <Select
          label={t('prescriptions.terminal')}
          data={(Object.keys(terminalPresets) as TerminalPreset[]).map((key) => ({
            value: key,
            label: t(`prescriptions.presets.${key}`),
          }))}
          value={preset}
          allowDeselect={false}
          onChange={(value) => {
            const chosen = (value ?? 'isobus') as TerminalPreset;
            setPreset(chosen);
            setCellSize(String(terminalPresets[chosen].cellSize));
          }}
        />
        {terminalPresets[preset].format === 'isoxml' && (
          <Select
            label={t('prescriptions.cellSize')}
            data={cellSizesMetres.map((size) => ({ value: String(size), label: `${size} m` }))}
            value={cellSize}
            allowDeselect={false}
            onChange={(value) => setCellSize(value ?? String(defaultCellSizeMetres))}
          />
        )}
        <Button variant="light" onClick={() => void download()} disabled={busy}>
          {t('prescriptions.download')}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert" title={problem.title}>
          {problem.message}
        </Alert>
      )}
      {done && (
        <Text role="status" c="green.8">
          {done}
        </Text>
      )}
    </Stack>
  );
}
