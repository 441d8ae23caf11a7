import { z } from 'zod';
import { FieldAreaType, fieldAreaTypeSchema } from './crops';
import { roundArea } from './units';

export const fieldYearSchema = z.object({
  YearId: z.number().int(),
  Disabled: z.boolean(),
});

/**
 * A field as the API sends it. Areas are hectares; the boundary geometry travels separately with its SRID, so it
 * is not part of this shape.
 */
export const fieldSchema = z.object({
  FieldId: z.number().int(),
  Name: z.string(),
  FieldNumber: z.string().nullable(),
  FieldGroup: z.string().nullable(),
  AreaType: fieldAreaTypeSchema,
  BoundaryArea: z.number().nonnegative().nullable(),
  WorkingArea: z.number().nonnegative().nullable(),
  WholeArea: z.number().nonnegative().nullable(),
  /** Negative or null means not set: the field area then counts for manure spreading. */
  ManureSpreadArea: z.number().nullable(),
  Years: z.array(fieldYearSchema),
  IgnoreBoundary: z.boolean(),
  /** Moved on by every change: a save names the version it was read at, and a stale one is refused (409). */
  Version: z.number().int().positive(),
});
export type Field = z.infer<typeof fieldSchema>;

export type FieldAreas = Pick<Field, 'AreaType' | 'BoundaryArea' | 'WorkingArea' | 'WholeArea'>;

/**
 * The field's area of its chosen area type, in hectares rounded to 2 decimals. When that area is missing the
 * boundary area stands in, then the whole and working areas, so a field never reads as empty while it has one.
 */
export function fieldArea(field: FieldAreas): number {
  const chosen =
    field.AreaType === FieldAreaType.Whole
      ? field.WholeArea
      : field.AreaType === FieldAreaType.Working
        ? field.WorkingArea
        : field.BoundaryArea;
  return roundArea(chosen ?? field.BoundaryArea ?? field.WholeArea ?? field.WorkingArea ?? 0);
}

/** A field can be switched off for single crop years; it then takes no croppings in that year. */
export function isFieldDisabledIn(field: Pick<Field, 'Years'>, yearId: number): boolean {
  return field.Years.some((year) => year.YearId === yearId && year.Disabled);
}
