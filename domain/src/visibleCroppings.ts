import { z } from 'zod';
import { croppingDescription, type Cropping } from './cropping';
import { CropId, cropDefinitionById, cropLabel } from './crops';
import type { Field } from './field';
import { roundArea } from './units';

/** What the rules need to know of a crop; the crop table answers it by default. */
export type CropLookup = (
  cropId: number,
) => { name: string; hidden: boolean; perennial: boolean } | undefined;

export const defaultCropLookup: CropLookup = cropDefinitionById;

/** Land uses that are recorded like crops but are not crops. */
export const nonCropIds: ReadonlySet<number> = new Set([
  CropId.GrassMargin,
  CropId.OutdoorPigs,
  CropId.OutdoorPoultry,
  CropId.Efa,
  CropId.Fallow,
  CropId.NonFarmedArea,
  CropId.Woodland,
]);

export function isNonCrop(cropId: number): boolean {
  return nonCropIds.has(cropId);
}

/** Croppings without a crop, on non-farmed land or woodland, or of a hidden crop are left out of lists. */
export function isVisibleCropping(
  cropping: Pick<Cropping, 'CropId'>,
  crops: CropLookup = defaultCropLookup,
): boolean {
  const id = cropping.CropId;
  if (id === CropId.Uncropped || id === CropId.NonFarmedArea || id === CropId.Woodland) return false;
  return crops(id)?.hidden !== true;
}

export const visibleCroppingEntrySchema = z.object({
  croppingId: z.number().int(),
  /** Field name, crop and area, as in 'Home field, Winter wheat, 12.30 ha'. */
  description: z.string(),
  fieldId: z.number().int(),
  fieldName: z.string(),
  fieldGroup: z.string().nullable(),
  area: z.number(),
  cropId: z.number().int(),
  cropName: z.string(),
  varietyName: z.string().nullable(),
  cropDescription: z.string().nullable(),
});
export type VisibleCroppingEntry = z.infer<typeof visibleCroppingEntrySchema>;

export type ListedCropping = Pick<
  Cropping,
  'CroppingId' | 'FieldId' | 'YearId' | 'CropId' | 'CropName' | 'CropDescr' | 'VarietyName' | 'Area'
>;

// One collator each, made once: `localeCompare` with a locale builds a collator per comparison, which made
// sorting a few thousand croppings take tens of milliseconds.
const fieldNameOrder = new Intl.Collator('en-GB', { numeric: true });
const cropNameOrder = new Intl.Collator('en-GB');

/**
 * The visible croppings of one year as list entries, sorted by field name, then crop, then id. Croppings of
 * fields not given are left out.
 */
export function visibleCroppingEntries(
  croppings: readonly ListedCropping[],
  fields: ReadonlyMap<number, Pick<Field, 'Name' | 'FieldGroup'>>,
  yearId: number,
  crops: CropLookup = defaultCropLookup,
): VisibleCroppingEntry[] {
  const entries: VisibleCroppingEntry[] = [];
  for (const cropping of croppings) {
    const field = fields.get(cropping.FieldId);
    if (!field || cropping.YearId !== yearId || !isVisibleCropping(cropping, crops)) continue;
    const cropName = cropLabel(cropping, (id) => crops(id)?.name);
    const area = roundArea(cropping.Area ?? 0);
    entries.push({
      croppingId: cropping.CroppingId,
      description: croppingDescription(field.Name, cropName, area),
      fieldId: cropping.FieldId,
      fieldName: field.Name,
      fieldGroup: field.FieldGroup,
      area,
      cropId: cropping.CropId,
      cropName,
      varietyName: cropping.VarietyName,
      cropDescription: cropping.CropDescr,
    });
  }
  return entries.sort(
    (a, b) =>
      fieldNameOrder.compare(a.fieldName, b.fieldName) ||
      cropNameOrder.compare(a.cropName, b.cropName) ||
      a.croppingId - b.croppingId,
  );
}
