import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Anchor,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { HoldingDetails, HoldingStatus } from '@headland/domain/api/holdingsApi';
import {
  accountNumberMaxLength,
  addressMaxLines,
  canChoosePkModel,
  pkModels,
  pkModelSchema,
  PkModel,
  pSorpCapacities,
} from '@headland/domain/holdingRules';
import { Region } from '@headland/domain/region';
import { isAdminOrHigher, isAgronomistOrManager, resolveRole } from '@headland/domain/roles';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { CalculatedArea } from './CalculatedArea.tsx';
import type { HoldingFormMessages } from './EditHoldingForm.tsx';
import {
  isNumberInput,
  isNvzLocked,
  type HoldingFormAction,
  type HoldingFormState,
  type HoldingTextField,
} from './holdingForm.ts';

/** Where to find out whether a holding is in a nitrate vulnerable zone. */
export const nvzGuidance = {
  scotland: 'https://www.gov.scot/policies/agriculture-and-the-environment/nvzs/',
  england: 'https://www.gov.uk/guidance/nutrient-management-nitrate-vulnerable-zones',
} as const;

export interface HoldingTabProps {
  holding: HoldingDetails | null;
  status: HoldingStatus;
  yearId: number;
  state: HoldingFormState;
  dispatch: Dispatch<HoldingFormAction>;
  messages: HoldingFormMessages;
  readOnly: boolean;
}

const idOrNull = (value: string | null) => (value === null || value === '' ? null : Number(value));

/** The HOLDING tab: the holding's description on the left, its accounts and agronomy settings on the right. */
export function HoldingTab({
  holding,
  status,
  yearId,
  state,
  dispatch,
  messages,
  readOnly,
}: HoldingTabProps) {
  const { t } = useTranslation();
  const session = useAppSession();
  const { features } = session.brand;
  const role = resolveRole(session.user.Role);

  const setText = (field: HoldingTextField, value: string) => dispatch({ type: 'setText', field, value });
  const setNumber = (field: HoldingTextField, value: string) => {
    if (isNumberInput(value)) setText(field, value);
  };

  const businesses = status.Businesses.map((business) => ({
    value: String(business.BusinessId),
    label: business.Name,
  }));
  if (holding?.BusinessId && !businesses.some((option) => option.value === String(holding.BusinessId))) {
    businesses.push({
      value: String(holding.BusinessId),
      label: holding.Business ?? String(holding.BusinessId),
    });
  }
  const towns = status.Towns.filter((town) => !town.Deleted || town.TownId === holding?.TownId).map(
    (town) => ({
      value: String(town.TownId),
      label: town.Name,
    }),
  );
  const regions = status.Regions.map((region) => ({ value: String(region.value), label: region.text }));

  const changeTown = (value: string | null) => {
    const townId = idOrNull(value);
    const town = status.Towns.find((candidate) => candidate.TownId === townId);
    const townRegion = status.Regions.find((region) => region.value === town?.Region);
    dispatch({ type: 'changeTown', townId, townRegion });
  };
  const changeRegion = (value: string) => {
    const regionId = idOrNull(value);
    dispatch({
      type: 'changeRegion',
      regionId,
      region: status.Regions.find((region) => region.value === regionId),
    });
  };

  const previousYear = holding?.HoldingCropYears.find((year) => year.YearId === yearId - 1);
  // Decided: an account number once set is changed by administrators only (docs/decisions.md).
  const accountNumberEditable = isAdminOrHigher(role) || (holding?.AccountNumber ?? '') === '';
  const pkModelChoosable = canChoosePkModel(state.regionId);
  const calculatedArea =
    holding !== null && holding.HoldingId === session.holding.HoldingId && yearId === session.yearId;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="sm">
        <TextInput
          label={t('holdings.edit.tradingName')}
          maxLength={200}
          value={state.tradingName}
          onChange={(event) => setText('tradingName', event.currentTarget.value)}
          error={messages.tradingName}
        />
        {features.business && (
          <NativeSelect
            label={t('holdings.edit.business')}
            data={[{ value: '', label: t('holdings.edit.noBusiness') }, ...businesses]}
            value={state.businessId === null ? '' : String(state.businessId)}
            disabled={status.FixedBusinessId !== null}
            onChange={(event) =>
              dispatch({ type: 'setBusiness', businessId: idOrNull(event.currentTarget.value) })
            }
          />
        )}
        {features.postTown && (
          <Select
            label={t('holdings.edit.postTown')}
            searchable
            clearable={!readOnly}
            allowDeselect={false}
            // Mantine hides its clear button from assistive technology; here it is a control like any other.
            clearButtonProps={{
              'aria-label': t('holdings.edit.clearPostTown'),
              'aria-hidden': false,
              tabIndex: 0,
            }}
            limit={50}
            placeholder={t('holdings.edit.postTownPlaceholder')}
            nothingFoundMessage={t('holdings.edit.noTownFound')}
            data={towns}
            value={state.townId === null ? null : String(state.townId)}
            onChange={changeTown}
            readOnly={readOnly}
            error={messages.townId}
          />
        )}
        <NativeSelect
          label={t('holdings.edit.region')}
          data={[{ value: '', label: t('holdings.edit.chooseRegion') }, ...regions]}
          value={state.regionId === null ? '' : String(state.regionId)}
          disabled={!state.canChangeRegion}
          description={state.canChangeRegion ? undefined : t('holdings.edit.regionFixed')}
          onChange={(event) => changeRegion(event.currentTarget.value)}
          error={messages.regionId}
        />
        {features.nvz && (
          <Group gap="md" align="flex-start">
            <Checkbox
              label={t('holdings.edit.nvz')}
              checked={state.nvz}
              disabled={isNvzLocked(state)}
              description={state.regionNvzMandatory ? t('holdings.edit.nvzMandatory') : undefined}
              onChange={(event) => dispatch({ type: 'setNvz', nvz: event.currentTarget.checked })}
            />
            <Anchor
              href={state.regionId === Region.Scotland ? nvzGuidance.scotland : nvzGuidance.england}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              {t('holdings.edit.nvzCheck')}
            </Anchor>
          </Group>
        )}
        {holding && (
          <Fieldset legend={t('holdings.edit.yearBlock', { year: yearId })}>
            <Stack gap="sm">
              <TextInput
                label={t('holdings.edit.previousTotalArea')}
                description={
                  previousYear
                    ? t('holdings.edit.previousYear', { year: yearId - 1 })
                    : t('holdings.edit.noPreviousYear')
                }
                readOnly
                value={
                  previousYear?.TotalArea === null || previousYear?.TotalArea === undefined
                    ? ''
                    : String(previousYear.TotalArea)
                }
              />
              <TextInput
                label={t('holdings.edit.totalArea')}
                inputMode="decimal"
                description={calculatedArea ? <CalculatedArea yearId={yearId} /> : undefined}
                value={state.totalArea}
                onChange={(event) => setNumber('totalArea', event.currentTarget.value)}
                error={messages.totalArea}
              />
              <Checkbox
                label={t('holdings.edit.grasslandDerogation')}
                checked={state.grasslandDerogation}
                onChange={(event) =>
                  dispatch({ type: 'setGrasslandDerogation', ticked: event.currentTarget.checked })
                }
              />
              <TextInput
                label={t('holdings.edit.grasslandDerogationNumber')}
                maxLength={100}
                disabled={!state.grasslandDerogation}
                value={state.grasslandDerogationNumber}
                onChange={(event) => setText('grasslandDerogationNumber', event.currentTarget.value)}
                error={messages.grasslandDerogationNumber}
              />
            </Stack>
          </Fieldset>
        )}
      </Stack>

      <Stack gap="sm">
        <TextInput
          label={t('holdings.edit.accountNumber')}
          maxLength={accountNumberMaxLength}
          readOnly={!accountNumberEditable}
          description={accountNumberEditable ? undefined : t('holdings.edit.accountNumberFixed')}
          value={state.accountNumber}
          onChange={(event) => setText('accountNumber', event.currentTarget.value)}
          error={messages.accountNumber}
        />
        {isAgronomistOrManager(role) && (
          <Checkbox
            label={t('holdings.edit.powerBi')}
            checked={state.includeInReports}
            onChange={(event) =>
              dispatch({ type: 'setIncludeInReports', include: event.currentTarget.checked })
            }
          />
        )}
        <TextInput
          label={t('holdings.edit.startingYear')}
          inputMode="numeric"
          maxLength={4}
          value={state.startingYear}
          onChange={(event) => setNumber('startingYear', event.currentTarget.value)}
          error={messages.startingYear}
        />
        <Textarea
          label={t('holdings.edit.address')}
          description={t('holdings.edit.addressHint', { count: addressMaxLines })}
          rows={addressMaxLines}
          maxLength={2000}
          value={state.address}
          onChange={(event) => dispatch({ type: 'setAddress', value: event.currentTarget.value })}
          error={messages.address}
        />
        <NativeSelect
          label={t('holdings.edit.pkModel')}
          data={pkModels.map((model) => ({ value: model, label: model }))}
          value={state.pkModel}
          disabled={!pkModelChoosable}
          description={pkModelChoosable ? undefined : t('holdings.edit.pkModelFixed')}
          onChange={(event) => {
            const parsed = pkModelSchema.safeParse(event.currentTarget.value);
            if (parsed.success) dispatch({ type: 'setPkModel', pkModel: parsed.data });
          }}
          error={messages.pkModel}
        />
        {state.pkModel === PkModel.Sruc && (
          <NativeSelect
            label={t('holdings.edit.pSorpCapacity')}
            data={pSorpCapacities.map((value) => String(value))}
            value={state.pSorpCapacity === null ? '' : String(state.pSorpCapacity)}
            onChange={(event) =>
              dispatch({ type: 'setPSorpCapacity', value: idOrNull(event.currentTarget.value) })
            }
            error={messages.pSorpCapacity}
          />
        )}
      </Stack>
    </SimpleGrid>
  );
}
