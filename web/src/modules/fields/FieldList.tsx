import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import { CropId, missingCropColour } from '@headland/domain/crops';
import { fieldArea, isFieldDisabledIn } from '@headland/domain/field';
import { useFilterShortcut } from '../../shell/help/filterShortcut.ts';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { FieldEditModal } from './FieldEditModal.tsx';
import { groupFields } from './fieldListGroups.ts';
import { useCanEditFields, useFieldList } from './fieldsQueries.ts';
import { CropLabel } from './widgets/CropLabel.tsx';
import type { TFunction } from 'i18next';
import { translatedCropLabel } from '../../i18n/cropNames.ts';
import { formatArea } from '../../i18n/numberFormat.ts';

/** The crops grown in the year, for the crop filter, with 'Uncropped' for fields without a crop. */
function cropOptions(fields: readonly FieldResponse[], t: TFunction, locale: string) {
  const cropLabel = (cropping: { CropId: number | null; CropName?: string | null }) =>
    translatedCropLabel(t, cropping);
  const labels = new Map<number, string>([[CropId.Uncropped, cropLabel({ CropId: CropId.Uncropped })]]);
  for (const field of fields) {
    for (const cropping of field.Croppings) labels.set(cropping.CropId, cropLabel(cropping));
  }
  return [...labels.entries()]
    .map(([id, label]) => ({ value: String(id), label }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

function FieldCrops({ field }: { field: FieldResponse }) {
  const { t } = useTranslation();
  const croppings = field.Croppings.filter((cropping) => cropping.CropId !== CropId.Uncropped);
  if (croppings.length === 0 && field.HiddenCroppingYears.length > 0)
    return <CropLabel label={t('fields.list.notShared')} colour={missingCropColour} />;
  if (croppings.length === 0)
    return <CropLabel label={translatedCropLabel(t, { CropId: null })} colour={missingCropColour} />;
  return (
    <Stack gap={2}>
      {croppings.map((cropping) => (
        <CropLabel
          key={cropping.CroppingId}
          label={translatedCropLabel(t, cropping)}
          colour={cropping.CssColor}
        />
      ))}
    </Stack>
  );
}

/** The fields of the session's crop year, by field group, with a search box and a crop filter. */
export function FieldList() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { yearId } = useAppSession();
  const canEdit = useCanEditFields();
  const { data: fields, isPending, isError } = useFieldList(yearId);
  const [search, setSearch] = useState('');
  const filterRef = useFilterShortcut();
  // The crop filter lives in the address (`/fields?crop=1`), so that a link such as the dashboard's opens it set.
  const [searchParams, setSearchParams] = useSearchParams();
  const cropParam = searchParams.get('crop');
  const cropFilter = cropParam !== null && /^\d{1,6}$/.test(cropParam) ? cropParam : null;
  const setCropFilter = (value: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === null) next.delete('crop');
        else next.set('crop', value);
        return next;
      },
      { replace: true },
    );
  const [creating, setCreating] = useState(false);

  const groups = useMemo(
    () => groupFields(fields ?? [], { search, cropId: cropFilter === null ? null : Number(cropFilter) }),
    [fields, search, cropFilter],
  );
  const options = useMemo(() => cropOptions(fields ?? [], t, i18n.language), [fields, t, i18n.language]);

  if (isPending) return <Loader aria-label={t('fields.loading')} />;
  if (isError) return <Alert color="red">{t('fields.loadError')}</Alert>;

  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          ref={filterRef}
          label={t('fields.list.search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          label={t('fields.list.cropFilter')}
          placeholder={t('fields.list.allCrops')}
          data={options}
          value={cropFilter}
          onChange={setCropFilter}
          clearable
          searchable
        />
        {canEdit && (
          <Button variant="light" onClick={() => setCreating(true)}>
            {t('fields.list.newField')}
          </Button>
        )}
      </Group>
      {fields.length === 0 ? (
        <Text c="dimmed">{t('fields.list.noFields')}</Text>
      ) : groups.length === 0 ? (
        <Text c="dimmed">{t('fields.list.noMatch')}</Text>
      ) : (
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.list.name')}</Table.Th>
              <Table.Th>{t('fields.list.number')}</Table.Th>
              <Table.Th ta="right">{t('fields.list.area')}</Table.Th>
              <Table.Th>{t('fields.list.crop')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {groups.map((group) => (
            <Table.Tbody key={group.group ?? ''}>
              <Table.Tr>
                <Table.Th colSpan={4} scope="colgroup" bg="var(--mantine-color-default-hover)">
                  {group.group ?? t('fields.list.otherFields')}
                </Table.Th>
              </Table.Tr>
              {group.fields.map((field) => (
                <Table.Tr
                  key={field.FieldId}
                  onClick={() => navigate(`/fields/details/${field.FieldId}`)}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor
                        component={Link}
                        to={`/fields/details/${field.FieldId}`}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {field.Name}
                      </Anchor>
                      {isFieldDisabledIn(field, yearId) && (
                        <Badge size="xs" color="gray" variant="light">
                          {t('fields.list.disabledIn', { year: yearId })}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{field.FieldNumber ?? ''}</Table.Td>
                  <Table.Td ta="right">{formatArea(fieldArea(field), i18n.language)}</Table.Td>
                  <Table.Td>
                    <FieldCrops field={field} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          ))}
        </Table>
      )}
      {creating && (
        <FieldEditModal
          existingNames={fields.map((field) => field.Name)}
          groups={fields.map((field) => field.FieldGroup)}
          onClose={() => setCreating(false)}
          onSaved={(saved) => navigate(`/fields/details/${saved.FieldId}`)}
        />
      )}
    </Stack>
  );
}
