import { z } from 'zod';
import { sessionYearQuerySchema } from './fieldsApi.ts';

/** The deepest zoom a field tile is made for: a tile is then about 10 m across, finer than any field edit. */
export const maxFieldTileZoom = 22;

/** The tile grid's x or y: whole, from 0 to the last tile of the deepest zoom; the zoom's own limit is checked below. */
const tileIndex = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** maxFieldTileZoom - 1);

/**
 * A tile of the web mercator grid (z/x/y, y from the north as in XYZ tiles). x and y are refused past the last
 * tile of zoom z, with the largest allowed value.
 */
export const fieldTileParamsSchema = z
  .object({
    z: z.coerce.number().int().min(0).max(maxFieldTileZoom).describe('Zoom level of the tile, 0 to 22.'),
    x: tileIndex.describe('Column of the tile, 0 at 180° west.'),
    y: tileIndex.describe('Row of the tile, 0 at the north edge of the web mercator square.'),
  })
  .superRefine((tile, context) => {
    const last = 2 ** tile.z - 1;
    for (const axis of ['x', 'y'] as const) {
      if (tile[axis] > last)
        context.addIssue({
          code: 'custom',
          path: [axis],
          params: { code: 'tooLarge', max: last, inclusive: true },
        });
    }
  });
export type FieldTileParams = z.infer<typeof fieldTileParamsSchema>;

export const fieldTileQuerySchema = z.object({ year: sessionYearQuerySchema });

/** The layers of a field tile and their attributes, the same from either encoder. */
export const fieldTileLayers = {
  /** Every field of the holding with a boundary: FieldId, Name, FieldNumber (when set), Disabled in the year. */
  fields: 'fields',
  /** The year's croppings the caller may see: CroppingId, FieldId, CropId; the cropping's own boundary, or its field's. */
  croppings: 'croppings',
} as const;

/** The most bytes a field tile carries: coarse zooms leave out the smallest fields until it fits. */
export const maxFieldTileBytes = 500 * 1024;

/** The XYZ tile of zoom z that holds a point given in degrees (web mercator). */
export function tileOfPoint(lon: number, lat: number, z: number): FieldTileParams {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const clamp = (value: number) => Math.min(n - 1, Math.max(0, Math.floor(value)));
  return {
    z,
    x: clamp(((lon + 180) / 360) * n),
    y: clamp(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}
