import { describe, expect, it } from 'vitest';
import type { Cropping } from './cropping';
import { CropId } from './crops';
import {
  continuesIntoNextYear,
  linkFieldRotations,
  linkRotation,
  perennialContinuation,
  rotationPlanningTarget,
  type RotationCropping,
  type RotationLinks,
} from './rotation';

const { WinterWheat, SpringBarley, WinterOilseedRape, Grass, Fallow } = CropId;

function c(
  id: number,
  year: number,
  cropId: number,
  areaHa: number,
  extra: Partial<RotationCropping> = {},
): RotationCropping {
  return {
    CroppingId: id,
    YearId: year,
    CropId: cropId,
    Area: areaHa,
    perennial: cropId === Grass,
    ...extra,
  };
}

/** The links as 'from>to' pairs, checked to agree in both directions. */
function edges(links: Map<number, RotationLinks>): string[] {
  const forward: string[] = [];
  const backward: string[] = [];
  for (const [id, { previousIds, nextIds }] of links) {
    for (const next of nextIds) forward.push(`${id}>${next}`);
    for (const previous of previousIds) backward.push(`${previous}>${id}`);
  }
  expect(backward.sort()).toEqual([...forward].sort());
  return forward.sort();
}

describe('linkRotation on a 10 ha field', () => {
  it.each<[string, RotationCropping[], string[]]>([
    [
      'one crop a year',
      [c(1, 2025, WinterWheat, 10), c(2, 2026, SpringBarley, 10), c(3, 2027, WinterOilseedRape, 10)],
      ['1>2', '2>3'],
    ],
    ['no link across a missing year', [c(1, 2025, WinterWheat, 10), c(3, 2027, SpringBarley, 10)], []],
    [
      'a field split in two',
      [c(1, 2025, WinterWheat, 10), c(2, 2026, SpringBarley, 5), c(3, 2026, WinterOilseedRape, 5)],
      ['1>2', '1>3'],
    ],
    [
      'two halves merged',
      [c(1, 2025, WinterWheat, 5), c(2, 2025, SpringBarley, 5), c(3, 2026, WinterOilseedRape, 10)],
      ['1>3', '2>3'],
    ],
    [
      'a cropping whose start is not before its end is ignored',
      [
        c(1, 2025, WinterWheat, 10),
        c(2, 2026, SpringBarley, 10, { SowingDate: '2026-04-01', HarvestDate: '2026-04-01' }),
        c(3, 2027, WinterWheat, 10),
      ],
      [],
    ],
    [
      'a perennial continues into the same crop of the next year',
      [c(1, 2025, Grass, 6), c(2, 2025, WinterWheat, 4), c(3, 2026, SpringBarley, 4), c(4, 2026, Grass, 6)],
      ['1>4', '2>3'],
    ],
    [
      'the rest of a shrinking perennial precedes the new crop',
      [c(1, 2025, Grass, 10), c(2, 2026, Grass, 6), c(3, 2026, WinterWheat, 4)],
      ['1>2', '1>3'],
    ],
    [
      'a perennial destroyed after the year end still continues',
      [
        c(1, 2025, Grass, 10, { DestructionDate: '2025-09-01' }),
        c(2, 2026, Grass, 10, { DestructionDate: '2025-09-01' }),
      ],
      ['1>2'],
    ],
    [
      'a destroyed perennial is followed by the crop sown 2 days later, in the same year',
      [
        c(1, 2026, Grass, 10, { SowingDate: '2022-04-01', DestructionDate: '2026-03-10' }),
        c(2, 2026, SpringBarley, 10, { SowingDate: '2026-03-12', HarvestDate: '2026-08-20' }),
      ],
      ['1>2'],
    ],
    [
      'but not by one sown 3 days later',
      [
        c(1, 2026, Grass, 10, { SowingDate: '2022-04-01', DestructionDate: '2026-03-10' }),
        c(2, 2026, SpringBarley, 10, { SowingDate: '2026-03-13', HarvestDate: '2026-08-20' }),
      ],
      [],
    ],
    [
      'a destroyed crop is followed by one sown within 2 days in the next year',
      [
        c(1, 2026, WinterWheat, 10, { SowingDate: '2025-10-01', DestructionDate: '2026-08-02' }),
        c(2, 2027, WinterOilseedRape, 10, { SowingDate: '2026-07-31' }),
      ],
      ['1>2'],
    ],
    [
      'a destroyed crop with no successor close by joins the yearly merge',
      [
        c(1, 2026, WinterWheat, 10, { SowingDate: '2025-10-01', DestructionDate: '2026-05-02' }),
        c(2, 2027, WinterOilseedRape, 10, { SowingDate: '2026-08-20' }),
      ],
      ['1>2'],
    ],
    [
      'chainable crops with matching areas are chained one to one',
      [c(1, 2026, WinterWheat, 9), c(2, 2026, Fallow, 1), c(3, 2027, SpringBarley, 9), c(4, 2027, Fallow, 1)],
      ['1>3', '2>4'],
    ],
    [
      'chainable crops whose areas differ are merged with the rest',
      [c(1, 2026, WinterWheat, 9), c(2, 2026, Fallow, 1), c(3, 2027, SpringBarley, 8), c(4, 2027, Fallow, 2)],
      ['1>3', '1>4', '2>3', '2>4'],
    ],
    [
      'a year whose croppings take exactly 110 % of the field counts as the field',
      [
        c(1, 2025, WinterWheat, 6, { HarvestDate: '2025-07-20' }),
        c(2, 2025, SpringBarley, 5, { HarvestDate: '2025-07-10' }),
        c(3, 2026, WinterOilseedRape, 10),
      ],
      ['1>3', '2>3'],
    ],
    [
      'above 110 % only the latest ending croppings that fit are linked',
      [
        c(1, 2025, WinterWheat, 6, { HarvestDate: '2025-07-20' }),
        c(2, 2025, SpringBarley, 5.01, { HarvestDate: '2025-07-10' }),
        c(3, 2026, WinterOilseedRape, 10),
      ],
      ['1>3'],
    ],
    [
      'above 110 % only the earliest sown croppings of the next year that fit are linked',
      [
        c(1, 2025, WinterWheat, 10),
        c(2, 2026, Fallow, 10, { SowingDate: '2026-06-01' }),
        c(3, 2026, SpringBarley, 10, { SowingDate: '2026-03-01' }),
      ],
      ['1>3'],
    ],
  ])('%s', (_name, croppings, expected) => {
    expect(edges(linkRotation(croppings, 10))).toEqual(expected);
  });

  it('answers for every cropping given, ignored ones included', () => {
    const links = linkRotation(
      [c(1, 2025, WinterWheat, 10, { SowingDate: '2025-05-01', HarvestDate: '2025-04-01' })],
      10,
    );
    expect(links.get(1)).toEqual({ previousIds: [], nextIds: [] });
  });
});

it('linkFieldRotations keeps fields apart', () => {
  const croppings = [
    { ...c(1, 2025, WinterWheat, 10), FieldId: 1 },
    { ...c(2, 2026, SpringBarley, 10), FieldId: 1 },
    { ...c(3, 2026, SpringBarley, 4), FieldId: 2 },
  ];
  expect(
    edges(
      linkFieldRotations(
        croppings,
        new Map([
          [1, 10],
          [2, 4],
        ]),
      ),
    ),
  ).toEqual(['1>2']);
});

describe('continuesIntoNextYear (year 2026)', () => {
  it.each([
    ['an annual crop', { perennial: false }, false],
    ['a perennial', { perennial: true }, true],
    ['a perennial flagged destroyed without a date', { perennial: true, Destroyed: true }, false],
    [
      'a perennial destroyed on 31 July',
      { perennial: true, Destroyed: true, DestructionDate: '2026-07-31' },
      false,
    ],
    [
      'a perennial destroyed on 1 August',
      { perennial: true, Destroyed: true, DestructionDate: '2026-08-01' },
      true,
    ],
  ])('%s: %s', (_name, flags, expected) => {
    expect(continuesIntoNextYear({ YearId: 2026, ...flags })).toBe(expected);
  });
});

function grassCropping(change: Partial<Cropping> = {}): Cropping {
  return {
    CroppingId: 5,
    YearId: 2026,
    FieldId: 3,
    PlotId: 'P1',
    BatchId: null,
    StartDate: '2022-04-01',
    EndDate: null,
    SowingDate: '2022-04-01',
    HarvestDate: '2026-06-10',
    DestructionDate: null,
    Destroyed: false,
    CropId: Grass,
    CropName: null,
    CropDescr: 'Ley',
    VarietyId: 12,
    VarietyName: 'Ryegrass mix',
    Market: null,
    Purpose: 'Forage',
    Area: 8.5,
    ManureSpreadArea: 8,
    ManagementOptions: [{ Code: 'SAM3', Area: 8.5 }],
    InSeedsPlan: true,
    InNutritionPlan: true,
    PreviousIds: [4],
    NextIds: [],
    ProtectionStatus: null,
    GrassManagement: 2,
    GrassCuts: 3,
    GrowingSeasonLength: null,
    NCropGroup: 120,
    BiomassLevel: 2,
    NLeafAnalysis: 3,
    Residue: null,
    TargetYield: 11,
    StrawMulch: null,
    Undersown: true,
    TargetpH: 6.2,
    Version: 1,
    ...change,
  };
}

describe('perennialContinuation', () => {
  it('carries the plant into the next year and drops what belongs to one season', () => {
    expect(perennialContinuation(grassCropping(), true)).toEqual({
      YearId: 2027,
      FieldId: 3,
      PlotId: 'P1',
      BatchId: null,
      SowingDate: '2022-04-01',
      HarvestDate: null,
      DestructionDate: null,
      Destroyed: false,
      CropId: Grass,
      CropName: null,
      CropDescr: 'Ley',
      VarietyId: 12,
      VarietyName: 'Ryegrass mix',
      Market: null,
      Purpose: 'Forage',
      Area: 8.5,
      ManureSpreadArea: null,
      ManagementOptions: [{ Code: 'SAM3', Area: 8.5 }],
      ProtectionStatus: null,
      GrassManagement: 2,
      GrassCuts: 3,
      GrowingSeasonLength: null,
      NCropGroup: null,
      BiomassLevel: null,
      NLeafAnalysis: null,
      Residue: null,
      TargetYield: null,
      StrawMulch: null,
      Undersown: null,
      TargetpH: 6.2,
    });
  });

  it('keeps a destruction that falls in the next year', () => {
    const next = perennialContinuation(
      grassCropping({ Destroyed: true, DestructionDate: '2026-09-15' }),
      true,
    );
    expect(next).toMatchObject({ YearId: 2027, DestructionDate: '2026-09-15', Destroyed: true });
  });

  it.each([
    ['destroyed in its year', grassCropping({ Destroyed: true, DestructionDate: '2026-05-01' }), true],
    ['an annual crop', grassCropping(), false],
  ])('none when %s', (_name, cropping, perennial) => {
    expect(perennialContinuation(cropping, perennial)).toBeUndefined();
  });
});

describe('rotationPlanningTarget', () => {
  it.each([
    [true, { DestructionDate: null, Destroyed: false }, false],
    [true, { DestructionDate: '2026-05-01', Destroyed: true }, true],
    [false, { DestructionDate: null, Destroyed: false }, true],
  ])('perennial %s, %j: selectable %s', (perennial, change, selectable) => {
    const target = rotationPlanningTarget(grassCropping(change), 'Long meadow', {
      label: 'Grass',
      perennial,
    });
    expect(target).toEqual({
      field: 3,
      croppingId: 5,
      selectable,
      crop: 'Grass',
      perennial,
      description: 'Long meadow, Grass, 8.50 ha',
    });
  });
});
