import { describe, expect, it } from 'vitest';
import {
  checkedMultiPolygonSchema,
  fieldListClientRules,
  fieldListClientSchema,
  fieldListResponseSchema,
  geoJsonMultiPolygonSchema,
} from './fieldsApi';

const ring = [
  [-0.1, 53.2],
  [-0.09, 53.2],
  [-0.09, 53.21],
  [-0.1, 53.2],
];

describe('checkedMultiPolygonSchema', () => {
  it.each([
    ['a square', { type: 'MultiPolygon', coordinates: [[ring]] }],
    ['positions with a height', { type: 'MultiPolygon', coordinates: [[ring.map(([x, y]) => [x, y, 12])]] }],
    ['a polygon with a hole', { type: 'MultiPolygon', coordinates: [[ring, ring]] }],
    ['no polygons', { type: 'MultiPolygon', coordinates: [] }],
    ['a Polygon', { type: 'Polygon', coordinates: [ring] }],
    ['no type', { coordinates: [[ring]] }],
    ['coordinates that are not an array', { type: 'MultiPolygon', coordinates: 'x' }],
    ['a polygon without rings', { type: 'MultiPolygon', coordinates: [[]] }],
    ['a ring of three positions', { type: 'MultiPolygon', coordinates: [[ring.slice(1)]] }],
    ['a position of one number', { type: 'MultiPolygon', coordinates: [[[[1], ...ring.slice(1)]]] }],
    [
      'a position of four numbers',
      { type: 'MultiPolygon', coordinates: [[[[1, 2, 3, 4], ...ring.slice(1)]]] },
    ],
    ['a text coordinate', { type: 'MultiPolygon', coordinates: [[[['1', 2], ...ring.slice(1)]]] }],
    ['a position that is not an array', { type: 'MultiPolygon', coordinates: [[[7, ...ring.slice(1)]]] }],
    ['null', null],
    ['text', 'MULTIPOLYGON EMPTY'],
  ])('accepts %s as the full schema does', (_case, value) => {
    expect(checkedMultiPolygonSchema.safeParse(value).success).toBe(
      geoJsonMultiPolygonSchema.safeParse(value).success,
    );
  });
});

describe('fieldListClientSchema', () => {
  it('checks the members of the server schema', () => {
    const client = fieldListClientRules.element;
    const server = fieldListResponseSchema.element;
    expect(Object.keys(client.shape)).toEqual(Object.keys(server.shape));
    expect(Object.keys(client.shape.Croppings.element.shape)).toEqual(
      Object.keys(server.shape.Croppings.element.shape),
    );
  });

  it('rejects a field whose boundary is not a MultiPolygon', () => {
    const result = fieldListClientSchema.safeParse([{ Boundary: { type: 'Polygon', coordinates: [ring] } }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.path.join('.') === '0.Boundary')).toBe(true);
  });
});
