/**
 * A DBF date attribute as the text a user reads: ISO `YYYY-MM-DD`, or null when the field is blank. The DBF
 * reader makes each date a Date at local midnight, so the local parts are its day; written as JSON it would
 * become a quoted instant in UTC, a day early east of Greenwich.
 */
export function dbfDateText(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
