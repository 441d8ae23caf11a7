import { describe, expect, it } from 'vitest';
import {
  harvestYear,
  harvestYearEnd,
  harvestYearOf,
  harvestYearStart,
  isInHarvestYear,
  latestOpenableCropYear,
} from './harvestYear';

describe('harvestYearOf', () => {
  it.each([
    ['2025-07-31', 2025],
    ['2025-08-01', 2026],
    ['2026-07-31', 2026],
    ['2026-08-01', 2027],
    ['2026-01-01', 2026],
    ['2025-12-31', 2026],
  ])('%s belongs to harvest year %i', (date, year) => {
    expect(harvestYearOf(date)).toBe(year);
  });

  it('rejects an invalid date', () => {
    expect(() => harvestYearOf('2025-02-30')).toThrow(RangeError);
  });
});

describe('harvest year bounds', () => {
  it.each([
    [2026, '2025-08-01', '2026-07-31'],
    [2000, '1999-08-01', '2000-07-31'],
  ])('year %i runs from %s to %s', (year, start, end) => {
    expect(harvestYearStart(year)).toBe(start);
    expect(harvestYearEnd(year)).toBe(end);
    expect(harvestYear(year)).toEqual({ yearId: year, start, end });
    expect(harvestYearOf(start)).toBe(year);
    expect(harvestYearOf(end)).toBe(year);
  });

  it.each([
    ['2025-07-31', false],
    ['2025-08-01', true],
    ['2026-07-31', true],
    ['2026-08-01', false],
  ])('%s in harvest year 2026: %s', (date, inside) => {
    expect(isInHarvestYear(date, 2026)).toBe(inside);
  });
});

describe('latestOpenableCropYear', () => {
  it.each([
    ['2026-07-31', 2027],
    ['2026-08-01', 2028],
    ['2026-11-24', 2028],
  ])('on %s is %i, the harvest year after the current one', (today, year) => {
    expect(latestOpenableCropYear(today)).toBe(year);
  });
});
