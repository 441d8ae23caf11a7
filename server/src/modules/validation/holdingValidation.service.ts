import type { ValidationIssue } from '@headland/domain/api/fieldsApi';
import { croppingSpan, spansOverlap } from '@headland/domain/cropping';
import {
  HoldingIssueCode,
  holdingIssue,
  validateHoldingYear,
  type HoldingIssue,
} from '@headland/domain/holdingValidation';
import type { Db } from '../../db/database.ts';
import { isPerennialCrop, rotationCroppingOf } from '../croppings/croppings.service.ts';
import { selectCroppingRows } from '../croppings/croppings.service.ts';
import type { Caller } from '../../auth/caller.ts';
import { selectFieldRows, selectHoldingYears } from '../fields/fields.service.ts';
import {
  selectCroppingsOutsideField,
  selectOverlappingCroppings,
  selectOverlappingFields,
} from './holdingValidation.queries.ts';

/**
 * The holding's issues in one crop year. Codes without geometry (2000-2003, 2006) come from the domain rule over
 * the fields and the croppings of the year and its neighbours; boundary codes (1000, 2004, 2005) from one PostGIS
 * query each. Croppings hidden from a restricted member are left out, so no issue reveals them.
 */
export async function validateHolding(db: Db, caller: Caller, yearId: number): Promise<ValidationIssue[]> {
  const [fields, croppings, years, fieldPairs, croppingPairs, outside] = await Promise.all([
    selectFieldRows(db, caller.holdingId, { srid: null }),
    selectCroppingRows(db, {
      holdingId: caller.holdingId,
      access: caller.access,
      yearIds: [yearId - 1, yearId, yearId + 1],
    }),
    selectHoldingYears(db, caller.holdingId),
    selectOverlappingFields(db, caller.holdingId, yearId),
    selectOverlappingCroppings(db, caller.access, yearId),
    selectCroppingsOutsideField(db, caller.access, yearId),
  ]);
  const holdingYears = years.length > 0 ? years : [yearId];

  const issues: HoldingIssue[] = validateHoldingYear({
    yearId,
    holdingYears: { first: Math.min(...holdingYears), last: Math.max(...holdingYears) },
    fields: fields.map((field) => ({
      FieldId: field.id,
      Years: field.years,
      AreaType: field.area_type,
      BoundaryArea: field.boundary_area,
      WorkingArea: field.working_area,
      WholeArea: field.whole_area,
    })),
    croppings: croppings.map(rotationCroppingOf),
  });

  for (const pair of fieldPairs) {
    issues.push(holdingIssue(HoldingIssueCode.FieldBoundaryOverlap, pair.field_id));
    issues.push(holdingIssue(HoldingIssueCode.FieldBoundaryOverlap, pair.other_id));
  }

  // Boundaries may share ground when the crops follow one another: only croppings growing at the same time clash.
  const byId = new Map(croppings.map((row) => [row.id, rotationCroppingOf(row)]));
  for (const pair of croppingPairs) {
    const a = byId.get(pair.cropping_id);
    const b = byId.get(pair.other_id);
    if (!a || !b) continue;
    const together = spansOverlap(
      croppingSpan(a, isPerennialCrop(a.CropId)),
      croppingSpan(b, isPerennialCrop(b.CropId)),
    );
    if (together) {
      issues.push(
        holdingIssue(HoldingIssueCode.CroppingBoundaryOverlap, pair.field_id, [
          pair.cropping_id,
          pair.other_id,
        ]),
      );
    }
  }

  for (const row of outside) {
    issues.push(holdingIssue(HoldingIssueCode.CroppingOutsideField, row.field_id, [row.cropping_id]));
  }

  return issues
    .sort(
      (a, b) => a.FieldId - b.FieldId || a.Code - b.Code || (a.CroppingIds[0] ?? 0) - (b.CroppingIds[0] ?? 0),
    )
    .map((issue) => (issue.CroppingIds.length > 0 ? { ...issue, CroppingId: issue.CroppingIds[0] } : issue));
}
