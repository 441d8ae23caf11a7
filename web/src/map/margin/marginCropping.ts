import type { CroppingCreate } from '@headland/domain/api/croppingCreateApi';
import type { Brand } from '@headland/domain/brands';
import { CropId } from '@headland/domain/crops';
import type Polygon from 'ol/geom/Polygon.js';
import { writeBoundary } from '../layers/fieldFeatures.ts';

/** The crop of each brand's default margin crop (fields-croppings-maps §9: grass margin for the main brand). */
const marginCropIds: Readonly<Record<Brand['defaultCropMargin'], number>> = {
  grassMargin: CropId.GrassMargin,
};

export function marginCropId(brand: Pick<Brand, 'defaultCropMargin'>): number {
  return marginCropIds[brand.defaultCropMargin];
}

/**
 * The cropping a picked margin becomes: the brand's margin crop on the field in the crop year, with the margin
 * strip (EPSG:3857) as its boundary. No area is sent, so the server gives the cropping its boundary's area;
 * the croppings in `takeAreaFrom` lose that area (and strip) in the same change.
 */
export function marginCroppingWrite(input: {
  fieldId: number;
  yearId: number;
  cropId: number;
  margin: Polygon;
  /** Croppings of the field that give up the margin's area (the crop it is taken out of). */
  takeAreaFrom?: readonly number[];
  /**
   * When the margin starts: the sowing date of the crop it is taken from, so that it overlaps the field's
   * previous crop no more than that crop does. None leaves the margin undated.
   */
  sowingDate?: string | null;
}): CroppingCreate {
  return {
    FieldId: input.fieldId,
    YearId: input.yearId,
    CropId: input.cropId,
    Boundary: writeBoundary(input.margin),
    srid: 4326,
    ...(input.takeAreaFrom?.length ? { TakeAreaFrom: [...input.takeAreaFrom] } : {}),
    ...(input.sowingDate ? { SowingDate: input.sowingDate } : {}),
  };
}
