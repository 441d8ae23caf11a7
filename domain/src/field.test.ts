import { describe, expect, it } from 'vitest';
import { fieldArea, fieldSchema, isFieldDisabledIn, type FieldAreas } from './field';

describe('fieldArea', () => {
  const areas = { BoundaryArea: 10.004, WorkingArea: 9.5, WholeArea: 10.5 };
  it.each([
    [{ ...areas, AreaType: 'Boundary' }, 10],
    [{ ...areas, AreaType: 'Working' }, 9.5],
    [{ ...areas, AreaType: 'Whole' }, 10.5],
    [{ ...areas, AreaType: 'Whole', WholeArea: null }, 10],
    [{ AreaType: 'Working', BoundaryArea: null, WorkingArea: null, WholeArea: 3.456 }, 3.46],
    [{ AreaType: 'Boundary', BoundaryArea: null, WorkingArea: null, WholeArea: null }, 0],
  ] as [FieldAreas, number][])('%j is %d ha', (field, expected) => {
    expect(fieldArea(field)).toBe(expected);
  });
});

describe('isFieldDisabledIn', () => {
  const field = {
    Years: [
      { YearId: 2025, Disabled: true },
      { YearId: 2026, Disabled: false },
    ],
  };
  it.each([
    [2025, true],
    [2026, false],
    [2027, false],
  ])('year %i: %s', (year, disabled) => {
    expect(isFieldDisabledIn(field, year)).toBe(disabled);
  });
});

it('fieldSchema rejects an unknown area type', () => {
  const field = {
    FieldId: 1,
    Name: 'Home',
    FieldNumber: null,
    FieldGroup: null,
    AreaType: 'Boundary',
    BoundaryArea: 1,
    WorkingArea: null,
    WholeArea: null,
    ManureSpreadArea: null,
    Years: [],
    IgnoreBoundary: false,
    Version: 1,
  };
  expect(fieldSchema.safeParse(field).success).toBe(true);
  expect(fieldSchema.safeParse({ ...field, AreaType: 'Total' }).success).toBe(false);
});
