import { z } from 'zod';
import { hasInvalidDates, type CroppingDates } from './cropping';
import { CroppingDateError, concurrentCropsExcess, validateCroppingDates } from './croppingDates';
import { fieldArea, isFieldDisabledIn, type Field, type FieldAreas } from './field';
import { concurrentCropAreaToleranceHa } from './limits';
import { linkFieldRotations } from './rotation';
import { roundTo } from './units';
import { defaultCropLookup, isNonCrop, isVisibleCropping, type CropLookup } from './visibleCroppings';

/**
 * Problems a holding's data can have in a crop year. 2002 and 2003 both mean "cropped area larger than the
 * field": 2002 is one cropping larger than its field on its own, 2003 croppings growing at the same time that
 * together take more than the field. Both allow the 0.1 ha tolerance of the concurrent-crops rule.
 */
export const HoldingIssueCode = {
  FieldBoundaryOverlap: 1000,
  SowingNotBeforeEnd: 2000,
  WrongYear: 2001,
  CroppingLargerThanField: 2002,
  CroppingsLargerThanField: 2003,
  CroppingBoundaryOverlap: 2004,
  CroppingOutsideField: 2005,
  PreviousCropNotSet: 2006,
} as const;
export type HoldingIssueCode = (typeof HoldingIssueCode)[keyof typeof HoldingIssueCode];
export const holdingIssueCodeSchema = z.enum(HoldingIssueCode);

export const holdingIssueMessages: Record<HoldingIssueCode, string> = {
  1000: "The field's boundary overlaps another field.",
  2000: 'The sowing date is not before the harvest or destruction date.',
  2001: 'The cropping dates do not fit its crop year.',
  2002: "The cropping's area is larger than the field's area.",
  2003: "The croppings growing on this field at the same time take more than the field's area.",
  2004: "The cropping's boundary overlaps another cropping on the field.",
  2005: "The cropping's boundary lies outside the field boundary.",
  2006: 'The previous crop is not set.',
};

/** These need the boundaries and are computed in the database; the others are computed here. */
export const geometricHoldingIssueCodes: ReadonlySet<HoldingIssueCode> = new Set([
  HoldingIssueCode.FieldBoundaryOverlap,
  HoldingIssueCode.CroppingBoundaryOverlap,
  HoldingIssueCode.CroppingOutsideField,
]);

export const holdingIssueSchema = z.object({
  Code: holdingIssueCodeSchema,
  FieldId: z.number().int(),
  /** The croppings concerned, in id order; empty for a field issue. */
  CroppingIds: z.array(z.number().int()),
  Message: z.string(),
});
export type HoldingIssue = z.infer<typeof holdingIssueSchema>;

export function holdingIssue(
  code: HoldingIssueCode,
  fieldId: number,
  croppingIds: readonly number[] = [],
): HoldingIssue {
  return {
    Code: code,
    FieldId: fieldId,
    CroppingIds: [...croppingIds].sort((a, b) => a - b),
    Message: holdingIssueMessages[code],
  };
}

export interface ValidatedCropping extends CroppingDates {
  CroppingId: number;
  FieldId: number;
  YearId: number;
  CropId: number;
  Area: number | null;
}

export interface HoldingYearInput {
  yearId: number;
  holdingYears: { first: number; last: number };
  fields: readonly (Pick<Field, 'FieldId' | 'Years'> & FieldAreas)[];
  /**
   * The holding's croppings of the year and of the years either side: the year before tells the previous crops
   * (2006), and croppings of the next year may overlap in time (2003).
   */
  croppings: readonly ValidatedCropping[];
  crops?: CropLookup;
}

const wrongYearErrors: ReadonlySet<CroppingDateError> = new Set(
  Object.values(CroppingDateError).filter((error) => error !== CroppingDateError.Date),
);

/** The issues of one crop year that need no geometry (2000, 2001, 2002, 2003, 2006), field by field. */
export function validateHoldingYear(input: HoldingYearInput): HoldingIssue[] {
  const crops = input.crops ?? defaultCropLookup;
  const perennial = (cropping: ValidatedCropping) => crops(cropping.CropId)?.perennial ?? false;
  const fields = input.fields.filter((field) => !isFieldDisabledIn(field, input.yearId));
  const areaOf = new Map(fields.map((field) => [field.FieldId, fieldArea(field)]));
  const croppings = input.croppings.filter((cropping) => areaOf.has(cropping.FieldId));
  const withPerennial = croppings.map((cropping) => ({ ...cropping, perennial: perennial(cropping) }));
  const links = linkFieldRotations(withPerennial, areaOf);
  const issues: HoldingIssue[] = [];
  const concurrentSeen = new Set<string>();

  for (const cropping of withPerennial) {
    if (cropping.YearId !== input.yearId) continue;
    const fieldId = cropping.FieldId;
    const area = areaOf.get(fieldId) ?? 0;
    const ids = [cropping.CroppingId];

    const dateErrors = validateCroppingDates(cropping, { holdingYears: input.holdingYears });
    if (dateErrors.includes(CroppingDateError.Date)) {
      issues.push(holdingIssue(HoldingIssueCode.SowingNotBeforeEnd, fieldId, ids));
    }
    if (dateErrors.some((error) => wrongYearErrors.has(error))) {
      issues.push(holdingIssue(HoldingIssueCode.WrongYear, fieldId, ids));
    }

    if (roundTo((cropping.Area ?? 0) - area, 6) > concurrentCropAreaToleranceHa) {
      issues.push(holdingIssue(HoldingIssueCode.CroppingLargerThanField, fieldId, ids));
    }

    const others = withPerennial.filter((other) => other.FieldId === fieldId);
    const excess = concurrentCropsExcess(cropping, others, area);
    if (excess) {
      const group = [cropping.CroppingId, ...excess.overlappingIds].sort((a, b) => a - b);
      const key = group.join(',');
      if (!concurrentSeen.has(key)) {
        concurrentSeen.add(key);
        issues.push(holdingIssue(HoldingIssueCode.CroppingsLargerThanField, fieldId, group));
      }
    }

    const needsPreviousCrop =
      input.yearId > input.holdingYears.first &&
      isVisibleCropping(cropping, crops) &&
      !isNonCrop(cropping.CropId) &&
      !hasInvalidDates(cropping);
    if (needsPreviousCrop && (links.get(cropping.CroppingId)?.previousIds.length ?? 0) === 0) {
      issues.push(holdingIssue(HoldingIssueCode.PreviousCropNotSet, fieldId, ids));
    }
  }

  return issues.sort(
    (a, b) => a.FieldId - b.FieldId || a.Code - b.Code || (a.CroppingIds[0] ?? 0) - (b.CroppingIds[0] ?? 0),
  );
}
