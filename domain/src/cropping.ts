import { z } from 'zod';
import {
  biomassLevelSchema,
  cropPurposeSchema,
  cropResidueSchema,
  grassCutsSchema,
  grassManagementSchema,
  growingSeasonLengthSchema,
  nLeafAnalysisSchema,
  protectionStatusSchema,
} from './crops';
import { harvestYearEnd, harvestYearStart } from './harvestYear';
import { isoDateSchema, type IsoDate } from './isoDate';
import { formatHectares } from './units';

export const managementOptionSchema = z.object({
  Code: z.string(),
  Area: z.number().nonnegative(),
});

/**
 * A cropping as the API sends it: what grows on (part of) a field in one crop year. Dates are calendar dates.
 * StartDate and EndDate are the effective period (sowing, and destruction when set or else harvest) kept beside
 * the dates they come from; the boundary geometry travels separately with its SRID.
 */
export const croppingSchema = z.object({
  CroppingId: z.number().int(),
  YearId: z.number().int(),
  FieldId: z.number().int(),
  PlotId: z.string().nullable(),
  BatchId: z.string().nullable(),
  StartDate: isoDateSchema.nullable(),
  EndDate: isoDateSchema.nullable(),
  SowingDate: isoDateSchema.nullable(),
  HarvestDate: isoDateSchema.nullable(),
  DestructionDate: isoDateSchema.nullable(),
  Destroyed: z.boolean(),
  CropId: z.number().int(),
  /** The user's own crop name, used when the crop is 'Other'. */
  CropName: z.string().nullable(),
  CropDescr: z.string().nullable(),
  VarietyId: z.number().int().nullable(),
  VarietyName: z.string().nullable(),
  Market: z.string().nullable(),
  Purpose: cropPurposeSchema.nullable(),
  Area: z.number().nonnegative().nullable(),
  /** Negative or null means not set: see spreadArea. */
  ManureSpreadArea: z.number().nullable(),
  ManagementOptions: z.array(managementOptionSchema),
  InSeedsPlan: z.boolean(),
  InNutritionPlan: z.boolean(),
  PreviousIds: z.array(z.number().int()),
  NextIds: z.array(z.number().int()),
  ProtectionStatus: protectionStatusSchema.nullable(),
  GrassManagement: grassManagementSchema.nullable(),
  GrassCuts: grassCutsSchema.nullable(),
  GrowingSeasonLength: growingSeasonLengthSchema.nullable(),
  NCropGroup: z.number().int().nullable(),
  BiomassLevel: biomassLevelSchema.nullable(),
  NLeafAnalysis: nLeafAnalysisSchema.nullable(),
  Residue: cropResidueSchema.nullable(),
  TargetYield: z.number().nonnegative().nullable(),
  StrawMulch: z.boolean().nullable(),
  Undersown: z.boolean().nullable(),
  TargetpH: z.number().nullable(),
  /** Moved on by every change: a save names the version it was read at, and a stale one is refused (409). */
  Version: z.number().int().positive(),
});
export type Cropping = z.infer<typeof croppingSchema>;

/**
 * The values of one cropping that a user writes: the wire shape without what the server derives (id, links,
 * effective period, plan flags, version). It is the one shape the rules, the server's writes and the editor share.
 */
export const croppingDraftSchema = croppingSchema.omit({
  CroppingId: true,
  PreviousIds: true,
  NextIds: true,
  StartDate: true,
  EndDate: true,
  InSeedsPlan: true,
  InNutritionPlan: true,
  Version: true,
});
export type CroppingDraft = z.infer<typeof croppingDraftSchema>;

export type CroppingDates = {
  SowingDate?: IsoDate | null;
  HarvestDate?: IsoDate | null;
  DestructionDate?: IsoDate | null;
  Destroyed?: boolean | null;
};

/** A cropping counts as destroyed when flagged so or when it has a destruction date. */
export function isDestroyed(cropping: CroppingDates): boolean {
  return cropping.Destroyed === true || Boolean(cropping.DestructionDate);
}

/** The end that the date rules use: the destruction date when one is set, otherwise the harvest date. */
export function croppingEndDate(cropping: CroppingDates): IsoDate | undefined {
  return cropping.DestructionDate || cropping.HarvestDate || undefined;
}

export function croppingStartDate(cropping: CroppingDates): IsoDate | undefined {
  return cropping.SowingDate || undefined;
}

/** Whether both ends are known and the start is not before the end: such croppings are set aside in linking. */
export function hasInvalidDates(cropping: CroppingDates): boolean {
  const start = croppingStartDate(cropping);
  const end = croppingEndDate(cropping);
  return start !== undefined && end !== undefined && start >= end;
}

export interface DateSpan {
  start: IsoDate;
  end: IsoDate;
}

/**
 * The days a cropping occupies its field in its own crop year, for overlap checks and the timeline. Missing dates
 * fall back to the crop year's bounds. A perennial has its own cropping in each year, so its span is cut to its
 * crop year (its harvest date is a cut, not its end); otherwise one plant would overlap its own continuations.
 */
export function croppingSpan(cropping: CroppingDates & { YearId: number }, perennial: boolean): DateSpan {
  const yearStart = harvestYearStart(cropping.YearId);
  const yearEnd = harvestYearEnd(cropping.YearId);
  const start = croppingStartDate(cropping) ?? yearStart;
  if (!perennial) return { start, end: croppingEndDate(cropping) ?? yearEnd };
  const destruction = cropping.DestructionDate || undefined;
  return {
    start: start < yearStart ? yearStart : start,
    end: destruction !== undefined && destruction < yearEnd ? destruction : yearEnd,
  };
}

/** Two spans overlap when each starts before the other ends: a crop sown on the day another ends does not. */
export function spansOverlap(a: DateSpan, b: DateSpan): boolean {
  return a.start < b.end && b.start < a.end;
}

/** How lists name a cropping: field name, crop and area, as in 'Home field, Winter wheat, 12.30 ha'. */
export function croppingDescription(fieldName: string, cropLabel: string, area: number): string {
  return `${fieldName}, ${cropLabel}, ${formatHectares(area)} ha`;
}
