import { defaultHoldingTimeZone } from '@headland/domain/limits';
import { dateLocale } from './dateLocale.ts';

/** A time of day, a short date, or both (a maintenance window's start and end). */
export type HoldingTimeStyle = 'time' | 'date' | 'dateTime';

const styles: Record<HoldingTimeStyle, Intl.DateTimeFormatOptions> = {
  time: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  date: { day: 'numeric', month: 'short' },
  dateTime: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
};

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);

/**
 * A moment as the shown language writes it (24-hour clock in en-GB, de, fr ...), in the holding's time zone,
 * with the zone named whenever a time of day shows: a user abroad, or a browser set to another zone, reads the
 * farm's clock and knows it.
 */
export function formatHoldingTime(
  isoDate: string,
  language: string,
  style: HoldingTimeStyle,
  options: { timeZone?: string; languages?: readonly string[] } = {},
): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  const locale = dateLocale(language, options.languages ?? browserLanguages());
  return new Intl.DateTimeFormat(locale, {
    ...styles[style],
    timeZone: options.timeZone ?? defaultHoldingTimeZone,
  }).format(date);
}
