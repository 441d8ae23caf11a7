import { describe, expect, it } from 'vitest';
import type { ConcurrentCropping } from './croppingDates';
import {
  CroppingProblemCode as P,
  blankCroppingDraft,
  croppingProblems,
  mergeCroppingWrite,
  settledCroppingArea,
  type CroppingDraft,
  type CroppingRulesContext,
} from './croppingRules';
import { CropId, FieldAreaType, GrassManagement } from './crops';
import { Region } from './region';

/** A winter wheat that passes every rule on a 10 ha field of a holding with crop years 2025 to 2027. */
function wheat(change: Partial<CroppingDraft> = {}): CroppingDraft {
  return {
    ...blankCroppingDraft(7, 2026),
    CropId: CropId.WinterWheat,
    Residue: 1,
    Purpose: 'Milling',
    SowingDate: '2025-10-01',
    HarvestDate: '2026-08-15',
    Area: 6,
    ...change,
  };
}

function other(id: number, area: number, change: Partial<ConcurrentCropping> = {}): ConcurrentCropping {
  return {
    CroppingId: id,
    YearId: 2026,
    Area: area,
    perennial: false,
    SowingDate: '2025-10-01',
    HarvestDate: '2026-08-15',
    ...change,
  };
}

function context(change: Partial<CroppingRulesContext> = {}): CroppingRulesContext {
  return {
    field: {
      Name: 'Thorpe Field',
      AreaType: FieldAreaType.Boundary,
      BoundaryArea: 10,
      WorkingArea: null,
      WholeArea: null,
      Years: [],
    },
    others: [],
    croppingId: undefined,
    holdingYears: [2025, 2026, 2027],
    region: Region.England,
    cropManagementOptionsEnabled: true,
    ...change,
  };
}

const codes = (draft: CroppingDraft, rules: CroppingRulesContext) =>
  croppingProblems(draft, rules).map((problem) => problem.code);

describe('croppingProblems', () => {
  it('passes a complete cropping', () => {
    expect(croppingProblems(wheat(), context())).toEqual([]);
  });

  it.each<[string, Partial<CroppingDraft>, Partial<CroppingRulesContext>, string[]]>([
    ['area equal to the field', { Area: 10 }, {}, []],
    ['area 0.004 ha over the field rounds to it', { Area: 10.004 }, {}, []],
    ['area 0.01 ha over the field', { Area: 10.01 }, {}, [P.AreaAboveField]],
    ['no area counts as the whole field', { Area: null }, {}, []],
    ['an unknown crop', { CropId: 9999 }, {}, [P.CropUnknown]],
    ['Other without a name', { CropId: CropId.Other, CropName: '  ' }, {}, [P.CropNameRequired]],
    [
      'a year the holding does not have',
      { YearId: 2030, SowingDate: null, HarvestDate: null },
      {},
      [P.YearNotInHolding],
    ],
    [
      'a year the field is disabled in',
      {},
      { field: { ...context().field, Years: [{ YearId: 2026, Disabled: true }] } },
      [P.FieldDisabled],
    ],
    ['a variety that does not exist', { VarietyId: 5 }, { varietyCropId: null }, [P.VarietyUnknown]],
    ['a variety of another crop', { VarietyId: 5 }, { varietyCropId: CropId.Potatoes }, [P.VarietyNotOfCrop]],
    ['a variety of the crop', { VarietyId: 5 }, { varietyCropId: CropId.WinterWheat }, []],
    ['sowing on the harvest day', { SowingDate: '2026-08-15' }, {}, [P.DateOrder, P.DateOutsideYear]],
    ['sowing on the last day of the crop year', { SowingDate: '2026-07-31' }, {}, []],
    [
      'sowing a day after the crop year',
      { SowingDate: '2026-08-01', HarvestDate: '2026-09-01' },
      {},
      [P.DateOutsideYear],
    ],
    [
      'destruction after the next crop year',
      { DestructionDate: '2027-08-01', HarvestDate: null },
      {},
      [P.DatesTwoYears, P.DestructionAfterNextYear],
    ],
    ['a required attribute missing', { Residue: null }, {}, [P.AttributeRequired]],
    ['an attribute value not offered', { Purpose: 'Malting' }, {}, [P.AttributeNotOffered]],
    [
      'grass with Seed management',
      { CropId: CropId.Grass, Residue: null, Purpose: null, GrassManagement: GrassManagement.Seed },
      {},
      [P.AttributeNotOffered],
    ],
    [
      'an N crop group below 100 in Scotland',
      { NCropGroup: 99 },
      { region: Region.Scotland },
      [P.NCropGroupInvalid],
    ],
    ['an N crop group of 100 in Scotland', { NCropGroup: 100 }, { region: Region.Scotland }, []],
    [
      'management options where the holding switched them off',
      { ManagementOptions: [{ Code: 'AB1', Area: 1 }] },
      { cropManagementOptionsEnabled: false },
      [P.ManagementOptionsUnavailable],
    ],
    [
      'management options outside England and Scotland',
      { ManagementOptions: [{ Code: 'AB1', Area: 1 }] },
      { region: Region.Wales },
      [P.ManagementOptionsUnavailable],
    ],
    [
      'a management option as large as the cropping',
      { ManagementOptions: [{ Code: 'AB1', Area: 6 }] },
      {},
      [],
    ],
    [
      'a management option larger than the cropping',
      { ManagementOptions: [{ Code: 'AB1', Area: 6.01 }] },
      {},
      [P.ManagementOptionAboveArea],
    ],
    ['crops at the same time within the tolerance', { Area: 6 }, { others: [other(1, 4.1)] }, []],
    [
      'crops at the same time beyond the tolerance',
      { Area: 6 },
      { others: [other(1, 4.11)] },
      [P.ConcurrentCrops],
    ],
    [
      'crops one after the other',
      { Area: 6 },
      { others: [other(1, 10, { SowingDate: '2026-08-15', HarvestDate: '2027-07-01', YearId: 2027 })] },
      [],
    ],
    ['the cropping itself among the others', { Area: 6 }, { croppingId: 3, others: [other(3, 6)] }, []],
  ])('%s', (_name, draft, rules, expected) => {
    expect(codes(wheat(draft), context(rules))).toEqual(expected);
  });

  it('gives the figures of the concurrent crops as parameters', () => {
    const [problem] = croppingProblems(wheat({ Area: 6 }), context({ others: [other(1, 5)] }));
    expect(problem).toEqual({
      code: P.ConcurrentCrops,
      field: 'Area',
      params: { overallArea: 11, fieldArea: 10 },
    });
  });

  it('tells a restricted member that hidden crops exist without their areas', () => {
    const rules = context({ others: [other(1, 2)], hiddenOthers: [other(2, 3)] });
    const problems = croppingProblems(wheat({ Area: 6 }), rules);
    expect(problems).toEqual([
      { code: P.ConcurrentCropsWithHidden, field: 'Area', params: { fieldArea: 10 } },
    ]);
    expect(JSON.stringify(problems)).not.toContain('11');
  });

  it('counts only the visible areas when those alone exceed the field', () => {
    const rules = context({ others: [other(1, 5)], hiddenOthers: [other(2, 3)] });
    expect(croppingProblems(wheat({ Area: 6 }), rules)).toEqual([
      { code: P.ConcurrentCrops, field: 'Area', params: { overallArea: 11, fieldArea: 10 } },
    ]);
  });

  it('hidden crops that fit say nothing', () => {
    expect(codes(wheat({ Area: 6 }), context({ hiddenOthers: [other(2, 4)] }))).toEqual([]);
  });
});

describe('mergeCroppingWrite', () => {
  it('keeps absent members, clears nulls, trims texts and leaves out geometry', () => {
    const merged = mergeCroppingWrite(wheat({ CropDescr: 'old', PlotId: 'P1' }), {
      CropDescr: '  new  ',
      PlotId: null,
      Boundary: { type: 'Polygon', coordinates: [] },
      srid: 4326,
    });
    expect(merged).toEqual(wheat({ CropDescr: 'new', PlotId: null }));
  });

  it('a destruction date makes the cropping destroyed, through isDestroyed', () => {
    expect(mergeCroppingWrite(wheat(), { DestructionDate: '2026-05-01', Destroyed: false }).Destroyed).toBe(
      true,
    );
    expect(mergeCroppingWrite(wheat(), { Destroyed: true }).Destroyed).toBe(true);
    expect(mergeCroppingWrite(wheat({ Destroyed: true }), { Destroyed: false }).Destroyed).toBe(false);
  });
});

describe('settledCroppingArea', () => {
  it.each([
    [5, null, 10, 5],
    [null, 3.456, 10, 3.46],
    [null, null, 10, 10],
  ])('area %s, boundary %s, field %s', (area, boundaryArea, field, expected) => {
    expect(settledCroppingArea({ Area: area }, boundaryArea, field)).toBe(expected);
  });
});
