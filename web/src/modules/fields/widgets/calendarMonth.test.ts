import { describe, expect, it } from 'vitest';
import { calendarWeeks } from './calendarMonth.ts';

describe('calendarWeeks', () => {
  it.each([
    // year, month, weeks, first cell, last cell
    [2025, 2, 5, '2025-01-27', '2025-03-02'],
    [2027, 2, 4, '2027-02-01', '2027-02-28'],
    [2024, 2, 5, '2024-01-29', '2024-03-03'],
    [2025, 9, 5, '2025-09-01', '2025-10-05'],
    [2026, 3, 6, '2026-02-23', '2026-04-05'],
    [2024, 12, 6, '2024-11-25', '2025-01-05'],
  ])('lays out %i-%i in %i Monday-first weeks from %s to %s', (year, month, count, first, last) => {
    const weeks = calendarWeeks(year, month);
    expect(weeks).toHaveLength(count);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]![0]!.date).toBe(first);
    expect(weeks.at(-1)!.at(-1)!.date).toBe(last);
  });

  it('marks only the days of the month itself as in the month', () => {
    const days = calendarWeeks(2025, 2).flat();
    expect(days.filter((day) => day.inMonth).map((day) => day.day)).toEqual(
      Array.from({ length: 28 }, (_, index) => index + 1),
    );
  });
});
