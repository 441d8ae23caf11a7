import { formatArea } from '../../i18n/numberFormat.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { numberLimits, textLimits } from '../../shell/forms/schemaLimits.ts';
import { fieldWriteSchema, type FieldResponse, type FieldWrite } from '@headland/domain/api/fieldsApi';
import { FieldAreaType } from '@headland/domain/crops';
import { uniqueName } from '@headland/domain/uniqueName';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useLeaveGuard } from '../../shell/useLeaveGuard.ts';
import { useSaveField } from './fieldsQueries.ts';
import { isConflictError, serverMessages } from './serverMessages.ts';
import { NumberInput } from './widgets/NumberInput.tsx';

export interface FieldEditModalProps {
  /** The field to edit; a new field when absent. */
  field?: FieldResponse;
  /** The names of the holding's fields, for the unique-name hint. */
  existingNames: readonly string[];
  /** The field groups in use, offered as suggestions. */
  groups: readonly (string | null)[];
  onClose: () => void;
  onSaved: (field: FieldResponse) => void;
}

const areaTypes = [FieldAreaType.Whole, FieldAreaType.Working, FieldAreaType.Boundary] as const;

const orUndefined = (value: number | null | undefined) =>
  value === null || value === undefined ? undefined : value;

/** The field form: name, number, group, area type and areas, manure spread area, disabled years, ignore boundary. */
export function FieldEditModal({ field, existingNames, groups, onClose, onSaved }: FieldEditModalProps) {
  const { t, i18n } = useTranslation();
  const { holding } = useAppSession();
  const save = useSaveField();
  const [name, setName] = useState(field?.Name ?? uniqueName(t('fields.edit.defaultName'), existingNames));
  const [fieldNumber, setFieldNumber] = useState(field?.FieldNumber ?? '');
  const [fieldGroup, setFieldGroup] = useState(field?.FieldGroup ?? '');
  const [areaType, setAreaType] = useState<FieldAreaType>(field?.AreaType ?? FieldAreaType.Whole);
  const [wholeArea, setWholeArea] = useState(orUndefined(field?.WholeArea));
  const [workingArea, setWorkingArea] = useState(orUndefined(field?.WorkingArea));
  const [spreadArea, setSpreadArea] = useState(
    field?.ManureSpreadArea !== null && field?.ManureSpreadArea !== undefined && field.ManureSpreadArea >= 0
      ? field.ManureSpreadArea
      : undefined,
  );
  const [disabledYears, setDisabledYears] = useState(
    (field?.Years ?? []).filter((year) => year.Disabled).map((year) => String(year.YearId)),
  );
  const [ignoreBoundary, setIgnoreBoundary] = useState(field?.IgnoreBoundary ?? false);

  const formState = JSON.stringify([
    name,
    fieldNumber,
    fieldGroup,
    areaType,
    wholeArea,
    workingArea,
    spreadArea,
    disabledYears,
    ignoreBoundary,
  ]);
  const [loadedState] = useState(formState);
  useLeaveGuard(!save.isSuccess && formState !== loadedState, t('screens.leave.unsaved'));

  const otherNames = existingNames.filter((existing) => existing !== field?.Name);
  const trimmed = name.trim();
  const savedAs = trimmed === '' ? trimmed : uniqueName(trimmed, otherNames);
  const years = [
    ...new Set([...holding.CropYears, ...(field?.Years ?? []).map((year) => year.YearId)]),
  ].sort();
  const groupSuggestions = [
    ...new Set(groups.filter((group): group is string => Boolean(group?.trim()))),
  ].sort();
  const messages = save.error ? serverMessages(save.error, undefined, i18n) : [];

  const handleSave = () => {
    const body: FieldWrite = {
      Name: trimmed,
      FieldNumber: fieldNumber.trim() || null,
      FieldGroup: fieldGroup.trim() || null,
      AreaType: areaType,
      WholeArea: wholeArea ?? null,
      WorkingArea: workingArea ?? null,
      ManureSpreadArea: spreadArea ?? null,
      Years: years.map((year) => ({ YearId: year, Disabled: disabledYears.includes(String(year)) })),
      IgnoreBoundary: ignoreBoundary,
      // Read at this version: a save made since by another user is not overwritten (409, conflict dialog).
      Version: field?.Version,
    };
    save.mutate({ fieldId: field?.FieldId, body }, { onSuccess: (saved) => onSaved(saved) });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={field ? t('fields.edit.title') : t('fields.edit.newTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <TextInput
          label={t('fields.details.name')}
          {...textLimits(fieldWriteSchema.shape.Name)}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          error={trimmed === '' ? t('fields.edit.nameRequired') : undefined}
          description={savedAs !== trimmed ? t('fields.edit.savedAs', { name: savedAs }) : undefined}
        />
        <TextInput
          label={t('fields.details.number')}
          {...textLimits(fieldWriteSchema.shape.FieldNumber)}
          value={fieldNumber}
          onChange={(event) => setFieldNumber(event.currentTarget.value)}
        />
        <Autocomplete
          label={t('fields.details.group')}
          {...textLimits(fieldWriteSchema.shape.FieldGroup)}
          value={fieldGroup}
          onChange={setFieldGroup}
          data={groupSuggestions}
        />
        <Radio.Group
          label={t('fields.details.areaType')}
          value={areaType}
          onChange={(value) => setAreaType(value as FieldAreaType)}
        >
          <Group mt={4}>
            {areaTypes.map((type) => (
              <Radio key={type} value={type} label={t(`fields.areaType.${type}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Group grow align="flex-start">
          <NumberInput
            label={t('fields.details.wholeArea')}
            value={wholeArea}
            onChange={setWholeArea}
            {...numberLimits(fieldWriteSchema.shape.WholeArea)}
            decimals={2}
            unit={t('fields.units.ha')}
            required={areaType === FieldAreaType.Whole}
          />
          <NumberInput
            label={t('fields.details.workingArea')}
            value={workingArea}
            onChange={setWorkingArea}
            {...numberLimits(fieldWriteSchema.shape.WorkingArea)}
            decimals={2}
            unit={t('fields.units.ha')}
            required={areaType === FieldAreaType.Working}
          />
        </Group>
        {field && (
          <Text size="sm">
            {t('fields.details.boundaryArea')}:{' '}
            {field.BoundaryArea === null
              ? t('fields.details.notSet')
              : t('fields.units.haValue', { value: formatArea(field.BoundaryArea, i18n.language) })}
          </Text>
        )}
        <NumberInput
          label={t('fields.details.manureSpreadArea')}
          value={spreadArea}
          onChange={setSpreadArea}
          min={0}
          max={numberLimits(fieldWriteSchema.shape.ManureSpreadArea).max}
          decimals={2}
          unit={t('fields.units.ha')}
          description={t('fields.edit.spreadAreaHint')}
        />
        {years.length > 0 && (
          <Checkbox.Group
            label={t('fields.details.disabledYears')}
            value={disabledYears}
            onChange={setDisabledYears}
          >
            <Group mt={4}>
              {years.map((year) => (
                <Checkbox key={year} value={String(year)} label={String(year)} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <Checkbox
          label={t('fields.details.ignoreBoundary')}
          checked={ignoreBoundary}
          onChange={(event) => setIgnoreBoundary(event.currentTarget.checked)}
        />
        {save.isError && !isConflictError(save.error) && (
          <Alert color="red" title={t('fields.edit.notSaved')}>
            {messages.length > 0 ? (
              <List size="sm">
                {messages.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            ) : (
              t('fields.genericError')
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('fields.cancel')}
          </Button>
          <Button onClick={handleSave} disabled={trimmed === ''} loading={save.isPending}>
            {t('fields.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
