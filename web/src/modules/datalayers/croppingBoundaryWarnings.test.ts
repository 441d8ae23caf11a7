import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '@headland/domain/api/fieldsApi';
import { HoldingIssueCode, holdingIssue } from '@headland/domain/holdingValidation';
import { croppingBoundaryWarnings } from './croppingBoundaryWarnings.ts';

const issues: ValidationIssue[] = [
  holdingIssue(HoldingIssueCode.CroppingOutsideField, 1, [5]),
  holdingIssue(HoldingIssueCode.CroppingBoundaryOverlap, 1, [4, 5]),
  holdingIssue(HoldingIssueCode.CroppingBoundaryOverlap, 1, [5, 6]),
  holdingIssue(HoldingIssueCode.SowingNotBeforeEnd, 1, [5]),
  holdingIssue(HoldingIssueCode.CroppingOutsideField, 2, [7]),
  holdingIssue(HoldingIssueCode.FieldBoundaryOverlap, 1),
];

describe('croppingBoundaryWarnings', () => {
  it.each([
    [
      5,
      [
        "The cropping's boundary lies outside the field boundary.",
        "The cropping's boundary overlaps another cropping on the field.",
      ],
    ],
    [4, ["The cropping's boundary overlaps another cropping on the field."]],
    [7, ["The cropping's boundary lies outside the field boundary."]],
    [8, []],
  ])('cropping %i: %j', (croppingId, expected) => {
    expect(croppingBoundaryWarnings(issues, croppingId)).toEqual(expected);
  });
});
