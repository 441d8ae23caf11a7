import { croppingSpan, spansOverlap, type CroppingDates } from './cropping';
import { fieldArea, type FieldAreas } from './field';
import { roundArea } from './units';

export interface SpreadAreaCropping extends CroppingDates {
  CroppingId: number;
  YearId: number;
  Area: number | null;
  /** Negative or null when not set. */
  ManureSpreadArea: number | null;
  perennial: boolean;
}

function isSet(area: number | null | undefined): area is number {
  return area !== null && area !== undefined && area >= 0;
}

/**
 * The area manure may be spread on, in hectares. A cropping's own spread area wins when set (zero included).
 * Otherwise a cropping that covers the whole field (its chosen area type) and shares it with no other cropping of
 * the same year at the same time takes the field's spread area, when the field has one. Otherwise it is the
 * cropping area. `sameYearCroppings` are the field's other croppings of the cropping's year.
 */
export function spreadArea(
  cropping: SpreadAreaCropping,
  field: FieldAreas & { ManureSpreadArea: number | null },
  sameYearCroppings: readonly SpreadAreaCropping[],
): number {
  if (isSet(cropping.ManureSpreadArea)) return cropping.ManureSpreadArea;
  const area = cropping.Area ?? 0;
  if (!isSet(field.ManureSpreadArea)) return area;
  const coversField = roundArea(area) >= fieldArea(field);
  const span = croppingSpan(cropping, cropping.perennial);
  const shared = sameYearCroppings.some(
    (other) =>
      other.CroppingId !== cropping.CroppingId &&
      other.YearId === cropping.YearId &&
      spansOverlap(span, croppingSpan(other, other.perennial)),
  );
  return coversField && !shared ? field.ManureSpreadArea : area;
}
