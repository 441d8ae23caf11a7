import type { TFunction } from 'i18next';
import type { FeatureLike } from 'ol/Feature.js';
import { fieldArea, isFieldDisabledIn } from '@headland/domain/field';
import { formatHectares } from '@headland/domain/units';
import { croppingOf, fieldOf } from '../../map/layers/fieldFeatures.ts';
import { translatedServerCropName } from '../../i18n/cropNames.ts';

/**
 * The tooltip of a field or cropping: the field's name, then the crop (the cropping's own, or every crop of the
 * field this year, 'Uncropped' when none), then the area in hectares, and a note when the field is disabled in the
 * year.
 */
export function describeMapFeature(feature: FeatureLike, yearId: number, t: TFunction): string[] | null {
  const field = fieldOf(feature);
  if (!field) return null;
  const cropping = croppingOf(feature);
  const name = (each: { CropId: number; Crop: { Name: string } }) =>
    translatedServerCropName(t, each.CropId, each.Crop.Name);
  const crops = cropping ? [name(cropping)] : [...new Set(field.Croppings.map(name))];
  const area = cropping ? (cropping.Area ?? cropping.BoundaryArea ?? fieldArea(field)) : fieldArea(field);
  const lines = [
    field.FieldNumber ? `${field.Name} (${field.FieldNumber})` : field.Name,
    crops.length > 0 ? crops.join(', ') : t('map.tooltip.uncropped'),
    t('map.tooltip.area', { value: formatHectares(area) }),
  ];
  if (isFieldDisabledIn(field, yearId)) lines.push(t('map.tooltip.disabledInYear', { year: yearId }));
  return lines;
}
