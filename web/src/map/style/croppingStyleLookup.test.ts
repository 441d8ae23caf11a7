import { describe, expect, it } from 'vitest';
import { CropId, CroppingStyleMode, cropColour } from '@headland/domain/crops';
import { resolveCroppingFill, type CroppingStyleEntry, type StyledCropping } from './croppingStyleLookup.ts';

const wheat: StyledCropping = {
  CropId: CropId.WinterWheat,
  YearId: 2026,
  VarietyId: 7,
  Purpose: 'Milling',
  GrassManagement: null,
  GrassCuts: null,
  CropDescr: 'Seed crop for Smiths',
  Style: { Colour: [230, 190, 90], Pattern: null },
};

const grass: StyledCropping = {
  CropId: CropId.Grass,
  YearId: 2026,
  VarietyId: null,
  Purpose: 'Forage',
  GrassManagement: 2,
  GrassCuts: 3,
  CropDescr: null,
  Style: { Colour: [60, 180, 75], Pattern: null },
};

const entry = (colour: number, extra: Partial<CroppingStyleEntry> = {}): CroppingStyleEntry => ({
  CropId: CropId.WinterWheat,
  Color: [colour, colour, colour],
  ...extra,
});

// Every entry applies to the same wheat cropping; each row says which one each mode picks.
const entries: CroppingStyleEntry[] = [
  entry(1),
  entry(2, { Year: 2026 }),
  entry(3, { Year: 2025 }),
  entry(4, { VarietyId: 7 }),
  entry(5, { VarietyId: 8 }),
  entry(6, { CroppingCropDescr: 'seed crop for smiths ' }),
  entry(7, { Purpose: 'Milling' }),
  entry(8, { Purpose: 'Feed' }),
  entry(9, { VarietyId: 7, Year: 2026 }),
];

describe('resolveCroppingFill', () => {
  it.each([
    [CroppingStyleMode.Crop, 1, 2],
    [CroppingStyleMode.Variety, 4, 9],
    [CroppingStyleMode.Description, 6, 2],
    [CroppingStyleMode.PurposeAndGrass, 7, 2],
  ])(
    'in %s mode picks entry %i among entries for every year, and %i once entries for the year exist',
    (mode, yearless, withYears) => {
      const everyYear = entries.filter((each) => each.Year === undefined);
      expect(resolveCroppingFill(wheat, mode, everyYear).colour).toEqual([yearless, yearless, yearless]);
      expect(resolveCroppingFill(wheat, mode, entries).colour).toEqual([withYears, withYears, withYears]);
    },
  );

  it.each([
    ['an entry of another year', [entry(3, { Year: 2025 })]],
    ['an entry of another variety', [entry(5, { VarietyId: 8 })]],
    ['a variety entry in crop mode', [entry(4, { VarietyId: 7 })]],
    ['an entry of another crop', [{ CropId: CropId.Potatoes, Color: [9, 9, 9] } as CroppingStyleEntry]],
  ])('falls back to the crop style past %s', (_case, list) => {
    expect(resolveCroppingFill(wheat, CroppingStyleMode.Crop, list)).toEqual({
      colour: [230, 190, 90],
      pattern: null,
    });
  });

  it('ranks grass management with cuts above grass management alone and above purpose', () => {
    const list: CroppingStyleEntry[] = [
      { CropId: CropId.Grass, Purpose: 'Forage', Color: [1, 1, 1] },
      { CropId: CropId.Grass, GrassManagement: 2, Color: [2, 2, 2] },
      { CropId: CropId.Grass, GrassManagement: 2, GrassCuts: 3, Color: [3, 3, 3] },
      { CropId: CropId.Grass, GrassManagement: 2, GrassCuts: 4, Color: [4, 4, 4] },
    ];
    expect(resolveCroppingFill(grass, CroppingStyleMode.PurposeAndGrass, list).colour).toEqual([3, 3, 3]);
    expect(resolveCroppingFill(grass, CroppingStyleMode.PurposeAndGrass, list.slice(0, 2)).colour).toEqual([
      2, 2, 2,
    ]);
  });

  it('lets an entry for the crop year beat a variety entry for every year', () => {
    const list = [entry(4, { VarietyId: 7 }), entry(2, { Year: 2026 })];
    expect(resolveCroppingFill(wheat, CroppingStyleMode.Variety, list).colour).toEqual([2, 2, 2]);
  });

  it('keeps the first of two equally specific entries', () => {
    const list = [entry(1, { Pattern: 'dots.png' }), entry(2)];
    expect(resolveCroppingFill(wheat, CroppingStyleMode.Crop, list)).toEqual({
      colour: [1, 1, 1],
      pattern: 'dots.png',
    });
  });

  it('uses the crop table when the cropping carries no style, with its pattern', () => {
    const fallow = { ...wheat, CropId: CropId.Fallow, Style: null };
    expect(resolveCroppingFill(fallow, CroppingStyleMode.Crop)).toEqual({
      colour: cropColour(CropId.Fallow),
      pattern: 'diagonal.png',
    });
  });

  it.each([
    ['an unknown crop', 99_999],
    ['no crop', null],
  ])('is white for %s', (_case, cropId) => {
    expect(resolveCroppingFill({ ...wheat, CropId: cropId, Style: null }, CroppingStyleMode.Crop)).toEqual({
      colour: [255, 255, 255],
      pattern: null,
    });
  });
});
