import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Fieldset, Input, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { HoldingStatus, WeatherStation } from '@headland/domain/api/holdingsApi';
import { annualRainfall, monthsInYear } from '@headland/domain/holdingRules';
import type { HoldingFormMessages } from './EditHoldingForm.tsx';
import { formatDecimal } from '../../i18n/numberFormat.ts';
import {
  isNumberInput,
  rainfallValues,
  type HoldingFormAction,
  type HoldingFormState,
} from './holdingForm.ts';

export interface WeatherTabProps {
  status: HoldingStatus;
  /** The stations of the town now chosen. */
  stations: readonly WeatherStation[];
  stationsLoading: boolean;
  state: HoldingFormState;
  dispatch: Dispatch<HoldingFormAction>;
  messages: HoldingFormMessages;
  readOnly: boolean;
}

const isValidMonth = (value: number | null | undefined) =>
  value !== null && value !== undefined && Number.isFinite(value) && value >= 0;

const months = Array.from({ length: monthsInYear }, (_, index) => index + 1);

/** The WEATHER tab: the town's weather station and its monthly rainfall, or the holding's own figures. */
export function WeatherTab({
  status,
  stations,
  stationsLoading,
  state,
  dispatch,
  messages,
  readOnly,
}: WeatherTabProps) {
  const { t, i18n } = useTranslation();
  const townName = status.Towns.find((town) => town.TownId === state.townId)?.Name ?? '';
  const values = rainfallValues(state);
  // A month still being typed (or refused by the rules) adds nothing to the annual figure.
  const annual = annualRainfall(values.map((value) => (value === null || Number.isNaN(value) ? 0 : value)));
  const stationOptions = stations.map((station) => ({
    value: String(station.WeatherStationId),
    label: station.Name,
  }));

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('holdings.edit.postTown')} readOnly value={townName} />
        <NativeSelect
          label={t('holdings.edit.weatherStation')}
          data={[{ value: '', label: t('holdings.edit.chooseStation') }, ...stationOptions]}
          value={state.weatherStationId === null ? '' : String(state.weatherStationId)}
          disabled={state.customWeather || stationsLoading || stations.length === 0}
          description={
            !stationsLoading && stations.length === 0 && state.townId !== null
              ? t('holdings.edit.noStations')
              : undefined
          }
          onChange={(event) => {
            const value = event.currentTarget.value;
            const stationId = value === '' ? null : Number(value);
            dispatch({
              type: 'changeStation',
              stationId,
              station: stations.find((station) => station.WeatherStationId === stationId),
            });
          }}
          error={messages.weatherStationId}
        />
        <TextInput
          label={t('holdings.edit.annualRainfall')}
          readOnly
          value={formatDecimal(annual, 1, i18n.language)}
        />
        <Checkbox
          mt={{ sm: 'xl' }}
          label={t('holdings.edit.customWeather')}
          checked={state.customWeather}
          onChange={(event) =>
            dispatch({ type: 'setCustomWeather', on: event.currentTarget.checked, stations })
          }
        />
      </SimpleGrid>
      <Fieldset legend={t('holdings.edit.monthlyRainfall')} variant="unstyled">
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
          {months.map((month) => (
            <TextInput
              key={month}
              label={t(`holdings.edit.months.${month}`)}
              inputMode="decimal"
              rightSection={t('holdings.edit.mm')}
              readOnly={readOnly || !state.customWeather}
              value={state.rainfall[month - 1] ?? ''}
              error={messages.monthlyRainfall !== undefined && !isValidMonth(values[month - 1])}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isNumberInput(value)) dispatch({ type: 'setMonth', month, value });
              }}
            />
          ))}
        </SimpleGrid>
        {messages.monthlyRainfall && <Input.Error mt="xs">{messages.monthlyRainfall}</Input.Error>}
      </Fieldset>
    </Stack>
  );
}
