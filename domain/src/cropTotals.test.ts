import { describe, expect, it } from 'vitest';
import { CropId } from './crops';
import { yearTotals, type TotalledCropping, type TotalledField } from './cropTotals';

const field = (FieldId: number, Area: number, Disabled = false): TotalledField => ({
  FieldId,
  Area,
  Disabled,
});
const cropping = (FieldId: number, CropId: number, Area: number | null, YearId = 2025): TotalledCropping => ({
  FieldId,
  YearId,
  CropId,
  Area,
});

describe('yearTotals', () => {
  const fields = [field(1, 10), field(2, 5), field(3, 4), field(4, 2, true), field(5, 1.5)];

  it('sums each crop as the list shows its croppings, counts its fields once and shares the cropped area', () => {
    const totals = yearTotals(
      2025,
      [
        cropping(1, CropId.WinterWheat, 6.004),
        cropping(1, CropId.WinterWheat, 3.003),
        cropping(2, CropId.WinterWheat, 1),
        cropping(2, CropId.SpringBarley, 4),
        cropping(3, CropId.GrassMargin, 0.5),
        cropping(3, CropId.Uncropped, 3.5),
        cropping(4, CropId.SpringBarley, 2),
        cropping(1, CropId.SpringBarley, 9, 2024),
      ],
      fields,
    );
    expect(totals.Crops).toEqual([
      { CropId: CropId.WinterWheat, Hectares: 10, Share: 10 / 14, Fields: 2, Croppings: 3 },
      { CropId: CropId.SpringBarley, Hectares: 4, Share: 4 / 14, Fields: 1, Croppings: 1 },
    ]);
    expect(totals.NonCrops).toEqual([
      { CropId: CropId.GrassMargin, Hectares: 0.5, Share: null, Fields: 1, Croppings: 1 },
    ]);
    // 6.004 and 3.003 are listed as 6.00 and 3.00: the total adds what the list shows, not 10.01.
    expect(totals.CroppedHectares).toBe(14);
    expect(totals.NonCropHectares).toBe(0.5);
    // The uncropped cropping of field 3 and field 5, which has none; field 4 is disabled in the year.
    expect(totals.UncroppedHectares).toBe(5);
    expect(totals.FieldHectares).toBe(20.5);
  });

  it('does not call a field uncropped when its croppings are hidden from the caller', () => {
    const totals = yearTotals(2025, [], [field(1, 10), field(2, 3)], new Set([1]));
    expect(totals.UncroppedHectares).toBe(3);
    expect(totals.Crops).toEqual([]);
    expect(totals.CroppedHectares).toBe(0);
  });
});
