import type { ValidationIssue } from '@headland/domain/api/fieldsApi';
import { HoldingIssueCode } from '@headland/domain/holdingValidation';

/** The holding-validation findings about a cropping's own boundary. */
const boundaryCodes: readonly number[] = [
  HoldingIssueCode.CroppingOutsideField,
  HoldingIssueCode.CroppingBoundaryOverlap,
];

/**
 * What the holding validation says about one cropping's boundary (outside its field, overlapping another
 * cropping of the field), each message once.
 */
export function croppingBoundaryWarnings(issues: readonly ValidationIssue[], croppingId: number): string[] {
  const messages = issues
    .filter((issue) => issue.CroppingIds.includes(croppingId) && boundaryCodes.includes(issue.Code))
    .map((issue) => issue.Message);
  return [...new Set(messages)];
}
