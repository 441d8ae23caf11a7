import { describe, expect, it } from 'vitest';
import {
  croppingDraftSchema,
  croppingEndDate,
  croppingSchema,
  croppingSpan,
  hasInvalidDates,
  isDestroyed,
  spansOverlap,
  type CroppingDates,
} from './cropping';

describe('isDestroyed and croppingEndDate', () => {
  it.each([
    [{}, false, undefined],
    [{ HarvestDate: '2026-08-01' }, false, '2026-08-01'],
    [{ HarvestDate: '2026-08-01', DestructionDate: '2026-04-01' }, true, '2026-04-01'],
    [{ Destroyed: true, HarvestDate: '2026-08-01' }, true, '2026-08-01'],
    [{ DestructionDate: null, HarvestDate: null }, false, undefined],
  ] as [CroppingDates, boolean, string | undefined][])('%j', (cropping, destroyed, end) => {
    expect(isDestroyed(cropping)).toBe(destroyed);
    expect(croppingEndDate(cropping)).toBe(end);
  });
});

describe('hasInvalidDates', () => {
  it.each([
    [{ SowingDate: '2026-03-01', HarvestDate: '2026-03-02' }, false],
    [{ SowingDate: '2026-03-01', HarvestDate: '2026-03-01' }, true],
    [{ SowingDate: '2026-03-01', HarvestDate: '2026-09-01', DestructionDate: '2026-02-01' }, true],
    [{ SowingDate: '2026-03-01' }, false],
    [{ HarvestDate: '2026-03-01' }, false],
  ] as [CroppingDates, boolean][])('%j: %s', (cropping, invalid) => {
    expect(hasInvalidDates(cropping)).toBe(invalid);
  });
});

describe('croppingSpan in year 2026', () => {
  it.each([
    ['undated', {}, false, { start: '2025-08-01', end: '2026-07-31' }],
    [
      'annual',
      { SowingDate: '2025-09-20', HarvestDate: '2026-08-15' },
      false,
      { start: '2025-09-20', end: '2026-08-15' },
    ],
    [
      'annual destroyed',
      { SowingDate: '2025-09-20', DestructionDate: '2026-03-01' },
      false,
      { start: '2025-09-20', end: '2026-03-01' },
    ],
    [
      'perennial sown years ago',
      { SowingDate: '2021-04-01', HarvestDate: '2026-06-01' },
      true,
      { start: '2025-08-01', end: '2026-07-31' },
    ],
    [
      'perennial destroyed in the year',
      { SowingDate: '2021-04-01', DestructionDate: '2026-03-01' },
      true,
      { start: '2025-08-01', end: '2026-03-01' },
    ],
    [
      'perennial destroyed next year',
      { SowingDate: '2026-04-01', DestructionDate: '2026-09-01' },
      true,
      { start: '2026-04-01', end: '2026-07-31' },
    ],
  ] as [string, CroppingDates, boolean, object][])('%s', (_name, dates, perennial, span) => {
    expect(croppingSpan({ YearId: 2026, ...dates }, perennial)).toEqual(span);
  });
});

describe('spansOverlap', () => {
  it.each([
    [{ start: '2026-01-01', end: '2026-03-01' }, { start: '2026-03-01', end: '2026-05-01' }, false],
    [{ start: '2026-01-01', end: '2026-03-02' }, { start: '2026-03-01', end: '2026-05-01' }, true],
    [{ start: '2026-01-01', end: '2026-12-01' }, { start: '2026-03-01', end: '2026-05-01' }, true],
  ])('%j and %j: %s', (a, b, overlap) => {
    expect(spansOverlap(a, b)).toBe(overlap);
    expect(spansOverlap(b, a)).toBe(overlap);
  });
});

describe('croppingSchema', () => {
  const cropping = {
    CroppingId: 7,
    YearId: 2026,
    FieldId: 3,
    PlotId: null,
    BatchId: null,
    StartDate: '2025-09-20',
    EndDate: '2026-08-15',
    SowingDate: '2025-09-20',
    HarvestDate: '2026-08-15',
    DestructionDate: null,
    Destroyed: false,
    CropId: 1,
    CropName: null,
    CropDescr: null,
    VarietyId: null,
    VarietyName: null,
    Market: null,
    Purpose: 'Milling',
    Area: 12.5,
    ManureSpreadArea: null,
    ManagementOptions: [{ Code: 'CSAM1', Area: 12.5 }],
    InSeedsPlan: false,
    InNutritionPlan: false,
    PreviousIds: [],
    NextIds: [],
    ProtectionStatus: null,
    GrassManagement: null,
    GrassCuts: null,
    GrowingSeasonLength: null,
    NCropGroup: null,
    BiomassLevel: null,
    NLeafAnalysis: null,
    Residue: 1,
    TargetYield: 9,
    StrawMulch: null,
    Undersown: null,
    TargetpH: null,
    Version: 1,
  };

  it.each([
    ['a full cropping', {}, true],
    ['an impossible date', { SowingDate: '2025-02-30' }, false],
    ['a residue id that does not exist', { Residue: 2 }, false],
    ['an unknown purpose', { Purpose: 'Biofuel' }, false],
    ['a negative area', { Area: -1 }, false],
  ])('%s', (_name, change, valid) => {
    expect(croppingSchema.safeParse({ ...cropping, ...change }).success).toBe(valid);
  });

  it('the draft has no id or links', () => {
    const { CroppingId: _id, PreviousIds: _p, NextIds: _n, StartDate: _s, EndDate: _e, ...draft } = cropping;
    expect(croppingDraftSchema.parse({ ...draft, CroppingId: 99 })).not.toHaveProperty('CroppingId');
  });
});
