import { formatArea } from '../../i18n/numberFormat.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { CroppingResponse, FieldResponse } from '@headland/domain/api/fieldsApi';
import { fieldArea, isFieldDisabledIn } from '@headland/domain/field';
import { formatDisplayDate } from '@headland/domain/isoDate';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { FieldEditModal } from './FieldEditModal.tsx';
import { useCanEditFields, useDeleteField, useField, useFieldList, useForgetField } from './fieldsQueries.ts';
import { CropLabel } from './widgets/CropLabel.tsx';
import { translatedCropLabel } from '../../i18n/cropNames.ts';

function croppingsByYear(croppings: readonly CroppingResponse[]): [number, CroppingResponse[]][] {
  const years = new Map<number, CroppingResponse[]>();
  for (const cropping of croppings)
    years.set(cropping.YearId, [...(years.get(cropping.YearId) ?? []), cropping]);
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, list]) => [
      year,
      list.sort(
        (a, b) => (a.SowingDate ?? '').localeCompare(b.SowingDate ?? '') || a.CroppingId - b.CroppingId,
      ),
    ]);
}

const shownDate = (date: string | null) => (date ? formatDisplayDate(date) : '');

function FieldFacts({ field }: { field: FieldResponse }) {
  const { t, i18n } = useTranslation();
  const hectares = (value: number | null) =>
    value === null
      ? t('fields.details.notSet')
      : t('fields.units.haValue', { value: formatArea(value, i18n.language) });
  const disabled = field.Years.filter((year) => year.Disabled).map((year) => year.YearId);
  const rows: [string, string][] = [
    [t('fields.details.name'), field.Name],
    [t('fields.details.number'), field.FieldNumber ?? ''],
    [t('fields.details.group'), field.FieldGroup ?? t('fields.list.otherFields')],
    [t('fields.details.areaType'), t(`fields.areaType.${field.AreaType}`)],
    [t('fields.details.fieldArea'), hectares(fieldArea(field))],
    [t('fields.details.boundaryArea'), hectares(field.BoundaryArea)],
    [t('fields.details.workingArea'), hectares(field.WorkingArea)],
    [t('fields.details.wholeArea'), hectares(field.WholeArea)],
    [
      t('fields.details.manureSpreadArea'),
      field.ManureSpreadArea !== null && field.ManureSpreadArea >= 0
        ? hectares(field.ManureSpreadArea)
        : t('fields.details.notSet'),
    ],
    [
      t('fields.details.disabledYears'),
      disabled.length > 0 ? disabled.sort().join(', ') : t('fields.details.none'),
    ],
    [
      t('fields.details.ignoreBoundary'),
      field.IgnoreBoundary ? t('fields.details.yes') : t('fields.details.no'),
    ],
  ];
  return (
    <Table variant="vertical" withTableBorder maw={560}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function YearCroppings({ year, croppings }: { year: number; croppings: CroppingResponse[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4} component="section" aria-label={t('fields.details.yearCroppings', { year })}>
      <Title order={4}>{t('fields.details.yearCroppings', { year })}</Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.cropping.crop')}</Table.Th>
            <Table.Th>{t('fields.cropping.variety')}</Table.Th>
            <Table.Th>{t('fields.cropping.sowingDate')}</Table.Th>
            <Table.Th>{t('fields.cropping.harvestDate')}</Table.Th>
            <Table.Th>{t('fields.cropping.destructionDate')}</Table.Th>
            <Table.Th ta="right">{t('fields.list.area')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {croppings.map((cropping) => (
            <Table.Tr key={cropping.CroppingId}>
              <Table.Td>
                <Anchor component={Link} to={`/fields/cropping/${cropping.CroppingId}`}>
                  <CropLabel label={translatedCropLabel(t, cropping)} colour={cropping.CssColor} />
                </Anchor>
              </Table.Td>
              <Table.Td>{cropping.VarietyName ?? ''}</Table.Td>
              <Table.Td>{shownDate(cropping.SowingDate)}</Table.Td>
              <Table.Td>{shownDate(cropping.HarvestDate)}</Table.Td>
              <Table.Td>{shownDate(cropping.DestructionDate)}</Table.Td>
              <Table.Td ta="right">
                {cropping.Area === null ? '' : formatArea(cropping.Area, i18n.language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** One field: its details, edit and delete for sessions that may write, and its croppings year by year. */
export function FieldDetails({ fieldId }: { fieldId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { yearId } = useAppSession();
  const canEdit = useCanEditFields();
  // Once deleted, the field is no longer asked for (the server would answer 404).
  const [deletedId, setDeletedId] = useState<number | null>(null);
  const { data: field, isPending, isError } = useField(deletedId === fieldId ? undefined : fieldId);
  const { data: yearFields } = useFieldList(yearId);
  const remove = useDeleteField();
  const forgetField = useForgetField();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (isPending) return <Loader aria-label={t('fields.loading')} />;
  if (isError) return <Alert color="red">{t('fields.notFound')}</Alert>;

  const disabledNow = isFieldDisabledIn(field, yearId);
  const handleDelete = () =>
    remove.mutate(field.FieldId, {
      onSuccess: () => {
        setDeletedId(field.FieldId);
        setConfirmingDelete(false);
        void navigate('/fields', { replace: true });
        forgetField(field.FieldId);
      },
    });

  return (
    <Stack>
      <Anchor component={Link} to="/fields" size="sm">
        {t('fields.details.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={3}>{field.Name}</Title>
        {canEdit && (
          <Group gap="xs">
            <Button variant="light" onClick={() => setEditing(true)}>
              {t('fields.details.edit')}
            </Button>
            <Button variant="light" color="red" onClick={() => setConfirmingDelete(true)}>
              {t('fields.details.delete')}
            </Button>
          </Group>
        )}
      </Group>
      <FieldFacts field={field} />
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t('fields.details.croppings')}
        </Title>
        {canEdit &&
          (disabledNow ? (
            <Text size="sm" c="dimmed">
              {t('fields.details.disabledDuring', { name: field.Name, year: yearId })}
            </Text>
          ) : (
            <Button component={Link} to={`/fields/newcropping/${field.FieldId}`} variant="light">
              {t('fields.details.addCropping', { year: yearId })}
            </Button>
          ))}
      </Group>
      {field.HiddenCroppingYears.length > 0 && (
        <Text c="dimmed">
          {t('fields.details.hiddenCroppings', { years: field.HiddenCroppingYears.join(', ') })}
        </Text>
      )}
      {field.Croppings.length === 0
        ? field.HiddenCroppingYears.length === 0 && <Text c="dimmed">{t('fields.details.noCroppings')}</Text>
        : croppingsByYear(field.Croppings).map(([year, croppings]) => (
            <YearCroppings key={year} year={year} croppings={croppings} />
          ))}

      {editing && (
        <FieldEditModal
          field={field}
          existingNames={(yearFields ?? []).map((entry) => entry.Name)}
          groups={(yearFields ?? []).map((entry) => entry.FieldGroup)}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
      <Modal
        opened={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title={t('fields.details.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{t('fields.details.deleteConfirm', { name: field.Name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingDelete(false)}>
              {t('fields.cancel')}
            </Button>
            <Button color="red" onClick={handleDelete} loading={remove.isPending}>
              {t('fields.details.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
