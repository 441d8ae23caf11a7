import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import { CropId } from '@headland/domain/crops';

export interface FieldGroupRows {
  /** The field group's name; null for the fields without one, listed last as 'Other fields'. */
  group: string | null;
  fields: FieldResponse[];
}

export interface FieldListFilter {
  /** Matches the field name or number, ignoring case. */
  search: string;
  /** Only fields with a cropping of this crop in the year; 0 (Uncropped) for fields without any. */
  cropId: number | null;
}

const compareNames = (a: string, b: string) =>
  a.localeCompare(b, 'en-GB', { numeric: true, sensitivity: 'base' });

function matchesSearch(field: FieldResponse, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase('en-GB');
  if (wanted === '') return true;
  return [field.Name, field.FieldNumber ?? ''].some((text) =>
    text.toLocaleLowerCase('en-GB').includes(wanted),
  );
}

function matchesCrop(field: FieldResponse, cropId: number | null): boolean {
  if (cropId === null) return true;
  const cropped = field.Croppings.filter((cropping) => cropping.CropId !== CropId.Uncropped);
  // A field whose croppings are hidden from the caller is not known to be uncropped.
  if (cropId === CropId.Uncropped) return cropped.length === 0 && field.HiddenCroppingYears.length === 0;
  return cropped.some((cropping) => cropping.CropId === cropId);
}

/**
 * The field list of one crop year: the fields that pass the filter, by field group in name order with the
 * fields of no group last, and by name (numbers in names counted as numbers) within each group.
 */
export function groupFields(fields: readonly FieldResponse[], filter: FieldListFilter): FieldGroupRows[] {
  const groups = new Map<string | null, FieldResponse[]>();
  for (const field of fields) {
    if (!matchesSearch(field, filter.search) || !matchesCrop(field, filter.cropId)) continue;
    const group = field.FieldGroup?.trim() || null;
    groups.set(group, [...(groups.get(group) ?? []), field]);
  }
  return [...groups.entries()]
    .map(([group, members]) => ({ group, fields: members.sort((a, b) => compareNames(a.Name, b.Name)) }))
    .sort((a, b) => {
      if (a.group === null) return b.group === null ? 0 : 1;
      if (b.group === null) return -1;
      return compareNames(a.group, b.group);
    });
}
