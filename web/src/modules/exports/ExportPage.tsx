import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { exportFormats, type ExportFormat } from '@headland/domain/api/exportsApi';
import { canAccess } from '@headland/domain/permissions';
import { describeApiError } from '../../shell/http/apiClient.ts';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { layerListQuery } from '../datalayers/layers/layersQueries.ts';
import { fieldListQuery } from '../fields/fieldsQueries.ts';
import { downloadExport, formatNames, type ExportChoice } from './exportDownload.ts';

type Subject = ExportChoice['subject'];

/**
 * The Export screen (/export): the holding zip, the fields and croppings of a crop year, or one map layer's
 * zones and points, in the format chosen. What is offered follows the session's permissions (fields, map
 * layers); the server checks them again and its refusal shows beside the button.
 */
export function ExportPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { holding, yearId, permissions } = useAppSession();
  const subjects: Subject[] = [
    ...(canAccess(permissions, 'fields', 'read') ? (['fields'] as const) : []),
    ...(canAccess(permissions, 'mapLayers', 'read') ? (['layer'] as const) : []),
    'holding',
  ];
  const [subject, setSubject] = useState<Subject>(subjects[0] ?? 'holding');
  const [year, setYear] = useState(yearId);
  const [format, setFormat] = useState<ExportFormat>('shapefile');
  const [layerId, setLayerId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const layers = useQuery({
    ...layerListQuery(api, holding.HoldingId, year),
    enabled: subject === 'layer',
  });
  // Field layers often share a name ("P 2025" on every field): the field's name tells them apart.
  const canReadFields = canAccess(permissions, 'fields', 'read');
  const fields = useQuery({
    ...fieldListQuery(api, holding.HoldingId, year),
    enabled: subject === 'layer' && canReadFields,
  });
  const fieldNames = new Map((fields.data ?? []).map((field) => [field.FieldId, field.Name]));
  const layerLabel = (layer: NonNullable<typeof layers.data>[number]) => {
    const field = layer.FieldId === null ? undefined : fieldNames.get(layer.FieldId);
    const counts = t('exports.layerCounts', { zones: layer.ZoneCount, points: layer.PointCount });
    return field ? `${layer.Name}, ${field} (${counts})` : `${layer.Name} (${counts})`;
  };
  const years = [...new Set([...holding.CropYears, yearId])].sort((a, b) => b - a);
  const layerChosen = layers.data?.find((layer) => layer.DataLayerId === layerId);

  const choice = (): ExportChoice | null => {
    if (subject === 'holding') return { subject, holdingId: holding.HoldingId };
    if (subject === 'fields') return { subject, year, format };
    return layerChosen ? { subject, layerId: layerChosen.DataLayerId, format } : null;
  };

  const download = async () => {
    const chosen = choice();
    setDone(null);
    setProblem(null);
    if (!chosen) {
      setProblem(t('exports.chooseLayer'));
      return;
    }
    setBusy(true);
    try {
      setDone(t('exports.done', { fileName: await downloadExport(api, chosen) }));
    } catch (error) {
      const described = describeApiError(error, false);
      setProblem(described.kind === 'message' ? described.message : t('exports.genericError'));
    } finally {
      setBusy(false);
    }
  };

  const change = (apply: () => void) => {
    apply();
    setDone(null);
    setProblem(null);
  };

  return (
    <Stack maw={640}>
      <Title order={2}>{t('exports.title')}</Title>
      <Text>{t('exports.intro')}</Text>
      <Radio.Group
        label={t('exports.what')}
        value={subject}
        onChange={(value) => change(() => setSubject(value as Subject))}
      >
        <Stack gap="xs" mt="xs">
          {subjects.map((option) => (
            <Radio key={option} value={option} label={t(`exports.subject.${option}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {subject !== 'holding' && (
        <Select
          label={t('exports.year')}
          data={years.map((option) => ({ value: String(option), label: String(option) }))}
          value={String(year)}
          allowDeselect={false}
          onChange={(value) =>
            change(() => {
              setYear(Number(value ?? yearId));
              setLayerId(null);
            })
          }
        />
      )}
      {subject === 'layer' && (
        <Select
          label={t('exports.layer')}
          placeholder={t('exports.layerPlaceholder')}
          searchable
          data={(layers.data ?? []).map((layer) => ({
            value: String(layer.DataLayerId),
            label: layerLabel(layer),
          }))}
          value={layerId === null ? null : String(layerId)}
          onChange={(value) => change(() => setLayerId(value === null ? null : Number(value)))}
          nothingFoundMessage={t('exports.noLayers')}
          error={layers.isSuccess && layers.data.length === 0 ? t('exports.noLayers') : undefined}
        />
      )}
      {subject !== 'holding' && (
        <Radio.Group
          label={t('exports.format')}
          value={format}
          onChange={(value) => change(() => setFormat(value as ExportFormat))}
        >
          <Stack gap="xs" mt="xs">
            {exportFormats.map((option) => (
              <Radio
                key={option}
                value={option}
                label={`${formatNames[option]}: ${t(`exports.formats.${option}`)}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Text size="sm" c="dimmed">
        {subject === 'holding' ? t('exports.holdingNote') : t('exports.crsNote')}
      </Text>
      <Button onClick={() => void download()} loading={busy} disabled={busy} w="fit-content">
        {t('exports.download')}
      </Button>
      {busy && (
        <Stack gap={4}>
          <Progress value={100} animated striped aria-label={t('exports.preparing')} />
          <Text size="sm" role="status">
            {t('exports.preparing')}
          </Text>
        </Stack>
      )}
      {problem && (
        <Alert color="red" role="alert" title={t('exports.failed')}>
          {problem}
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
