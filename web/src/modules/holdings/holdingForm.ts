import type {
  HoldingDetails,
  HoldingSaveRequest,
  HoldingStatus,
  RegionOption,
  WeatherStation,
} from '@headland/domain/api/holdingsApi';
import {
  addressLineCount,
  addressMaxLines,
  canChoosePkModel,
  effectivePkModel,
  effectivePSorpCapacity,
  monthsInYear,
  PkModel,
  type HoldingFormValues,
} from '@headland/domain/holdingRules';

/**
 * What the Edit holding dialog holds while it is open. Numbers the user types stay text until they are checked
 * or sent, so that a half-typed value ("12.") is not rewritten under the cursor.
 */
export interface HoldingFormState {
  isNew: boolean;
  /** From the holding data: false freezes the region and the NVZ flag. */
  canChangeRegion: boolean;
  tradingName: string;
  businessId: number | null;
  townId: number | null;
  regionId: number | null;
  /** The chosen region forces NVZ on (and locks the checkbox). */
  regionNvzMandatory: boolean;
  nvz: boolean;
  /** NVZ as loaded: a change of it on an existing holding raises the all-fields question. */
  loadedNvz: boolean;
  accountNumber: string;
  includeInReports: boolean;
  startingYear: string;
  address: string;
  pkModel: PkModel;
  pSorpCapacity: number | null;
  totalArea: string;
  grasslandDerogation: boolean;
  grasslandDerogationNumber: string;
  weatherStationId: number | null;
  customWeather: boolean;
  /** Twelve monthly rainfall values in mm, January first. */
  rainfall: string[];
}

export type HoldingTextField =
  'tradingName' | 'accountNumber' | 'startingYear' | 'totalArea' | 'grasslandDerogationNumber';

export type HoldingFormAction =
  | { type: 'setText'; field: HoldingTextField; value: string }
  | { type: 'setAddress'; value: string }
  | { type: 'setBusiness'; businessId: number | null }
  | { type: 'changeTown'; townId: number | null; townRegion: RegionOption | undefined }
  | { type: 'changeRegion'; region: RegionOption | undefined; regionId: number | null }
  | { type: 'setNvz'; nvz: boolean }
  | { type: 'setIncludeInReports'; include: boolean }
  | { type: 'setPkModel'; pkModel: PkModel }
  | { type: 'setPSorpCapacity'; value: number | null }
  | { type: 'setGrasslandDerogation'; ticked: boolean }
  | { type: 'setCustomWeather'; on: boolean; stations: readonly WeatherStation[] }
  | { type: 'changeStation'; stationId: number | null; station: WeatherStation | undefined }
  | { type: 'setMonth'; month: number; value: string };

const blankRainfall = (): string[] => Array.from({ length: monthsInYear }, () => '');

/** The station's long-term averages as the twelve monthly values. */
export function stationRainfall(station: WeatherStation | undefined): string[] {
  const rows = blankRainfall();
  for (const entry of station?.Weather ?? []) {
    if (entry.Month >= 1 && entry.Month <= monthsInYear)
      rows[entry.Month - 1] = String(entry.RainfallLongTermAvg);
  }
  return rows;
}

function rainfallOf(weather: HoldingStatus['Weather']): string[] {
  const rows = blankRainfall();
  for (const entry of weather) {
    if (entry.Month >= 1 && entry.Month <= monthsInYear) rows[entry.Month - 1] = String(entry.Rainfall);
  }
  return rows;
}

export interface InitialFormInput {
  /** Null for a new holding. */
  holding: HoldingDetails | null;
  status: HoldingStatus;
  /** The year of the year block (total area, derogation, PK model). */
  yearId: number;
  /** The Starting Year offered for a new holding. */
  defaultStartingYear: number;
}

/** The form as it opens: the holding's stored values, or a new holding's defaults. */
export function initialHoldingForm({
  holding,
  status,
  yearId,
  defaultStartingYear,
}: InitialFormInput): HoldingFormState {
  const year = holding?.HoldingCropYears.find((entry) => entry.YearId === yearId);
  const regionId = holding?.Region ?? null;
  const regionNvzMandatory = status.Regions.some(
    (region) => region.value === regionId && region.nvzMandatory,
  );
  const pkModel = effectivePkModel(regionId, year?.PkModel ?? PkModel.Adas);
  const nvz = regionNvzMandatory || (holding?.NVZ ?? false);
  const firstYear = holding && holding.CropYears.length > 0 ? Math.min(...holding.CropYears) : null;
  return {
    isNew: holding === null,
    canChangeRegion: status.CanChangeRegion,
    tradingName: holding?.TradingName ?? '',
    businessId: holding ? holding.BusinessId : status.FixedBusinessId,
    townId: holding?.TownId ?? null,
    regionId,
    regionNvzMandatory,
    nvz,
    loadedNvz: nvz,
    accountNumber: holding?.AccountNumber ?? '',
    includeInReports: !status.ExcludeFromUserReports,
    startingYear: String(firstYear ?? defaultStartingYear),
    address: holding?.Address ?? '',
    pkModel,
    pSorpCapacity: effectivePSorpCapacity(pkModel, holding?.PSorpCapacity),
    totalArea: year?.TotalArea === null || year?.TotalArea === undefined ? '' : String(year.TotalArea),
    grasslandDerogation:
      year?.GrasslandDerogationNumber !== null && year?.GrasslandDerogationNumber !== undefined,
    grasslandDerogationNumber: year?.GrasslandDerogationNumber ?? '',
    // Without a station of its own the holding shows its town's main station, as the server does.
    weatherStationId: holding?.WeatherStationId ?? status.WeatherStations[0]?.WeatherStationId ?? null,
    customWeather: status.CustomWeather,
    rainfall: rainfallOf(status.Weather),
  };
}

/** The region and what follows from it: NVZ forced on where mandatory, the PK model and P sorp capacity. */
function withRegion(
  state: HoldingFormState,
  regionId: number | null,
  region: RegionOption | undefined,
): HoldingFormState {
  const regionNvzMandatory = region?.nvzMandatory ?? false;
  const pkModel = effectivePkModel(regionId, state.pkModel);
  return {
    ...state,
    regionId,
    regionNvzMandatory,
    nvz: regionNvzMandatory ? true : state.nvz,
    pkModel,
    pSorpCapacity: effectivePSorpCapacity(pkModel, state.pSorpCapacity),
  };
}

/** The NVZ checkbox cannot be changed: the region forces it, or the holding's region is frozen. */
export function isNvzLocked(state: HoldingFormState): boolean {
  return !state.canChangeRegion || state.regionNvzMandatory;
}

/** The transitions of holdings spec §4.1. */
export function reduceHoldingForm(state: HoldingFormState, action: HoldingFormAction): HoldingFormState {
  switch (action.type) {
    case 'setText':
      return { ...state, [action.field]: action.value };
    case 'setAddress':
      // Input that would make a fifth line is refused as typed (session-shell §5).
      return addressLineCount(action.value) > addressMaxLines ? state : { ...state, address: action.value };
    case 'setBusiness':
      return { ...state, businessId: action.businessId };
    case 'changeTown': {
      if (action.townId === state.townId) return state;
      const moved: HoldingFormState = {
        ...state,
        townId: action.townId,
        weatherStationId: null,
        rainfall: state.customWeather ? state.rainfall : blankRainfall(),
      };
      if (!state.isNew || !state.canChangeRegion || !action.townRegion) return moved;
      return withRegion(moved, action.townRegion.value, action.townRegion);
    }
    case 'changeRegion':
      return state.canChangeRegion ? withRegion(state, action.regionId, action.region) : state;
    case 'setNvz':
      return isNvzLocked(state) ? state : { ...state, nvz: action.nvz };
    case 'setIncludeInReports':
      return { ...state, includeInReports: action.include };
    case 'setPkModel': {
      if (!canChoosePkModel(state.regionId)) return state;
      return {
        ...state,
        pkModel: action.pkModel,
        pSorpCapacity: effectivePSorpCapacity(action.pkModel, state.pSorpCapacity),
      };
    }
    case 'setPSorpCapacity':
      return state.pkModel === PkModel.Sruc ? { ...state, pSorpCapacity: action.value } : state;
    case 'setGrasslandDerogation':
      return {
        ...state,
        grasslandDerogation: action.ticked,
        grasslandDerogationNumber: action.ticked ? state.grasslandDerogationNumber : '',
      };
    case 'setCustomWeather': {
      if (action.on) return { ...state, customWeather: true, rainfall: blankRainfall() };
      const stationId = state.weatherStationId ?? action.stations[0]?.WeatherStationId ?? null;
      const station = action.stations.find((candidate) => candidate.WeatherStationId === stationId);
      return {
        ...state,
        customWeather: false,
        weatherStationId: stationId,
        rainfall: stationRainfall(station),
      };
    }
    case 'changeStation':
      return { ...state, weatherStationId: action.stationId, rainfall: stationRainfall(action.station) };
    case 'setMonth': {
      if (!state.customWeather) return state;
      const rainfall = [...state.rainfall];
      rainfall[action.month - 1] = action.value;
      return { ...state, rainfall };
    }
  }
}

/** A typed number: null when blank, NaN when it is not a number (the rules then report it). */
export function parseTypedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Whether `text` may stand in a number input as typed: digits, one point and a leading minus sign. */
export function isNumberInput(text: string): boolean {
  return /^-?\d*\.?\d*$/.test(text);
}

/** The monthly rainfall values as numbers (null where blank), January first. */
export function rainfallValues(state: HoldingFormState): (number | null)[] {
  return state.rainfall.map(parseTypedNumber);
}

/** The form as the domain's holding rules check it. */
export function holdingFormValues(state: HoldingFormState, withYearBlock: boolean): HoldingFormValues {
  return {
    tradingName: state.tradingName,
    accountNumber: state.accountNumber,
    address: state.address,
    townId: state.townId,
    regionId: state.regionId,
    totalArea: withYearBlock ? parseTypedNumber(state.totalArea) : null,
    grasslandDerogation: withYearBlock && state.grasslandDerogation,
    grasslandDerogationNumber: state.grasslandDerogationNumber,
    startingYear: parseTypedNumber(state.startingYear),
    pkModel: state.pkModel,
    pSorpCapacity: state.pSorpCapacity,
    weatherStationId: state.weatherStationId,
    customWeather: state.customWeather,
    monthlyRainfall: rainfallValues(state).map((rainfall, index) => ({ month: index + 1, rainfall })),
  };
}

export interface SaveOptions {
  holdingId: number | null;
  /** The year of the year block; for a new holding the Starting Year is used instead. */
  yearId: number;
  /** The WEATHER tab is shown: the weather choice is then sent (custom rows, or none to use the station). */
  withWeather: boolean;
  /** The user sees the Power BI option (Agronomist or Manager). */
  withReportsOption: boolean;
  changeNVZOnAllFields: boolean;
  /** The holding's Version the form was read at (null for a new holding): a stale save is refused with 409. */
  version: number | null;
}

/** The save payload of holdings spec §3. */
export function holdingSaveRequest(state: HoldingFormState, options: SaveOptions): HoldingSaveRequest {
  const startingYear = parseTypedNumber(state.startingYear);
  const yearId = state.isNew ? startingYear : options.yearId;
  const blankToNull = (text: string) => (text.trim() === '' ? null : text);
  return {
    holding: {
      HoldingId: options.holdingId,
      Version: options.version,
      TradingName: state.tradingName.trim(),
      AccountNumber: blankToNull(state.accountNumber),
      Address: blankToNull(state.address),
      TownId: state.townId,
      BusinessId: state.businessId,
      Region: state.regionId,
      NVZ: state.nvz,
      PSorpCapacity: state.pSorpCapacity,
      WeatherStationId: state.weatherStationId,
    },
    croppingYearId: yearId,
    firstCroppingYear: startingYear,
    changeNVZOnAllFields: options.changeNVZOnAllFields,
    ...(state.isNew
      ? {}
      : {
          totalArea: parseTypedNumber(state.totalArea),
          grasslandDerogation: state.grasslandDerogation,
          grasslandDerogationNumber: state.grasslandDerogation
            ? state.grasslandDerogationNumber.trim()
            : null,
        }),
    ...(options.withWeather
      ? {
          holdingWeather: state.customWeather
            ? rainfallValues(state).map((rainfall, index) => ({
                HoldingId: options.holdingId,
                Year: yearId,
                Month: index + 1,
                Rainfall: rainfall,
              }))
            : [],
        }
      : {}),
    pkModel: state.pkModel,
    ...(options.withReportsOption ? { excludeFromUserReports: !state.includeInReports } : {}),
  };
}

/** On saving an existing holding whose NVZ was changed by hand, the user is asked about all its fields. */
export function asksNvzQuestion(state: HoldingFormState): boolean {
  return !state.isNew && !state.regionNvzMandatory && state.nvz !== state.loadedNvz;
}
