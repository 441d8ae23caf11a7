import { z } from 'zod';
import { Region } from './region.ts';
import { sumRainfall } from './units.ts';

/** The phosphate and potash recommendation systems a holding follows. */
export const PkModel = { Adas: 'ADAS', Sruc: 'SRUC' } as const;
export type PkModel = (typeof PkModel)[keyof typeof PkModel];
export const pkModelSchema = z.enum(PkModel);
export const pkModels: readonly PkModel[] = [PkModel.Adas, PkModel.Sruc];

export const accountNumberMaxLength = 20;
export const addressMaxLines = 4;
/** Default P sorption capacity classes of the SRUC model. */
export const pSorpCapacities: readonly number[] = [1, 2, 3];
export const monthsInYear = 12;
/** Crop years a holding can have (the crop-year table's own bounds). */
export const cropYearMin = 1990;
export const cropYearMax = 2100;

/**
 * The holding form's problems (holdings spec §5.1), as codes; the translations (`holdings.messages.*`) and the
 * server's API wording give the words. The spec's monthly-rainfall message repeats the PK model wording by a
 * copy slip; the product says what is actually wrong instead (see docs/decisions.md).
 */
export const HoldingMessageCode = {
  TradingNameRequired: 'tradingNameRequired',
  PostTownRequired: 'postTownRequired',
  RegionRequired: 'regionRequired',
  TotalAreaNegative: 'totalAreaNegative',
  DerogationNumberRequired: 'derogationNumberRequired',
  StartingYearRequired: 'startingYearRequired',
  StartingYearOutOfRange: 'startingYearOutOfRange',
  StartingYearTooLate: 'startingYearTooLate',
  PkModelRequired: 'pkModelRequired',
  PSorpCapacityInvalid: 'pSorpCapacityInvalid',
  WeatherStationRequired: 'weatherStationRequired',
  MonthlyRainfallRequired: 'monthlyRainfallRequired',
  AccountNumberTooLong: 'accountNumberTooLong',
  AddressTooManyLines: 'addressTooManyLines',
} as const;
export type HoldingMessageCode = (typeof HoldingMessageCode)[keyof typeof HoldingMessageCode];
export const holdingMessageCodeSchema = z.enum(HoldingMessageCode);

/** The limits a message names, by code: its parameters. */
const holdingMessageParams: Partial<Record<HoldingMessageCode, Record<string, number>>> = {
  startingYearOutOfRange: { min: cropYearMin, max: cropYearMax },
  accountNumberTooLong: { max: accountNumberMaxLength },
  addressTooManyLines: { max: addressMaxLines },
};

/** Only Scottish holdings choose their PK model; everywhere else ADAS applies. */
export function canChoosePkModel(regionId: number | null | undefined): boolean {
  return regionId === Region.Scotland;
}

/** The PK model a holding in `regionId` ends up with when `chosen` is asked for. */
export function effectivePkModel(regionId: number | null | undefined, chosen: PkModel): PkModel {
  return canChoosePkModel(regionId) ? chosen : PkModel.Adas;
}

/** P sorp capacity exists only with SRUC, where it defaults to 1; any other model clears it. */
export function effectivePSorpCapacity(pkModel: PkModel, value: number | null | undefined): number | null {
  if (pkModel !== PkModel.Sruc) return null;
  return value ?? 1;
}

/** Lines of an address as typed: any of \r\n, \r or \n ends a line. */
export function addressLineCount(address: string): number {
  return address.split(/\r\n|\r|\n/).length;
}

/** Annual rainfall in mm: the sum of the monthly values, rounded to one decimal place. */
export function annualRainfall(monthly: readonly (number | null | undefined)[]): number {
  return sumRainfall(monthly.map((value) => value ?? 0));
}

/** A monthly rainfall entry of the custom weather rows. */
export interface MonthlyRainfall {
  month: number | null | undefined;
  rainfall: number | null | undefined;
}

/** Every month 1 to 12 appears exactly once with a rainfall that is present, finite and not negative. */
export function isCompleteRainfall(rows: readonly MonthlyRainfall[]): boolean {
  if (rows.length !== monthsInYear) return false;
  const months = new Set<number>();
  for (const { month, rainfall } of rows) {
    if (
      month === null ||
      month === undefined ||
      !Number.isInteger(month) ||
      month < 1 ||
      month > monthsInYear
    )
      return false;
    if (rainfall === null || rainfall === undefined || !Number.isFinite(rainfall) || rainfall < 0)
      return false;
    months.add(month);
  }
  return months.size === monthsInYear;
}

/** What the holding form holds when it is checked. */
export interface HoldingFormValues {
  tradingName: string | null | undefined;
  accountNumber: string | null | undefined;
  address: string | null | undefined;
  townId: number | null | undefined;
  regionId: number | null | undefined;
  totalArea: number | null | undefined;
  grasslandDerogation: boolean;
  grasslandDerogationNumber: string | null | undefined;
  startingYear: number | null | undefined;
  pkModel: string | null | undefined;
  pSorpCapacity: number | null | undefined;
  weatherStationId: number | null | undefined;
  customWeather: boolean;
  monthlyRainfall: readonly MonthlyRainfall[];
}

/** Which parts of the form are in play. */
export interface HoldingFormContext {
  /** The brand has post towns: the town is then required. */
  postTownEnabled: boolean;
  /** Regions are offered for choice: the region is then required. */
  regionsOffered: boolean;
  /** The Starting Year must be given (it always is in the form; a server update may leave it as it was). */
  startingYearRequired: boolean;
  /** The weather tab is shown and the town has stations: a station is then required unless custom weather is on. */
  weatherStationRequired: boolean;
  /**
   * The latest Starting Year allowed: the latest crop year a holding may open today
   * (`latestOpenableCropYear`), so that no holding starts decades ahead. Without it, the crop-year table's bound.
   */
  latestStartingYear?: number;
}

export type HoldingFormField = keyof HoldingFormValues;

export interface HoldingFormIssue {
  field: HoldingFormField;
  code: HoldingMessageCode;
  /** The limits the words name, such as `max` of the account number. */
  params: Record<string, number>;
}

const isBlank = (text: string | null | undefined) =>
  text === null || text === undefined || text.trim() === '';

/** Every message of holdings spec §5.1 that applies, in the order of the form. Saving needs none. */
export function validateHoldingForm(
  values: HoldingFormValues,
  context: HoldingFormContext,
): HoldingFormIssue[] {
  const issues: HoldingFormIssue[] = [];
  const latestStartingYear = Math.min(context.latestStartingYear ?? cropYearMax, cropYearMax);
  const add = (field: HoldingFormField, code: HoldingMessageCode) =>
    issues.push({
      field,
      code,
      params:
        code === HoldingMessageCode.StartingYearTooLate
          ? { year: latestStartingYear }
          : (holdingMessageParams[code] ?? {}),
    });

  if (isBlank(values.tradingName)) add('tradingName', HoldingMessageCode.TradingNameRequired);
  if (context.postTownEnabled && (values.townId === null || values.townId === undefined))
    add('townId', HoldingMessageCode.PostTownRequired);
  if (context.regionsOffered && (values.regionId === null || values.regionId === undefined))
    add('regionId', HoldingMessageCode.RegionRequired);
  if (values.totalArea !== null && values.totalArea !== undefined && !(values.totalArea >= 0))
    add('totalArea', HoldingMessageCode.TotalAreaNegative);
  if (values.grasslandDerogation && isBlank(values.grasslandDerogationNumber))
    add('grasslandDerogationNumber', HoldingMessageCode.DerogationNumberRequired);
  if ((values.accountNumber ?? '').length > accountNumberMaxLength)
    add('accountNumber', HoldingMessageCode.AccountNumberTooLong);
  if (values.startingYear === null || values.startingYear === undefined) {
    if (context.startingYearRequired) add('startingYear', HoldingMessageCode.StartingYearRequired);
  } else if (
    !Number.isInteger(values.startingYear) ||
    values.startingYear < cropYearMin ||
    values.startingYear > cropYearMax
  ) {
    add('startingYear', HoldingMessageCode.StartingYearOutOfRange);
  } else if (values.startingYear > latestStartingYear) {
    add('startingYear', HoldingMessageCode.StartingYearTooLate);
  }
  if (values.address && addressLineCount(values.address) > addressMaxLines)
    add('address', HoldingMessageCode.AddressTooManyLines);
  const pkModel = pkModelSchema.safeParse(values.pkModel);
  if (!pkModel.success) add('pkModel', HoldingMessageCode.PkModelRequired);
  if (
    pkModel.success &&
    pkModel.data === PkModel.Sruc &&
    canChoosePkModel(values.regionId) &&
    values.pSorpCapacity !== null &&
    values.pSorpCapacity !== undefined &&
    !pSorpCapacities.includes(values.pSorpCapacity)
  ) {
    add('pSorpCapacity', HoldingMessageCode.PSorpCapacityInvalid);
  }
  if (values.customWeather) {
    if (!isCompleteRainfall(values.monthlyRainfall))
      add('monthlyRainfall', HoldingMessageCode.MonthlyRainfallRequired);
  } else if (
    context.weatherStationRequired &&
    (values.weatherStationId === null || values.weatherStationId === undefined)
  ) {
    add('weatherStationId', HoldingMessageCode.WeatherStationRequired);
  }
  return issues;
}
