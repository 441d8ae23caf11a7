import { z } from 'zod';
import { croppingEndDate, croppingSpan, hasInvalidDates, spansOverlap, type CroppingDates } from './cropping';
import { harvestYearEnd, harvestYearOf, harvestYearStart } from './harvestYear';
import { calendarYearOf, type IsoDate } from './isoDate';
import { concurrentCropAreaToleranceHa } from './limits';
import { roundTo } from './units';

/** The date errors a cropping can have, in the order they are reported. */
export const CroppingDateError = {
  /** The start (sowing) is not before the end (harvest, or destruction when set). */
  Date: 'date',
  /** A date lies outside the crop year (for a perennial: its span misses the crop year altogether). */
  InvalidYear: 'invalidYear',
  /** Start and end are more than two consecutive harvest years apart. */
  TwoYears: 'twoYears',
  MinYear: 'minYear',
  MaxYear: 'maxYear',
  DestructionAfterNextYear: 'destructionAfterNextYear',
  PerennialOutsideHolding: 'perennialOutsideHolding',
} as const;
export type CroppingDateError = (typeof CroppingDateError)[keyof typeof CroppingDateError];
export const croppingDateErrorSchema = z.enum(CroppingDateError);

/** The earliest calendar year a cropping date may have unless the caller narrows it. */
export const defaultMinDateYear = 2000;

export interface CroppingDatesInput extends CroppingDates {
  YearId: number;
  perennial: boolean;
}

export interface CroppingDatesContext {
  /** The first and last crop years of the holding. */
  holdingYears: { first: number; last: number };
  /** The calendar years a date may fall in; the maximum applies only when given. */
  dateRange?: { minYear?: number; maxYear?: number };
}

function datesOf(cropping: CroppingDates): IsoDate[] {
  return [cropping.SowingDate, cropping.HarvestDate, cropping.DestructionDate].filter(
    (date): date is IsoDate => Boolean(date),
  );
}

/**
 * Checks a cropping's dates. Unset dates are not errors; they are simply not checked. Every error code appears at
 * most once.
 *
 * Crop-year window of a non-perennial in year Y: sowing within Y itself (1 Aug Y-1 to 31 Jul Y); harvest and
 * destruction from the start of Y to the end of the next year, Y+1, so crops lifted after 31 July still count.
 */
export function validateCroppingDates(
  cropping: CroppingDatesInput,
  context: CroppingDatesContext,
): CroppingDateError[] {
  const errors = new Set<CroppingDateError>();
  const start = cropping.SowingDate || undefined;
  const harvest = cropping.HarvestDate || undefined;
  const destruction = cropping.DestructionDate || undefined;
  const year = cropping.YearId;
  const yearStart = harvestYearStart(year);
  const yearEnd = harvestYearEnd(year);
  const nextYearEnd = harvestYearEnd(year + 1);

  if (start !== undefined && [harvest, destruction].some((end) => end !== undefined && start >= end)) {
    errors.add(CroppingDateError.Date);
  }

  const end = croppingEndDate(cropping);
  if (cropping.perennial) {
    if ((start !== undefined && start > yearEnd) || (destruction !== undefined && destruction < yearStart)) {
      errors.add(CroppingDateError.InvalidYear);
    }
  } else {
    if (start !== undefined && (start < yearStart || start > yearEnd))
      errors.add(CroppingDateError.InvalidYear);
    if (harvest !== undefined && (harvest < yearStart || harvest > nextYearEnd)) {
      errors.add(CroppingDateError.InvalidYear);
    }
    if (destruction !== undefined && destruction < yearStart) errors.add(CroppingDateError.InvalidYear);
    if (start !== undefined && end !== undefined && harvestYearOf(end) - harvestYearOf(start) > 1) {
      errors.add(CroppingDateError.TwoYears);
    }
  }

  const minYear = context.dateRange?.minYear ?? defaultMinDateYear;
  const maxYear = context.dateRange?.maxYear;
  for (const date of datesOf(cropping)) {
    if (calendarYearOf(date) < minYear) errors.add(CroppingDateError.MinYear);
    if (maxYear !== undefined && calendarYearOf(date) > maxYear) errors.add(CroppingDateError.MaxYear);
  }

  if (!cropping.perennial && destruction !== undefined && destruction > nextYearEnd) {
    errors.add(CroppingDateError.DestructionAfterNextYear);
  }

  if (cropping.perennial) {
    const { first, last } = context.holdingYears;
    const outside = [start, end].some(
      (date) => date !== undefined && (harvestYearOf(date) < first || harvestYearOf(date) > last),
    );
    if (outside) errors.add(CroppingDateError.PerennialOutsideHolding);
  }

  return Object.values(CroppingDateError).filter((code) => errors.has(code));
}

export interface ConcurrentCropping extends CroppingDates {
  CroppingId: number;
  YearId: number;
  Area: number | null;
  perennial: boolean;
}

export interface ConcurrentCropsExcess {
  /** The current cropping's area plus that of every other cropping overlapping it in time. */
  overallArea: number;
  fieldArea: number;
  /** The other croppings that overlap the current one in time. */
  overlappingIds: number[];
}

/**
 * Whether the croppings growing on the field at the same time as `cropping` take, with it, more than the field
 * area plus the 0.1 ha tolerance. `others` are the field's other croppings of any year; the cropping itself is
 * skipped if present, and so are croppings whose start is not before their end.
 */
export function concurrentCropsExcess(
  cropping: ConcurrentCropping,
  others: readonly ConcurrentCropping[],
  fieldArea: number,
): ConcurrentCropsExcess | undefined {
  const span = croppingSpan(cropping, cropping.perennial);
  const overlapping = others.filter(
    (other) =>
      other.CroppingId !== cropping.CroppingId &&
      !hasInvalidDates(other) &&
      spansOverlap(span, croppingSpan(other, other.perennial)),
  );
  if (overlapping.length === 0) return undefined;
  const overallArea = overlapping.reduce((total, other) => total + (other.Area ?? 0), cropping.Area ?? 0);
  // Rounded before comparing so that float noise in the sum cannot tip an exact 0.1 ha over the tolerance.
  if (roundTo(overallArea - fieldArea, 6) <= concurrentCropAreaToleranceHa) return undefined;
  return { overallArea, fieldArea, overlappingIds: overlapping.map((other) => other.CroppingId) };
}
