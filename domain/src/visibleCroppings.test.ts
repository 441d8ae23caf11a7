import { describe, expect, it } from 'vitest';
import { CropId } from './crops';
import {
  isNonCrop,
  isVisibleCropping,
  visibleCroppingEntries,
  visibleCroppingEntrySchema,
  type ListedCropping,
} from './visibleCroppings';

describe('isVisibleCropping', () => {
  it.each([
    ['no crop (id 0)', CropId.Uncropped, false],
    ['non-farmed area', CropId.NonFarmedArea, false],
    ['woodland', CropId.Woodland, false],
    ['a hidden crop', CropId.SetAside, false],
    ['winter wheat', CropId.WinterWheat, true],
    ['fallow, a non-crop that is still listed', CropId.Fallow, true],
    ['a crop missing from the table', 999_999, true],
  ])('%s: %s', (_name, cropId, visible) => {
    expect(isVisibleCropping({ CropId: cropId })).toBe(visible);
  });

  it('asks the given crop lookup whether a crop is hidden', () => {
    const hideWheat = (id: number) => ({ name: 'x', perennial: false, hidden: id === CropId.WinterWheat });
    expect(isVisibleCropping({ CropId: CropId.WinterWheat }, hideWheat)).toBe(false);
  });
});

describe('isNonCrop', () => {
  it.each([
    [CropId.GrassMargin, true],
    [CropId.OutdoorPigs, true],
    [CropId.OutdoorPoultry, true],
    [CropId.Efa, true],
    [CropId.Fallow, true],
    [CropId.NonFarmedArea, true],
    [CropId.Woodland, true],
    [CropId.Grass, false],
    [CropId.WinterWheat, false],
  ])('crop %i: %s', (cropId, nonCrop) => {
    expect(isNonCrop(cropId)).toBe(nonCrop);
  });
});

describe('visibleCroppingEntries', () => {
  const base = { CropName: null, CropDescr: null, VarietyName: null };
  const croppings: ListedCropping[] = [
    {
      ...base,
      CroppingId: 1,
      FieldId: 10,
      YearId: 2026,
      CropId: CropId.WinterWheat,
      Area: 12.345,
      VarietyName: 'Skyfall',
    },
    {
      ...base,
      CroppingId: 2,
      FieldId: 11,
      YearId: 2026,
      CropId: CropId.Other,
      CropName: 'Quinoa',
      Area: 3,
      CropDescr: 'Trial',
    },
    { ...base, CroppingId: 3, FieldId: 10, YearId: 2026, CropId: CropId.Woodland, Area: 1 },
    { ...base, CroppingId: 4, FieldId: 10, YearId: 2025, CropId: CropId.WinterWheat, Area: 12 },
    { ...base, CroppingId: 5, FieldId: 99, YearId: 2026, CropId: CropId.WinterWheat, Area: 12 },
    { ...base, CroppingId: 6, FieldId: 10, YearId: 2026, CropId: CropId.Uncropped, Area: 1 },
  ];
  const fields = new Map([
    [10, { Name: 'Field 10', FieldGroup: 'North' }],
    [11, { Name: 'Field 9', FieldGroup: null }],
  ]);

  it('lists the visible croppings of the year in field order', () => {
    const entries = visibleCroppingEntries(croppings, fields, 2026);
    expect(entries).toEqual([
      {
        croppingId: 2,
        description: 'Field 9, Quinoa, 3.00 ha',
        fieldId: 11,
        fieldName: 'Field 9',
        fieldGroup: null,
        area: 3,
        cropId: CropId.Other,
        cropName: 'Quinoa',
        varietyName: null,
        cropDescription: 'Trial',
      },
      {
        croppingId: 1,
        description: 'Field 10, Winter wheat, 12.35 ha',
        fieldId: 10,
        fieldName: 'Field 10',
        fieldGroup: 'North',
        area: 12.35,
        cropId: CropId.WinterWheat,
        cropName: 'Winter wheat',
        varietyName: 'Skyfall',
        cropDescription: null,
      },
    ]);
    for (const entry of entries) expect(visibleCroppingEntrySchema.parse(entry)).toEqual(entry);
  });

  const wheat = (CroppingId: number, FieldId: number, CropName: string | null = null): ListedCropping => ({
    ...base,
    CroppingId,
    FieldId,
    YearId: 2026,
    CropId: CropName ? CropId.Other : CropId.WinterWheat,
    CropName,
    Area: 1,
  });

  it.each([
    [
      'numbers in field names in numeric order',
      ['Field 10', 'Field 9', 'field 1'],
      ['field 1', 'Field 9', 'Field 10'],
    ],
    ['accents sort beside their letter', ['Zeta', 'Éast', 'East'], ['East', 'Éast', 'Zeta']],
    ['case does not come first', ['b', 'A', 'a', 'B'], ['a', 'A', 'b', 'B']],
  ])('sorts by field name: %s', (_name, names, expected) => {
    const named = new Map(names.map((Name, index) => [index + 1, { Name, FieldGroup: null }]));
    const entries = visibleCroppingEntries(
      names.map((_, index) => wheat(index + 1, index + 1)),
      named,
      2026,
    );
    expect(entries.map((entry) => entry.fieldName)).toEqual(expected);
  });

  it('sorts the croppings of one field by crop name, then by id', () => {
    const one = new Map([[1, { Name: 'Home', FieldGroup: null }]]);
    const entries = visibleCroppingEntries(
      [wheat(7, 1, 'oats'), wheat(3, 1, 'Barley'), wheat(5, 1, 'Oats'), wheat(4, 1, 'oats')],
      one,
      2026,
    );
    expect(entries.map((entry) => [entry.cropName, entry.croppingId])).toEqual([
      ['Barley', 3],
      ['oats', 4],
      ['oats', 7],
      ['Oats', 5],
    ]);
  });
});
