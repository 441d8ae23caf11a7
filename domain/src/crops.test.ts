import { describe, expect, it } from 'vitest';
import {
  CropCategory,
  CropId,
  CropPurpose,
  CropResidue,
  cropCategoryLabels,
  cropColour,
  cropDefinitionById,
  cropDefinitions,
  cropLabel,
  cropPurposeSchema,
  missingCropColour,
} from './crops';

describe('crop ids from the spec', () => {
  it.each([
    ['Uncropped', 0],
    ['WinterWheat', 1],
    ['SpringWheat', 2],
    ['WinterBarley', 4],
    ['Potatoes', 13],
    ['SugarBeet', 18],
    ['Grass', 54],
    ['Maize', 161],
  ] as const)('%s is %i', (name, id) => {
    expect(CropId[name]).toBe(id);
  });

  it('ids chosen here start above 1000 so they cannot clash with shared ids', () => {
    const specIds = new Set([0, 1, 2, 4, 13, 18, 54, 161]);
    const chosen = Object.values(CropId).filter((id) => !specIds.has(id));
    expect(chosen.every((id) => id > 1000)).toBe(true);
  });
});

describe('the crop table', () => {
  it('has one row per crop id, each id once', () => {
    const ids = cropDefinitions.map((crop) => crop.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual([...Object.values(CropId)].sort((a, b) => a - b));
  });

  it.each(cropDefinitions.map((crop) => [crop.name, crop] as const))('%s is well formed', (_name, crop) => {
    expect(crop.name.trim()).not.toBe('');
    expect(Object.values(CropCategory)).toContain(crop.category);
    expect(crop.colour).toHaveLength(3);
    for (const channel of crop.colour)
      expect(channel >= 0 && channel <= 255 && Number.isInteger(channel)).toBe(true);
    for (const purpose of crop.purposes.list) expect(cropPurposeSchema.safeParse(purpose).success).toBe(true);
    if (crop.purposes.userSelection) expect(crop.purposes.list.length).toBeGreaterThan(1);
  });

  it.each([
    [CropId.WinterWheat, { residue: true, perennial: false, userSelection: true }],
    [CropId.Grass, { residue: false, perennial: true, userSelection: false }],
    [CropId.Potatoes, { residue: false, perennial: false, userSelection: true }],
  ])('crop %i flags', (id, flags) => {
    const crop = cropDefinitionById(id);
    expect(crop).toBeDefined();
    expect({
      residue: crop?.residue,
      perennial: crop?.perennial,
      userSelection: crop?.purposes.userSelection,
    }).toEqual(flags);
  });

  it('marks cover crops from their category', () => {
    expect(cropDefinitionById(CropId.CoverCrop)?.coverCrop).toBe(true);
    expect(cropDefinitionById(CropId.WinterWheat)?.coverCrop).toBe(false);
  });

  it('potatoes offer the potato purposes', () => {
    expect(cropDefinitionById(CropId.Potatoes)?.purposes.list).toEqual([
      CropPurpose.Maincrop,
      CropPurpose.FirstEarly,
      CropPurpose.SecondEarly,
      CropPurpose.Seed,
    ]);
  });
});

describe('enumerations', () => {
  it('category ids run 1 to 14 with a label each', () => {
    expect(Object.values(CropCategory)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(Object.keys(cropCategoryLabels)).toHaveLength(14);
  });

  it("residue ids are the spec's", () => {
    expect(CropResidue).toEqual({ Incorporated: 1, Baled: 3 });
  });
});

describe('cropColour', () => {
  it.each([
    [CropId.Grass, [60, 180, 75]],
    [999_999, missingCropColour],
  ])('crop %i', (id, colour) => {
    expect(cropColour(id)).toEqual(colour);
  });
});

describe('cropLabel', () => {
  it.each([
    [{ CropId: 0, CropName: null }, 'Uncropped'],
    [{ CropId: null, CropName: null }, 'Uncropped'],
    [{ CropId: CropId.WinterWheat, CropName: null }, 'Winter wheat'],
    [{ CropId: CropId.Other, CropName: 'Quinoa' }, 'Quinoa'],
    [{ CropId: CropId.Other, CropName: '  ' }, 'Other'],
    [{ CropId: 999_999, CropName: null }, 'Unknown crop'],
  ])('%j is %s', (cropping, label) => {
    expect(cropLabel(cropping)).toBe(label);
  });
});
