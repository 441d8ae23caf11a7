import { defaultHoldingTimeZone, eventTimeAsTimeMaxAgeMs } from '@headland/domain/limits';

/**
 * An event's moment as users read it: the time of day while under 12 hours old, the date after that, on the
 * holding's clock, as the notifications show it.
 */
export function formatEventTime(isoDate: string, now: Date, locale: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  const age = now.getTime() - date.getTime();
  const format: Intl.DateTimeFormatOptions =
    age < eventTimeAsTimeMaxAgeMs ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(locale, { ...format, timeZone: defaultHoldingTimeZone }).format(date);
}
