import { describe, expect, it } from 'vitest';
import { countBoundaryVertices, isGeoJsonBoundary } from './boundaryVertices';

const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 0],
];

describe('countBoundaryVertices', () => {
  it('counts positions of polygons and multipolygons', () => {
    expect(countBoundaryVertices({ type: 'Polygon', coordinates: [square, square] })).toBe(8);
    expect(countBoundaryVertices({ type: 'MultiPolygon', coordinates: [[square], [square, square]] })).toBe(
      12,
    );
  });

  it('counts WKT positions by their commas', () => {
    expect(countBoundaryVertices('POLYGON((0 0,1 0,1 1,0 0))')).toBe(4);
    expect(countBoundaryVertices('')).toBe(0);
  });

  it('counts nothing that is not a boundary', () => {
    expect(countBoundaryVertices(null)).toBe(0);
    expect(countBoundaryVertices({ type: 'Point', coordinates: 'x' })).toBe(0);
  });
});

describe('isGeoJsonBoundary', () => {
  it('accepts polygons and multipolygons of rings of four or more positions', () => {
    expect(isGeoJsonBoundary({ type: 'Polygon', coordinates: [square] })).toBe(true);
    expect(isGeoJsonBoundary({ type: 'MultiPolygon', coordinates: [[square]] })).toBe(true);
  });

  it('refuses other shapes', () => {
    expect(isGeoJsonBoundary({ type: 'Polygon', coordinates: [square.slice(0, 3)] })).toBe(false);
    expect(isGeoJsonBoundary({ type: 'Polygon', coordinates: [[[0, 'a'], ...square]] })).toBe(false);
    expect(isGeoJsonBoundary({ type: 'Polygon', coordinates: [] })).toBe(false);
    expect(isGeoJsonBoundary('POLYGON((0 0,1 0,1 1,0 0))')).toBe(false);
  });
});
