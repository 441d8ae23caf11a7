import { isoDateFromParts, type IsoDate } from '@headland/domain/isoDate';

export interface CalendarDay {
  date: IsoDate;
  day: number;
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean;
}

/** Monday first, as calendars are printed in the UK and Ireland. */
function mondayBasedWeekday(year: number, month: number, day: number): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The weeks (Monday to Sunday) that show one month (1-12), padded with the neighbouring months' days. */
export function calendarWeeks(year: number, month: number): CalendarDay[][] {
  const lead = mondayBasedWeekday(year, month, 1);
  const previous = shiftMonth(year, month, -1);
  const next = shiftMonth(year, month, 1);
  const previousLength = daysInMonth(previous.year, previous.month);
  const length = daysInMonth(year, month);
  const cells: CalendarDay[] = [];
  for (let index = lead; index > 0; index -= 1) {
    const day = previousLength - index + 1;
    cells.push({ date: isoDateFromParts({ ...previous, day }), day, inMonth: false });
  }
  for (let day = 1; day <= length; day += 1) {
    cells.push({ date: isoDateFromParts({ year, month, day }), day, inMonth: true });
  }
  for (let day = 1; cells.length % 7 !== 0; day += 1) {
    cells.push({ date: isoDateFromParts({ ...next, day }), day, inMonth: false });
  }
  const weeks: CalendarDay[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

export { shiftMonth };
