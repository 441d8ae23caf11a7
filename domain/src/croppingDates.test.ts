import { describe, expect, it } from 'vitest';
import {
  CroppingDateError as E,
  concurrentCropsExcess,
  validateCroppingDates,
  type ConcurrentCropping,
  type CroppingDatesInput,
} from './croppingDates';

const context = { holdingYears: { first: 2020, last: 2027 } };

function cropping(dates: Partial<CroppingDatesInput>): CroppingDatesInput {
  return { YearId: 2026, perennial: false, ...dates };
}

describe('validateCroppingDates: non-perennial crop in year 2026', () => {
  it.each([
    ['no dates', {}, []],
    ['autumn sown, summer harvest', { SowingDate: '2025-09-20', HarvestDate: '2026-08-15' }, []],
    [
      'sown on the first day of the year (1 August)',
      { SowingDate: '2025-08-01', HarvestDate: '2026-07-01' },
      [],
    ],
    [
      'sown on 31 July, the last day of the year',
      { SowingDate: '2026-07-31', HarvestDate: '2026-10-01' },
      [],
    ],
    [
      'sown on 31 July of the year before',
      { SowingDate: '2025-07-31', HarvestDate: '2026-07-01' },
      [E.InvalidYear],
    ],
    [
      'sown on 1 August after the year',
      { SowingDate: '2026-08-01', HarvestDate: '2026-10-01' },
      [E.InvalidYear],
    ],
    ['harvest on 31 July of the next year', { SowingDate: '2026-03-01', HarvestDate: '2027-07-31' }, []],
    [
      'harvest on 1 August after the next year',
      { SowingDate: '2026-03-01', HarvestDate: '2027-08-01' },
      [E.InvalidYear, E.TwoYears],
    ],
    ['harvest before sowing', { SowingDate: '2026-03-01', HarvestDate: '2026-02-28' }, [E.Date]],
    ['harvest on the sowing day', { SowingDate: '2026-03-01', HarvestDate: '2026-03-01' }, [E.Date]],
    ['harvest one day after sowing', { SowingDate: '2026-03-01', HarvestDate: '2026-03-02' }, []],
    [
      'destroyed before sowing, harvest fine',
      { SowingDate: '2026-03-01', HarvestDate: '2026-08-01', DestructionDate: '2026-02-01' },
      [E.Date],
    ],
    [
      'destroyed on 31 July of the next year',
      { SowingDate: '2026-03-01', DestructionDate: '2027-07-31' },
      [],
    ],
    [
      'destroyed on 1 August after the next year',
      { SowingDate: '2026-03-01', DestructionDate: '2027-08-01' },
      [E.TwoYears, E.DestructionAfterNextYear],
    ],
    ['destroyed before the year began', { DestructionDate: '2025-07-31' }, [E.InvalidYear]],
    ['harvest alone, inside the window', { HarvestDate: '2026-09-01' }, []],
  ])('%s', (_name, dates, expected) => {
    expect(validateCroppingDates(cropping(dates), context)).toEqual(expected);
  });
});

describe('validateCroppingDates: perennial crop in year 2026, holding years 2020-2027', () => {
  it.each([
    ['sown in an earlier year of the holding', { SowingDate: '2019-08-01' }, []],
    ["sown before the holding's first year", { SowingDate: '2019-07-31' }, [E.PerennialOutsideHolding]],
    ["destroyed in the holding's last year", { SowingDate: '2022-04-01', DestructionDate: '2027-07-31' }, []],
    [
      "destroyed after the holding's last year",
      { SowingDate: '2022-04-01', DestructionDate: '2027-08-01' },
      [E.PerennialOutsideHolding],
    ],
    ['sown after the crop year', { SowingDate: '2026-08-01' }, [E.InvalidYear]],
    [
      'destroyed before the crop year',
      { SowingDate: '2022-04-01', DestructionDate: '2025-07-31' },
      [E.InvalidYear],
    ],
    ['spanning many years is allowed', { SowingDate: '2020-09-01', HarvestDate: '2026-06-01' }, []],
    [
      'sowing not before destruction',
      { SowingDate: '2024-04-01', DestructionDate: '2024-04-01' },
      [E.Date, E.InvalidYear],
    ],
  ])('%s', (_name, dates, expected) => {
    expect(validateCroppingDates(cropping({ ...dates, perennial: true }), context)).toEqual(expected);
  });
});

describe('validateCroppingDates: date range', () => {
  it.each([
    [{ minYear: 2026 }, { SowingDate: '2025-12-31', HarvestDate: '2026-07-01' }, [E.MinYear]],
    [{ minYear: 2026 }, { SowingDate: '2026-01-01', HarvestDate: '2026-07-01' }, []],
    [{ maxYear: 2026 }, { SowingDate: '2026-03-01', HarvestDate: '2026-12-31' }, []],
    [{ maxYear: 2026 }, { SowingDate: '2026-03-01', HarvestDate: '2027-01-01' }, [E.MaxYear]],
    [undefined, { YearId: 2000, SowingDate: '1999-12-31', HarvestDate: '2000-07-01' }, [E.MinYear]],
    [undefined, { YearId: 2000, SowingDate: '2000-01-01', HarvestDate: '2000-07-01' }, []],
  ])('range %j, dates %j', (dateRange, dates, expected) => {
    expect(validateCroppingDates(cropping(dates), { ...context, dateRange })).toEqual(expected);
  });
});

function concurrent(id: number, area: number, dates: Partial<ConcurrentCropping> = {}): ConcurrentCropping {
  return { CroppingId: id, YearId: 2026, Area: area, perennial: false, ...dates };
}

describe('concurrentCropsExcess on a 10 ha field', () => {
  const wheat = concurrent(1, 6, { SowingDate: '2025-09-20', HarvestDate: '2026-08-15' });
  it.each([
    ['no other crop', [], undefined],
    [
      'overlap exactly 0.1 ha over the field',
      [concurrent(2, 4.1, { SowingDate: '2026-03-01', HarvestDate: '2026-09-01' })],
      undefined,
    ],
    [
      'overlap 0.11 ha over the field',
      [concurrent(2, 4.11, { SowingDate: '2026-03-01', HarvestDate: '2026-09-01' })],
      { overallArea: 10.11, overlappingIds: [2] },
    ],
    [
      'next crop sown before the wheat harvest',
      [concurrent(3, 10, { YearId: 2027, SowingDate: '2026-08-10', HarvestDate: '2027-08-01' })],
      { overallArea: 16, overlappingIds: [3] },
    ],
    [
      'next crop sown on the harvest day',
      [concurrent(3, 10, { YearId: 2027, SowingDate: '2026-08-15' })],
      undefined,
    ],
    [
      'other crop with invalid dates is ignored',
      [concurrent(4, 10, { SowingDate: '2026-05-01', HarvestDate: '2026-04-01' })],
      undefined,
    ],
    ['the cropping itself is skipped', [wheat], undefined],
    [
      'undated crops of the same year share the year',
      [concurrent(5, 3), concurrent(6, 2)],
      { overallArea: 11, overlappingIds: [5, 6] },
    ],
  ])('%s', (_name, others, expected) => {
    const result = concurrentCropsExcess(wheat, others, 10);
    if (expected === undefined) {
      expect(result).toBeUndefined();
    } else {
      expect(result?.overlappingIds).toEqual(expected.overlappingIds);
      expect(result?.overallArea).toBeCloseTo(expected.overallArea, 9);
      expect(result?.fieldArea).toBe(10);
    }
  });

  it('a perennial does not overlap its own continuation', () => {
    const grass2026 = concurrent(10, 10, {
      perennial: true,
      SowingDate: '2021-04-01',
      HarvestDate: '2026-06-01',
    });
    const grass2027 = concurrent(11, 10, { YearId: 2027, perennial: true, SowingDate: '2021-04-01' });
    expect(concurrentCropsExcess(grass2026, [grass2027], 10)).toBeUndefined();
  });
});
