import { describe, expect, it } from 'vitest';
import LineString from 'ol/geom/LineString.js';
import Polygon from 'ol/geom/Polygon.js';
import { fromLonLat } from 'ol/proj.js';
import { getDistance } from 'ol/sphere.js';
import { insideNationalGrid, measureArea, measureLength } from './measureGeometry.ts';
import { areaText, lengthText } from './measureFormat.ts';

const line = (...lonLats: [number, number][]) => new LineString(lonLats.map((lonLat) => fromLonLat(lonLat)));

describe('measureLength', () => {
  // Near Louth, along the grid's central meridian's neighbourhood: grid and sphere agree to well under 0.1%.
  const louth = line([-0.0, 53.36], [0.0, 53.37]);

  it('measures on the national grid when the main brand measures inside it', () => {
    const measured = measureLength(louth, { nationalGrid: true });
    expect(measured.method).toBe('nationalGrid');
    expect(measured.value).toBeCloseTo(getDistance([0, 53.36], [0, 53.37]), -1);
  });

  it('measures on the sphere for a brand without the grid', () => {
    const measured = measureLength(louth, { nationalGrid: false });
    expect(measured.method).toBe('geodesic');
    expect(measured.value).toBeCloseTo(getDistance([0, 53.36], [0, 53.37]), 3);
  });

  it.each([
    ['both ends west of the grid (Galway)', line([-9.1, 53.27], [-9.05, 53.28])],
    ['one end outside it (Galway to Athlone)', line([-9.05, 53.27], [-7.94, 53.42])],
  ])('measures on the sphere with %s', (_case, outside) => {
    expect(insideNationalGrid(outside)).toBe(false);
    expect(measureLength(outside, { nationalGrid: true }).method).toBe('geodesic');
  });

  it('does not let the Web Mercator stretch into the figure (1 km east-west at 53° N)', () => {
    const kilometre = line([-1, 53], [-1 + 1000 / (111_320 * Math.cos((53 * Math.PI) / 180)), 53]);
    expect(kilometre.getLength()).toBeGreaterThan(1600);
    expect(measureLength(kilometre, { nationalGrid: true }).value).toBeCloseTo(1000, -1);
    expect(measureLength(kilometre, { nationalGrid: false }).value).toBeCloseTo(1000, -1);
  });
});

describe('measureArea', () => {
  // A 0.01° square near Louth: about 667 m by 1112 m.
  const square = new Polygon([
    [
      [-0.05, 53.33],
      [-0.04, 53.33],
      [-0.04, 53.34],
      [-0.05, 53.34],
      [-0.05, 53.33],
    ].map((lonLat) => fromLonLat(lonLat as [number, number])),
  ]);

  // The ellipsoid's area of that square is about 741,420 m². The grid keeps it within 0.1%; the sphere, whose
  // radius is a mean, within 0.5%.
  it.each([
    [true, 'nationalGrid', 0.001],
    [false, 'geodesic', 0.005],
  ] as const)(
    'with the grid %s measures %s within %d of the true area',
    (nationalGrid, method, tolerance) => {
      const measured = measureArea(square, { nationalGrid });
      expect(measured.method).toBe(method);
      expect(Math.abs(measured.value - 741_420) / 741_420).toBeLessThan(tolerance);
    },
  );
});

describe('measurement texts', () => {
  it.each([
    [0, '0'],
    [0.49, '0'],
    [12.5, '13'],
    [1234.4, '1234'],
  ])('shows %d m as %j whole metres', (metres, text) => {
    expect(lengthText(metres)).toBe(text);
  });

  it.each([
    [0, '0.00'],
    [49, '0.00'],
    [50, '0.01'],
    [12_345, '1.23'],
    [741_700, '74.17'],
  ])('shows %d m² as %j hectares', (squareMetres, text) => {
    expect(areaText(squareMetres)).toBe(text);
  });
});
