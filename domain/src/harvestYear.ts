import { z } from 'zod';
import { isoDateFromParts, isoDateSchema, parseIsoDate, type IsoDate } from './isoDate';

export {
  addDays,
  compareIsoDates,
  daysBetween,
  formatDisplayDate,
  isIsoDate,
  isoDateSchema,
  parseDisplayDate,
  parseIsoDate,
  type IsoDate,
} from './isoDate';

/** The month (1-12) on whose first day a harvest year begins. */
export const harvestYearStartMonth = 8;

/** Harvest year `year` runs from 1 August of `year - 1` to 31 July of `year`. */
export function harvestYearStart(year: number): IsoDate {
  return isoDateFromParts({ year: year - 1, month: harvestYearStartMonth, day: 1 });
}

export function harvestYearEnd(year: number): IsoDate {
  return isoDateFromParts({ year, month: harvestYearStartMonth - 1, day: 31 });
}

/** The harvest year a date belongs to: from 1 August on, a date counts towards the next year's harvest. */
export function harvestYearOf(date: IsoDate): number {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  return parts.month >= harvestYearStartMonth ? parts.year + 1 : parts.year;
}

/**
 * The latest crop year a holding may open on `today`: the next harvest year. The server refuses a later one, and
 * the screens offer 'Open a new crop year' only while the next year is not later.
 */
export function latestOpenableCropYear(today: IsoDate): number {
  return harvestYearOf(today) + 1;
}

export function isInHarvestYear(date: IsoDate, year: number): boolean {
  return date >= harvestYearStart(year) && date <= harvestYearEnd(year);
}

export const harvestYearSchema = z.object({
  yearId: z.number().int(),
  start: isoDateSchema,
  end: isoDateSchema,
});

export type HarvestYear = z.infer<typeof harvestYearSchema>;

export function harvestYear(yearId: number): HarvestYear {
  return { yearId, start: harvestYearStart(yearId), end: harvestYearEnd(yearId) };
}
