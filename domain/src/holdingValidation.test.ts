import { describe, expect, it } from 'vitest';
import { CropId } from './crops';
import {
  HoldingIssueCode as Code,
  geometricHoldingIssueCodes,
  holdingIssue,
  holdingIssueMessages,
  holdingIssueSchema,
  validateHoldingYear,
  type HoldingYearInput,
  type ValidatedCropping,
} from './holdingValidation';

describe('issue codes', () => {
  it.each([
    [Code.FieldBoundaryOverlap, 1000, "The field's boundary overlaps another field.", true],
    [Code.SowingNotBeforeEnd, 2000, 'The sowing date is not before the harvest or destruction date.', false],
    [Code.WrongYear, 2001, 'The cropping dates do not fit its crop year.', false],
    [Code.CroppingLargerThanField, 2002, "The cropping's area is larger than the field's area.", false],
    [
      Code.CroppingsLargerThanField,
      2003,
      "The croppings growing on this field at the same time take more than the field's area.",
      false,
    ],
    [
      Code.CroppingBoundaryOverlap,
      2004,
      "The cropping's boundary overlaps another cropping on the field.",
      true,
    ],
    [Code.CroppingOutsideField, 2005, "The cropping's boundary lies outside the field boundary.", true],
    [Code.PreviousCropNotSet, 2006, 'The previous crop is not set.', false],
  ])('%i', (code, number, message, geometric) => {
    expect(code).toBe(number);
    expect(holdingIssueMessages[code]).toBe(message);
    expect(geometricHoldingIssueCodes.has(code)).toBe(geometric);
  });

  it('holdingIssue builds a valid issue with sorted croppings', () => {
    const issue = holdingIssue(Code.CroppingsLargerThanField, 4, [9, 3]);
    expect(issue).toEqual({
      Code: 2003,
      FieldId: 4,
      CroppingIds: [3, 9],
      Message: holdingIssueMessages[2003],
    });
    expect(holdingIssueSchema.parse(issue)).toEqual(issue);
  });
});

function c(
  id: number,
  year: number,
  cropId: number,
  area: number,
  extra: Partial<ValidatedCropping> = {},
): ValidatedCropping {
  return { CroppingId: id, FieldId: 1, YearId: year, CropId: cropId, Area: area, ...extra };
}

const field: HoldingYearInput['fields'][number] = {
  FieldId: 1,
  Years: [],
  AreaType: 'Boundary',
  BoundaryArea: 10,
  WorkingArea: null,
  WholeArea: null,
};

function validate(croppings: ValidatedCropping[], change: Partial<HoldingYearInput> = {}) {
  return validateHoldingYear({
    yearId: 2026,
    holdingYears: { first: 2024, last: 2027 },
    fields: [field],
    croppings,
    ...change,
  }).map((issue) => `${issue.Code}:${issue.CroppingIds.join(',')}`);
}

const wheat2025 = c(1, 2025, CropId.WinterWheat, 10);

describe('validateHoldingYear for 2026 on a 10 ha field', () => {
  it.each<[string, ValidatedCropping[], string[]]>([
    ['a clean rotation', [wheat2025, c(2, 2026, CropId.SpringBarley, 10)], []],
    [
      'sowing on the harvest day',
      [
        wheat2025,
        c(2, 2026, CropId.SpringBarley, 10, { SowingDate: '2026-03-01', HarvestDate: '2026-03-01' }),
      ],
      ['2000:2'],
    ],
    [
      'sown before the crop year',
      [wheat2025, c(2, 2026, CropId.SpringBarley, 10, { SowingDate: '2025-07-31' })],
      ['2001:2'],
    ],
    ['a cropping 0.1 ha larger than the field', [wheat2025, c(2, 2026, CropId.SpringBarley, 10.1)], []],
    [
      'two croppings at the same time take 11 ha',
      [wheat2025, c(2, 2026, CropId.SpringBarley, 6), c(3, 2026, CropId.WinterOilseedRape, 5)],
      ['2003:2,3'],
    ],
    [
      'two croppings one after the other take the field twice',
      [
        wheat2025,
        c(2, 2026, CropId.CoverCrop, 10, { SowingDate: '2025-09-01', DestructionDate: '2026-03-01' }),
        c(3, 2026, CropId.SpringBarley, 10, { SowingDate: '2026-03-02', HarvestDate: '2026-07-30' }),
      ],
      [],
    ],
    ['no crop the year before', [c(2, 2026, CropId.SpringBarley, 10)], ['2006:2']],
    ['a non-crop needs no previous crop', [c(2, 2026, CropId.Fallow, 10)], []],
    ['an uncropped cropping needs no previous crop', [c(2, 2026, CropId.Uncropped, 10)], []],
    ['croppings of other years are not reported', [c(1, 2025, CropId.WinterWheat, 12)], []],
  ])('%s', (_name, croppings, expected) => {
    expect(validate(croppings)).toEqual(expected);
  });

  it('a single cropping 0.11 ha larger than the field is 2002 and not 2003', () => {
    expect(validate([wheat2025, c(2, 2026, CropId.SpringBarley, 10.11)])).toEqual(['2002:2']);
  });

  it('the first year of the holding needs no previous crop', () => {
    expect(
      validate([c(2, 2026, CropId.SpringBarley, 10)], { holdingYears: { first: 2026, last: 2027 } }),
    ).toEqual([]);
  });

  it('fields disabled in the year are skipped', () => {
    const disabled = { ...field, Years: [{ YearId: 2026, Disabled: true }] };
    expect(validate([c(2, 2026, CropId.SpringBarley, 20)], { fields: [disabled] })).toEqual([]);
  });
});
