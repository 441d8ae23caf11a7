import { z } from 'zod';

/**
 * A calendar date written `YYYY-MM-DD`. Croppings, harvest years and documents deal in days, not instants,
 * so dates never carry a time or a time zone; two dates compare correctly as plain strings.
 */
export type IsoDate = string;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const MS_PER_DAY = 86_400_000;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC keeps daylight saving out of it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validParts(year: number, month: number, day: number): DateParts | undefined {
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Writes parts as `YYYY-MM-DD`; the parts are trusted to be a real date. */
export function isoDateFromParts({ year, month, day }: DateParts): IsoDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The year, month and day of an ISO date, or undefined when the text is not a real calendar date. */
export function parseIsoDate(value: string): DateParts | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  return validParts(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && parseIsoDate(value) !== undefined;
}

export const isoDateSchema = z.string().refine(isIsoDate, { message: 'Expected a date written YYYY-MM-DD' });

function requireParts(date: IsoDate): DateParts {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  return parts;
}

/** Negative when a is earlier, zero when equal, positive when later. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toDayNumber(date: IsoDate): number {
  const { year, month, day } = requireParts(date);
  const utc = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
  utc.setUTCFullYear(year, month - 1, day);
  return Math.round(utc.getTime() / MS_PER_DAY);
}

function fromDayNumber(dayNumber: number): IsoDate {
  const utc = new Date(dayNumber * MS_PER_DAY);
  return isoDateFromParts({
    year: utc.getUTCFullYear(),
    month: utc.getUTCMonth() + 1,
    day: utc.getUTCDate(),
  });
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** The calendar year of an ISO date. */
export function calendarYearOf(date: IsoDate): number {
  return requireParts(date).year;
}

/** The local calendar day of an instant, for "today" in the user's own time zone. */
export function isoDateFromLocalDate(instant: Date): IsoDate {
  return isoDateFromParts({
    year: instant.getFullYear(),
    month: instant.getMonth() + 1,
    day: instant.getDate(),
  });
}

/** Shows a date the way users type it: dd/mm/yyyy. */
export function formatDisplayDate(date: IsoDate): string {
  const { year, month, day } = requireParts(date);
  return `${pad(day, 2)}/${pad(month, 2)}/${pad(year, 4)}`;
}

/** Reads a typed dd/mm/yyyy date (one-digit day and month allowed); undefined when it is not a real date. */
export function parseDisplayDate(text: string): IsoDate | undefined {
  const match = DISPLAY_DATE.exec(text.trim());
  if (!match) return undefined;
  const parts = validParts(Number(match[3]), Number(match[2]), Number(match[1]));
  return parts ? isoDateFromParts(parts) : undefined;
}
