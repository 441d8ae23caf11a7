import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareIsoDates,
  daysBetween,
  formatDisplayDate,
  isIsoDate,
  isoDateFromLocalDate,
  isoDateSchema,
  parseDisplayDate,
  parseIsoDate,
} from './isoDate';

describe('parseIsoDate', () => {
  it.each([
    ['2025-08-01', { year: 2025, month: 8, day: 1 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2025-02-29', undefined],
    ['2025-02-31', undefined],
    ['2025-13-01', undefined],
    ['2025-00-10', undefined],
    ['2025-04-31', undefined],
    ['2025-8-1', undefined],
    ['2025-08-01T00:00:00Z', undefined],
    ['', undefined],
  ])('%s', (text, expected) => {
    expect(parseIsoDate(text)).toEqual(expected);
  });

  it('isIsoDate rejects non-strings', () => {
    expect(isIsoDate(20250801)).toBe(false);
    expect(isIsoDate('2025-08-01')).toBe(true);
  });

  it('the schema rejects impossible dates', () => {
    expect(isoDateSchema.safeParse('2025-02-31').success).toBe(false);
    expect(isoDateSchema.safeParse('2025-02-28').success).toBe(true);
  });
});

describe('compareIsoDates', () => {
  it.each([
    ['2025-07-31', '2025-08-01', -1],
    ['2025-08-01', '2025-08-01', 0],
    ['2026-01-01', '2025-12-31', 1],
  ])('%s vs %s', (a, b, expected) => {
    expect(compareIsoDates(a, b)).toBe(expected);
  });
});

describe('addDays and daysBetween', () => {
  it.each([
    ['2025-07-31', 1, '2025-08-01'],
    ['2025-08-01', -1, '2025-07-31'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2025-03-29', 2, '2025-03-31'],
    ['2025-10-25', 2, '2025-10-27'],
    ['0050-01-01', 1, '0050-01-02'],
  ])('%s + %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it('throws on a date that is not ISO', () => {
    expect(() => addDays('31/02/2025', 1)).toThrow(RangeError);
  });
});

describe('display dates (dd/mm/yyyy)', () => {
  it.each([
    ['2025-08-01', '01/08/2025'],
    ['2026-07-31', '31/07/2026'],
  ])('formats %s as %s', (iso, display) => {
    expect(formatDisplayDate(iso)).toBe(display);
  });

  it.each([
    ['01/08/2025', '2025-08-01'],
    ['1/8/2025', '2025-08-01'],
    [' 31/07/2026 ', '2026-07-31'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2025', undefined],
    ['31/02/2025', undefined],
    ['31/04/2025', undefined],
    ['00/01/2025', undefined],
    ['01/13/2025', undefined],
    ['2025-08-01', undefined],
    ['01/08/25', undefined],
    ['', undefined],
  ])('parses %j as %s', (text, expected) => {
    expect(parseDisplayDate(text)).toBe(expected);
  });
});

it('isoDateFromLocalDate takes the local calendar day', () => {
  expect(isoDateFromLocalDate(new Date(2025, 7, 1, 23, 59))).toBe('2025-08-01');
  expect(isoDateFromLocalDate(new Date(2025, 0, 1, 0, 0))).toBe('2025-01-01');
});
