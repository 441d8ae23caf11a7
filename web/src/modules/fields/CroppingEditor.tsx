import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useHoldsAutoRefresh } from '../../shell/live/openForms.ts';
import { useLeaveGuard } from '../../shell/useLeaveGuard.ts';
import { numberLimits, textLimits } from '../../shell/forms/schemaLimits.ts';
import {
  croppingWriteSchema,
  type CroppingResponse,
  type FieldResponse,
} from '@headland/domain/api/fieldsApi';
import type { AttributeRule } from '@headland/domain/cropAttributes';
import { BiomassLevel, CropId, NLeafAnalysis } from '@headland/domain/crops';
import { fieldArea, isFieldDisabledIn } from '@headland/domain/field';
import { Region } from '@headland/domain/region';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { isDestroyed } from '@headland/domain/cropping';
import type { CroppingDraft } from '@headland/domain/croppingRules';
import {
  croppingFormFromResponse,
  croppingFormMessages,
  croppingWriteFromForm,
  hasBlockingMessage,
  newCroppingForm,
  problemsAt,
  withCrop,
  type CroppingFormContext,
  type CroppingFormValues,
} from './croppingForm.ts';
import { croppingProblemText, translateCroppingError } from './croppingProblemText.ts';
import { useCanEditFields, useDeleteCropping, useSaveCropping } from './fieldsQueries.ts';
import { isConflictError, serverMessages } from './serverMessages.ts';
import { CropPicker } from './widgets/CropPicker.tsx';
import { DatePicker } from './widgets/DatePicker.tsx';
import { NumberInput } from './widgets/NumberInput.tsx';
import { VarietyPicker, type VarietyOption } from './widgets/VarietyPicker.tsx';
import { formatArea } from '../../i18n/numberFormat.ts';

export interface CroppingEditorProps {
  /** The cropping's field, with its croppings of every year. */
  field: FieldResponse;
  /** The cropping to edit; a new cropping of `yearId` when absent. */
  cropping?: CroppingResponse;
  yearId: number;
  varieties: readonly VarietyOption[];
  /** The holding's crop-management options switch, from the shared data. */
  cropManagementOptionsEnabled: boolean;
  onDone: () => void;
}

interface AttributeSelectProps<T extends number | string> {
  label: string;
  rule: AttributeRule<T>;
  value: T | null;
  labelOf: (value: T) => string;
  onChange: (value: T | null) => void;
  error?: ReactNode;
}

/** One crop attribute, shown and required as the crop and region ask (cropAttributeRules). */
function AttributeSelect<T extends number | string>({
  label,
  rule,
  value,
  labelOf,
  onChange,
  error,
}: AttributeSelectProps<T>) {
  if (!rule.shown) return null;
  const data = rule.options.map((option) => ({ value: String(option), label: labelOf(option) }));
  return (
    <Select
      label={label}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(selected) =>
        onChange(
          selected === null ? null : (rule.options.find((option) => String(option) === selected) ?? null),
        )
      }
      required={rule.required}
      clearable={!rule.required}
      error={error}
    />
  );
}

function MessageList({ messages }: { messages: readonly string[] }) {
  return messages.length === 1 ? (
    <Text size="sm">{messages[0]}</Text>
  ) : (
    <List size="sm">
      {messages.map((message) => (
        <List.Item key={message}>{message}</List.Item>
      ))}
    </List>
  );
}

/**
 * The cropping form. The date, concurrent-crops and crop-attribute rules run as the form changes, with the
 * same domain rules the server applies, and Save stays disabled while any of their messages shows; messages
 * of a refused save (400) show too.
 */
export function CroppingEditor({
  field,
  cropping,
  yearId,
  varieties,
  cropManagementOptionsEnabled,
  onDone,
}: CroppingEditorProps) {
  const { t, i18n } = useTranslation();
  const { holding } = useAppSession();
  const canEdit = useCanEditFields();
  const save = useSaveCropping();
  const remove = useDeleteCropping();
  const [values, setValues] = useState<CroppingFormValues>(() =>
    cropping ? croppingFormFromResponse(cropping) : newCroppingForm(field.FieldId, yearId),
  );
  // Back, reload or closing the tab asks first while the form holds unsaved changes.
  const [loadedValues] = useState(() => JSON.stringify(values));
  useLeaveGuard(canEdit && JSON.stringify(values) !== loadedValues, t('screens.leave.unsaved'));
  // Other people's changes wait until the form closes, so that they never replace what is being typed.
  useHoldsAutoRefresh(canEdit);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // A new cropping's problems (no crop yet, and the whole field taken while another crop grows) keep Save
  // disabled, but are shown only once the user has changed something or left the crop picker.
  const [touched, setTouched] = useState(cropping !== undefined);

  const context: CroppingFormContext = useMemo(
    () => ({
      field,
      croppingId: cropping?.CroppingId,
      holdingYears: holding.CropYears,
      region: holding.Region ?? Region.England,
      cropManagementOptionsEnabled,
      varieties,
    }),
    [field, cropping?.CroppingId, holding.CropYears, holding.Region, cropManagementOptionsEnabled, varieties],
  );
  const messages = croppingFormMessages(values, context);
  const { rules } = messages;
  const blocked = hasBlockingMessage(messages);
  const refused = save.error
    ? serverMessages(save.error, (entry) => translateCroppingError(t, entry, i18n.language), i18n)
    : [];
  const textsAt = (...fields: (keyof CroppingDraft)[]) =>
    touched
      ? problemsAt(messages, ...fields).map((problem) => croppingProblemText(t, problem, i18n.language))
      : [];
  const errorAt = (...fields: (keyof CroppingDraft)[]) => textsAt(...fields)[0];
  const dateErrors = textsAt('SowingDate', 'HarvestDate', 'DestructionDate');
  const areaErrors = textsAt('Area');
  const otherErrors = textsAt('YearId', 'FieldId', 'VarietyId', 'ManagementOptions');
  const disabledInYear = isFieldDisabledIn(field, values.YearId);
  const readOnly = !canEdit;

  const update = (changes: Partial<CroppingFormValues>) => {
    save.reset();
    setTouched(true);
    setValues((current) => ({ ...current, ...changes }));
  };

  const handleCropChange = (cropId: number | null) => {
    save.reset();
    setTouched(true);
    setValues((current) => withCrop(current, cropId, context));
  };

  // The version the cropping was read at goes with the save: if another user saved it since, the server
  // refuses with 409 and the conflict dialog says so, rather than one save silently undoing the other.
  const handleSave = () =>
    save.mutate(
      {
        croppingId: cropping?.CroppingId,
        body: { ...croppingWriteFromForm(values), Version: cropping?.Version },
      },
      { onSuccess: onDone },
    );

  const handleDelete = () => {
    if (!cropping) return;
    remove.mutate(cropping.CroppingId, {
      onSuccess: () => {
        setConfirmingDelete(false);
        onDone();
      },
    });
  };

  const managementTitle = rules.cropManagementOptions.enabled
    ? t(`fields.cropping.managementOptions.${rules.cropManagementOptions.scheme}`)
    : '';

  return (
    <Stack maw={900}>
      <Title order={3}>
        {cropping ? t('fields.cropping.title') : t('fields.cropping.newTitle')} — {field.Name},{' '}
        {values.YearId}
      </Title>
      <Text size="sm" c="dimmed">
        {t('fields.cropping.fieldArea', { area: formatArea(fieldArea(field), i18n.language) })}
      </Text>
      {disabledInYear && (
        <Alert color="yellow">
          {t('fields.details.disabledDuring', { name: field.Name, year: values.YearId })}
        </Alert>
      )}
      {readOnly && <Alert color="gray">{t('fields.cropping.readOnly')}</Alert>}

      <Fieldset legend={t('fields.cropping.cropSection')} disabled={readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CropPicker
            label={t('fields.cropping.crop')}
            value={values.CropId}
            onChange={handleCropChange}
            onBlur={() => setTouched(true)}
            required
            error={errorAt('CropId')}
          />
          {values.CropId === CropId.Other && (
            <TextInput
              label={t('fields.cropping.cropName')}
              {...textLimits(croppingWriteSchema.shape.CropName)}
              value={values.CropName}
              onChange={(event) => update({ CropName: event.currentTarget.value })}
              required
              error={errorAt('CropName')}
            />
          )}
          <VarietyPicker
            label={t('fields.cropping.variety')}
            cropId={values.CropId}
            value={values.VarietyName}
            options={varieties}
            onChange={(variety) => update(variety)}
          />
          <TextInput
            label={t('fields.cropping.description')}
            {...textLimits(croppingWriteSchema.shape.CropDescr)}
            value={values.CropDescr}
            onChange={(event) => update({ CropDescr: event.currentTarget.value })}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('fields.cropping.datesSection')} disabled={readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DatePicker
            label={t('fields.cropping.sowingDate')}
            value={values.SowingDate}
            onChange={(date) => update({ SowingDate: date })}
            disabled={readOnly}
          />
          <DatePicker
            label={t('fields.cropping.harvestDate')}
            value={values.HarvestDate}
            onChange={(date) => update({ HarvestDate: date })}
            disabled={readOnly}
          />
          <DatePicker
            label={t('fields.cropping.destructionDate')}
            value={values.DestructionDate}
            onChange={(date) =>
              update({ DestructionDate: date, Destroyed: isDestroyed({ ...values, DestructionDate: date }) })
            }
            disabled={readOnly}
          />
        </SimpleGrid>
        <Checkbox
          mt="sm"
          label={t('fields.cropping.destroyed')}
          checked={isDestroyed(values)}
          disabled={values.DestructionDate !== null}
          onChange={(event) => update({ Destroyed: event.currentTarget.checked })}
        />
        {dateErrors.length > 0 && (
          <Alert color="red" mt="sm" role="alert" title={t('fields.cropping.datesProblem')}>
            <MessageList messages={dateErrors} />
          </Alert>
        )}
      </Fieldset>

      <Fieldset legend={t('fields.cropping.areaSection')} disabled={readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('fields.cropping.area')}
            value={values.Area}
            onChange={(area) => update({ Area: area })}
            {...numberLimits(croppingWriteSchema.shape.Area)}
            step={0.1}
            decimals={2}
            unit={t('fields.units.ha')}
            description={t('fields.cropping.areaHint')}
            commitOnBlur
          />
          <NumberInput
            label={t('fields.cropping.manureSpreadArea')}
            value={values.ManureSpreadArea}
            onChange={(area) => update({ ManureSpreadArea: area })}
            min={0}
            max={numberLimits(croppingWriteSchema.shape.ManureSpreadArea).max}
            step={0.1}
            decimals={2}
            unit={t('fields.units.ha')}
            commitOnBlur
          />
        </SimpleGrid>
        {areaErrors.length > 0 && (
          <Alert color="red" mt="sm" role="alert">
            <MessageList messages={areaErrors} />
          </Alert>
        )}
      </Fieldset>

      <Fieldset legend={t('fields.cropping.attributesSection')} disabled={readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AttributeSelect
            label={t('fields.cropping.purpose')}
            rule={rules.purpose}
            value={values.Purpose}
            labelOf={(value) => t(`fields.enums.purpose.${value}`)}
            onChange={(value) => update({ Purpose: value })}
            error={errorAt('Purpose')}
          />
          <AttributeSelect
            label={t('fields.cropping.residue')}
            rule={rules.residue}
            value={values.Residue}
            labelOf={(value) => t(`fields.enums.residue.${value}`)}
            onChange={(value) => update({ Residue: value })}
            error={errorAt('Residue')}
          />
          <AttributeSelect
            label={t('fields.cropping.growingSeasonLength')}
            rule={rules.growingSeasonLength}
            value={values.GrowingSeasonLength}
            labelOf={(value) => t(`fields.enums.growingSeasonLength.${value}`)}
            onChange={(value) => update({ GrowingSeasonLength: value })}
            error={errorAt('GrowingSeasonLength')}
          />
          <AttributeSelect
            label={t('fields.cropping.protection')}
            rule={rules.protection}
            value={values.ProtectionStatus}
            labelOf={(value) => t(`fields.enums.protection.${value}`)}
            onChange={(value) => update({ ProtectionStatus: value })}
            error={errorAt('ProtectionStatus')}
          />
          <AttributeSelect
            label={t('fields.cropping.grassManagement')}
            rule={rules.grassManagement}
            value={values.GrassManagement}
            labelOf={(value) => t(`fields.enums.grassManagement.${value}`)}
            onChange={(value) => update({ GrassManagement: value, GrassCuts: null })}
            error={errorAt('GrassManagement')}
          />
          <AttributeSelect
            label={t('fields.cropping.grassCuts')}
            rule={rules.grassCuts}
            value={values.GrassCuts}
            labelOf={(value) => t(`fields.enums.grassCuts.${value}`)}
            onChange={(value) => update({ GrassCuts: value })}
            error={errorAt('GrassCuts')}
          />
          {rules.nCropGroup.shown && (
            <NumberInput
              label={t('fields.cropping.nCropGroup')}
              value={values.NCropGroup}
              onChange={(group) =>
                update({ NCropGroup: group === undefined ? undefined : Math.round(group) })
              }
              min={0}
              error={errorAt('NCropGroup')}
            />
          )}
          <NumberInput
            label={t('fields.cropping.targetYield')}
            value={values.TargetYield}
            onChange={(target) => update({ TargetYield: target })}
            {...numberLimits(croppingWriteSchema.shape.TargetYield)}
            step={0.1}
            unit={t('fields.units.tPerHa')}
          />
          <NumberInput
            label={t('fields.cropping.targetpH')}
            value={values.TargetpH}
            onChange={(target) => update({ TargetpH: target })}
            {...numberLimits(croppingWriteSchema.shape.TargetpH)}
            step={0.1}
          />
          <Select
            label={t('fields.cropping.biomassLevel')}
            data={Object.values(BiomassLevel).map((level) => ({
              value: String(level),
              label: t(`fields.enums.biomassLevel.${level}`),
            }))}
            value={values.BiomassLevel === null ? null : String(values.BiomassLevel)}
            onChange={(level) =>
              update({ BiomassLevel: level === null ? null : (Number(level) as BiomassLevel) })
            }
            clearable
          />
          <Select
            label={t('fields.cropping.nLeafAnalysis')}
            data={Object.values(NLeafAnalysis).map((level) => ({
              value: String(level),
              label: t(`fields.enums.nLeafAnalysis.${level}`),
            }))}
            value={values.NLeafAnalysis === null ? null : String(values.NLeafAnalysis)}
            onChange={(level) =>
              update({ NLeafAnalysis: level === null ? null : (Number(level) as NLeafAnalysis) })
            }
            clearable
          />
        </SimpleGrid>
        <Group mt="sm">
          <Checkbox
            label={t('fields.cropping.strawMulch')}
            checked={values.StrawMulch}
            onChange={(event) => update({ StrawMulch: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('fields.cropping.undersown')}
            checked={values.Undersown}
            onChange={(event) => update({ Undersown: event.currentTarget.checked })}
          />
        </Group>
      </Fieldset>

      {rules.cropManagementOptions.enabled && (
        <Fieldset legend={managementTitle} disabled={readOnly}>
          <Stack gap="xs">
            {values.ManagementOptions.map((option, index) => (
              <Group key={index} align="flex-end" wrap="nowrap">
                <TextInput
                  label={t('fields.cropping.optionCode', { index: index + 1 })}
                  value={option.Code}
                  onChange={(event) => {
                    const code = event.currentTarget.value;
                    update({
                      ManagementOptions: values.ManagementOptions.map((entry, at) =>
                        at === index ? { ...entry, Code: code } : entry,
                      ),
                    });
                  }}
                />
                <NumberInput
                  label={t('fields.cropping.optionArea', { index: index + 1 })}
                  value={option.Area}
                  onChange={(area) =>
                    update({
                      ManagementOptions: values.ManagementOptions.map((entry, at) =>
                        at === index ? { ...entry, Area: area } : entry,
                      ),
                    })
                  }
                  min={0}
                  decimals={2}
                  unit={t('fields.units.ha')}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={6}
                  aria-label={t('fields.cropping.removeOption', { index: index + 1 })}
                  onClick={() =>
                    update({ ManagementOptions: values.ManagementOptions.filter((_, at) => at !== index) })
                  }
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              onClick={() =>
                update({ ManagementOptions: [...values.ManagementOptions, { Code: '', Area: undefined }] })
              }
            >
              {t('fields.cropping.addOption')}
            </Button>
          </Stack>
        </Fieldset>
      )}

      {otherErrors.length > 0 && (
        <Alert color="red" role="alert">
          <MessageList messages={otherErrors} />
        </Alert>
      )}

      {save.isError && !isConflictError(save.error) && (
        <Alert color="red" role="alert" title={t('fields.cropping.notSaved')}>
          {refused.length > 0 ? <MessageList messages={refused} /> : t('fields.genericError')}
        </Alert>
      )}

      <Group justify="space-between">
        <Group gap="xs">
          {canEdit && cropping && (
            <Button variant="light" color="red" onClick={() => setConfirmingDelete(true)}>
              {t('fields.cropping.delete')}
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            {canEdit ? t('fields.cancel') : t('fields.close')}
          </Button>
          {canEdit && (
            <Button onClick={handleSave} disabled={blocked || disabledInYear} loading={save.isPending}>
              {t('fields.save')}
            </Button>
          )}
        </Group>
      </Group>

      <Modal
        opened={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title={t('fields.cropping.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{t('fields.cropping.deleteConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingDelete(false)}>
              {t('fields.cancel')}
            </Button>
            <Button color="red" onClick={handleDelete} loading={remove.isPending}>
              {t('fields.cropping.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
