import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CropId } from '../crops';
import { aCropping, aField } from '../testing/fieldResponses';
import { checkInPlace } from './checkInPlace';
import { fieldListClientRules, fieldListClientSchema, type GeoJsonMultiPolygon } from './fieldsApi';

const square: GeoJsonMultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [-0.1, 53.2],
        [-0.09, 53.2],
        [-0.09, 53.21],
        [-0.1, 53.2],
      ],
    ],
  ],
};

/** A list with every kind of member set: links, options, a variety, boundaries, an enumeration. */
function aList(): unknown[] {
  const cropping = aCropping({
    CropId: CropId.WinterWheat,
    VarietyId: 12,
    VarietyName: 'Skyfall',
    Variety: { Name: 'Skyfall', Market: 'Milling' },
    Market: 'Milling',
    ManagementOptions: [{ Code: 'SW1', Area: 0.4 }],
    PreviousIds: [99],
    PreviousCroppings: [{ CroppingId: 99, YearId: 2024, CropId: 2, CropName: 'Spring barley' }],
    Boundary: square,
    BoundaryArea: 1.2,
  });
  return [
    aField({ Boundary: square, Years: [{ YearId: 2025, Disabled: false }], Croppings: [cropping] }),
    aField(),
  ];
}

/** Every path to a value that is not an object or array, e.g. ['0', 'Croppings', '0', 'Area']. */
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [path];
  return Object.entries(value).flatMap(([key, member]) => [
    [...path, key],
    ...leafPaths(member, [...path, key]),
  ]);
}

function replaced(value: unknown, path: string[], by: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (by === undefined) delete target[last];
  else target[last] = by;
  return copy;
}

const wrongValues: unknown[] = [
  undefined,
  null,
  'text',
  '2025-02-30',
  1.5,
  -3,
  7,
  true,
  [],
  {},
  Number.MAX_VALUE,
];

describe('checking a fields list in place', () => {
  it('accepts a valid list and answers it as it is, without a copy', () => {
    const list = aList();
    const result = fieldListClientSchema.safeParse(list);
    expect(result.success).toBe(true);
    expect(result.data).toBe(list);
  });

  it('agrees with zod on every member of the list set to every kind of wrong value', () => {
    const list = aList();
    const paths = leafPaths(list);
    expect(paths.length).toBeGreaterThan(150);
    for (const path of paths) {
      for (const by of wrongValues) {
        const value = replaced(list, path, by);
        const expected = fieldListClientRules.safeParse(value).success;
        expect(
          fieldListClientSchema.safeParse(value).success,
          `${path.join('.')} = ${JSON.stringify(by)}`,
        ).toBe(expected);
      }
    }
  });

  it("reports zod's own issues for a list that fails", () => {
    const value = replaced(aList(), ['0', 'Croppings', '0', 'SowingDate'], '2025-02-30');
    const result = fieldListClientSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      fieldListClientRules.safeParse(value).error?.issues.map((issue) => issue.path.join('.')),
    );
    expect(result.error?.issues[0]?.path.join('.')).toBe('0.Croppings.0.SowingDate');
  });

  it('leaves a schema that transforms its value to zod', () => {
    const trimmed = z.object({ Name: z.string().transform((name) => name.trim()) });
    expect(checkInPlace(trimmed)).toBe(trimmed);
    const withDefault = z.object({ Count: z.number().default(0) });
    expect(checkInPlace(withDefault)).toBe(withDefault);
  });
});
