import { z } from 'zod';
import { pkModelSchema } from '../holdingRules.ts';
import { holdingSummarySchema } from './sessionApi.ts';
import { dbId, dbIdParam, dbInt } from './wireValues.ts';

/**
 * The holding calls of session-shell §7 (Holdings and settings) and holdings spec §7: the holdings list, the
 * current holding, the edit dialog's status and save, the empty check and delete, export and import, and the
 * nutrition migration status. Responses use the spec's PascalCase entity fields; request bodies its camelCase
 * payload names, with the holding itself in PascalCase as the client holds it.
 */

const id = z.number().int();

/** Per-year data of a holding. */
export const holdingCropYearSchema = z.object({
  YearId: id,
  TotalArea: z.number().nullable(),
  GrasslandDerogationNumber: z.string().nullable(),
  PkModel: pkModelSchema,
});
export type HoldingCropYear = z.infer<typeof holdingCropYearSchema>;

/**
 * A holding as the edit dialog needs it: the session's summary plus every editable field. `CropYears` stays
 * the list of year ids of the summary; the per-year data is in `HoldingCropYears`. `ReadOnly` is true when the
 * caller may not change the holding (the dialog is then read-only). `CanExport` is true when the caller may
 * download the holding's export: the server derives it with the very rule the export route applies.
 */
export const holdingDetailsSchema = holdingSummarySchema.extend({
  AccountNumber: z.string().nullable(),
  Address: z.string().nullable(),
  NVZ: z.boolean(),
  PSorpCapacity: id.nullable(),
  WeatherStationId: id.nullable(),
  ExcludeFromUserReports: z.boolean(),
  CanChangeRegion: z.boolean(),
  HoldingCropYears: z.array(holdingCropYearSchema),
  ReadOnly: z.boolean(),
  CanExport: z.boolean(),
  /** Moved on by every change of the holding; the edit dialog's save sends the one it read (409 if stale). */
  Version: id,
});
export type HoldingDetails = z.infer<typeof holdingDetailsSchema>;

export const otherWeatherStationSchema = z.object({ StationId: id, Index: id });

export const townSchema = z.object({
  TownId: id,
  Name: z.string(),
  Deleted: z.boolean(),
  Region: id,
  WeatherStationId: id.nullable(),
  OtherWeatherStations: z.array(otherWeatherStationSchema),
});
export type Town = z.infer<typeof townSchema>;

/** One month's long-term average rainfall of a station, given for the year asked about. */
export const stationWeatherSchema = z.object({ Year: id, Month: id, RainfallLongTermAvg: z.number() });

export const weatherStationSchema = z.object({
  WeatherStationId: id,
  Name: z.string(),
  Weather: z.array(stationWeatherSchema),
});
export type WeatherStation = z.infer<typeof weatherStationSchema>;

export const holdingWeatherRowSchema = z.object({
  HoldingId: id.nullable(),
  Year: id,
  Month: id,
  Rainfall: z.number(),
});
export type HoldingWeatherRow = z.infer<typeof holdingWeatherRowSchema>;

/** A region option. `nvzMandatory` regions force NVZ on and lock the checkbox. */
export const regionOptionSchema = z.object({ value: id, text: z.string(), nvzMandatory: z.boolean() });
export type RegionOption = z.infer<typeof regionOptionSchema>;

export const businessSchema = z.object({ BusinessId: id, Name: z.string() });

export const holdingsListQuerySchema = z.object({ v: z.coerce.number().int().optional() });

export const holdingsListResponseSchema = z.object({
  Holdings: z.array(holdingDetailsSchema),
  Towns: z.array(townSchema),
});
export type HoldingsListResponse = z.infer<typeof holdingsListResponseSchema>;

/**
 * The edit dialog's data. Without `holdingId` it describes a new holding. `townId` asks for the stations of
 * another town than the holding's (the town was just changed in the dialog).
 */
export const holdingStatusQuerySchema = z.object({
  holdingId: dbIdParam.optional(),
  year: z.coerce.number().int().min(1990).max(2100),
  townId: dbIdParam.optional(),
});

/**
 * `Weather` holds the holding's custom monthly rainfall for the year when `CustomWeather`, else the long-term
 * averages of its station (or, without one, of the town's main station), or nothing without a station.
 * `Regions` are the configured regions plus the holding's own; `Businesses` those the caller may choose.
 */
export const holdingStatusResponseSchema = z.object({
  CanChangeRegion: z.boolean(),
  ExcludeFromUserReports: z.boolean(),
  Towns: z.array(townSchema),
  WeatherStations: z.array(weatherStationSchema),
  Weather: z.array(holdingWeatherRowSchema),
  CustomWeather: z.boolean(),
  Regions: z.array(regionOptionSchema),
  Businesses: z.array(businessSchema),
  /** The caller's own business, fixed on the holdings they create (the Business field is then not selectable). */
  FixedBusinessId: id.nullable(),
});
export type HoldingStatus = z.infer<typeof holdingStatusResponseSchema>;

/**
 * The holding as the dialog sends it back. Fields the server owns (Town, Business, CropYears, CanChangeRegion,
 * AgronomistId ...) may be sent and are ignored. Missing required values are not refused by this schema: the
 * server checks them in the order of the form and answers the spec's messages.
 */
export const holdingInputSchema = z.object({
  HoldingId: dbId.nullish(),
  /** The holding's Version the dialog read: a save over a later change is refused with 409. */
  Version: dbId.nullish(),
  TradingName: z.string().max(200).nullish(),
  AccountNumber: z.string().max(1000).nullish(),
  Address: z.string().max(2000).nullish(),
  TownId: dbId.nullish(),
  BusinessId: dbId.nullish(),
  Region: dbInt.nullish(),
  NVZ: z.boolean().nullish(),
  PSorpCapacity: dbInt.nullish(),
  WeatherStationId: dbId.nullish(),
});
export type HoldingInput = z.infer<typeof holdingInputSchema>;

export const holdingWeatherInputSchema = z.object({
  HoldingId: dbId.nullish(),
  Year: dbInt.nullish(),
  Month: dbInt.nullish(),
  /** Millimetres in the month: bounded against overflow only, the form's rules refuse a negative one in words. */
  Rainfall: z.number().min(-10_000).max(10_000).nullish(),
});

/**
 * The save payload of holdings spec §3. `croppingYearId` is the year the year block (total area, derogation,
 * PK model) and the custom weather belong to: the session's year by default, the Starting Year for a new
 * holding (which stands for the Starting Year when `firstCroppingYear` is absent). On an update, a member left
 * out keeps its stored value and null clears it. `holdingWeather` with rows turns custom weather on for that
 * year; null or empty turns it off. `grasslandDerogation` says whether the derogation box is ticked; without
 * it a non-null number means ticked.
 */
export const holdingSaveRequestSchema = z.object({
  holding: holdingInputSchema,
  croppingYearId: z.number().int().min(1990).max(2100).nullish(),
  firstCroppingYear: dbInt.nullish(),
  changeNVZOnAllFields: z.boolean().nullish(),
  /** Hectares: bounded against overflow only, the form's rules refuse a negative one in words. */
  totalArea: z.number().min(-1_000_000).max(1_000_000).nullish(),
  grasslandDerogation: z.boolean().nullish(),
  grasslandDerogationNumber: z.string().max(100).nullish(),
  holdingWeather: z.array(holdingWeatherInputSchema).max(24).nullish(),
  pkModel: z.string().max(20).nullish(),
  excludeFromUserReports: z.boolean().nullish(),
});
export type HoldingSaveRequest = z.infer<typeof holdingSaveRequestSchema>;

export const holdingIdParamsSchema = z.object({ id: dbIdParam });

export const holdingEmptyResponseSchema = z.object({ Empty: z.boolean() });

export const holdingDeletedResponseSchema = z.object({ Deleted: z.literal(true) });

/** Refusals of the holding delete (session-shell §5). */
export const holdingDeleteMessages = {
  title: 'Unable to delete holding',
  notEmpty: 'This holding is not empty. You can only delete empty holdings.',
  selected: 'This holding is open in your session. Open another holding before deleting this one.',
} as const;

/** The new holding made from an export. */
export const holdingImportResponseSchema = z.object({ Holding: holdingDetailsSchema });

/** What a holding export would bring, before it is imported; the user decides from it. */
export const holdingImportPreviewSchema = z.object({
  TradingName: z.string(),
  AccountNumber: z.string().nullable(),
  CropYears: z.array(z.number().int()),
  Fields: z.number().int(),
  Croppings: z.number().int(),
  /** The caller's holdings with the same account number: the import would probably make a second copy. */
  SameAccountNumber: z.array(z.object({ HoldingId: z.number().int(), TradingName: z.string() })),
});
export type HoldingImportPreview = z.infer<typeof holdingImportPreviewSchema>;

/**
 * The nutrition migration of a holding: crop years from `firstYear` on keep their nutrition data in the
 * second-generation format; earlier years stay in the first. `firstYear` is null before any move. `nextYear` is
 * the crop year a further move would bring over: the latest crop year before `firstYear` (the latest crop
 * year when nothing has moved yet), or null when every crop year has moved.
 */
export const migrationStatusSchema = z.object({ firstYear: id.nullable(), nextYear: id.nullable() });
export type MigrationStatus = z.infer<typeof migrationStatusSchema>;

export const migrationYearParamsSchema = z.object({ year: z.coerce.number().int().min(1990).max(2100) });
