import { CropId } from './crops';
import { roundArea } from './units';
import { isNonCrop } from './visibleCroppings';

/** What the totals need of a cropping. */
export interface TotalledCropping {
  FieldId: number;
  YearId: number;
  CropId: number;
  Area: number | null;
}

/** What the totals need of a field: its area (by its chosen area type) and whether it is disabled in the year. */
export interface TotalledField {
  FieldId: number;
  Area: number;
  Disabled: boolean;
}

/** One crop's (or non-crop use's) part of a year: hectares to 2 decimals, share of the cropped area, fields. */
export interface CropTotal {
  CropId: number;
  Hectares: number;
  /** Part of the year's cropped area, 0 to 1; null for non-crop uses, which are not part of it. */
  Share: number | null;
  Fields: number;
  Croppings: number;
}

/** The cropping of one crop year at a glance (issue 26 part 1). */
export interface YearTotals {
  YearId: number;
  /** Crops, largest area first. */
  Crops: CropTotal[];
  /** Grass margin, fallow, woodland and the other non-crop uses, largest first. */
  NonCrops: CropTotal[];
  CroppedHectares: number;
  NonCropHectares: number;
  /** Croppings marked uncropped, and the area of enabled fields with no cropping at all in the year. */
  UncroppedHectares: number;
  /** The enabled fields' area. */
  FieldHectares: number;
}

const byAreaThenId = (a: CropTotal, b: CropTotal) => b.Hectares - a.Hectares || a.CropId - b.CropId;

/**
 * The totals of `yearId` from the croppings the caller sees and the holding's fields. Hectares are the sums of the
 * croppings' areas as the fields list shows them, each rounded to 2 decimals. A field counts once per crop however
 * many croppings of that crop it has. Fields disabled in the year are left out with their croppings.
 * `fieldsWithAnyCropping` names fields holding croppings the caller cannot see: they are not called uncropped.
 */
export function yearTotals(
  yearId: number,
  croppings: readonly TotalledCropping[],
  fields: readonly TotalledField[],
  fieldsWithAnyCropping: ReadonlySet<number> = new Set(),
): YearTotals {
  const enabled = new Map(fields.filter((field) => !field.Disabled).map((field) => [field.FieldId, field]));
  const sums = new Map<number, { area: number; fields: Set<number>; croppings: number }>();
  const cropped = new Set<number>(fieldsWithAnyCropping);
  let uncropped = 0;
  for (const cropping of croppings) {
    if (cropping.YearId !== yearId || !enabled.has(cropping.FieldId)) continue;
    cropped.add(cropping.FieldId);
    // Each cropping as the fields list shows it (2 decimals), so that a crop's total is the sum a user can check.
    const area = roundArea(cropping.Area ?? 0);
    if (cropping.CropId === CropId.Uncropped) {
      uncropped += area;
      continue;
    }
    const sum = sums.get(cropping.CropId) ?? { area: 0, fields: new Set<number>(), croppings: 0 };
    sum.area += area;
    sum.fields.add(cropping.FieldId);
    sum.croppings += 1;
    sums.set(cropping.CropId, sum);
  }
  for (const field of enabled.values()) if (!cropped.has(field.FieldId)) uncropped += field.Area;

  const crops: CropTotal[] = [];
  const nonCrops: CropTotal[] = [];
  for (const [cropId, sum] of sums) {
    const total = {
      CropId: cropId,
      Hectares: roundArea(sum.area),
      Share: null,
      Fields: sum.fields.size,
      Croppings: sum.croppings,
    };
    (isNonCrop(cropId) ? nonCrops : crops).push(total);
  }
  const croppedHectares = roundArea(crops.reduce((all, crop) => all + crop.Hectares, 0));
  for (const crop of crops) crop.Share = croppedHectares > 0 ? crop.Hectares / croppedHectares : 0;
  return {
    YearId: yearId,
    Crops: crops.sort(byAreaThenId),
    NonCrops: nonCrops.sort(byAreaThenId),
    CroppedHectares: croppedHectares,
    NonCropHectares: roundArea(nonCrops.reduce((all, crop) => all + crop.Hectares, 0)),
    UncroppedHectares: roundArea(uncropped),
    FieldHectares: roundArea([...enabled.values()].reduce((all, field) => all + field.Area, 0)),
  };
}
