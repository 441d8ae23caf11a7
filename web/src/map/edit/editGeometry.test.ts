import { describe, expect, it } from 'vitest';
import Circle from 'ol/geom/Circle.js';
import LineString from 'ol/geom/LineString.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import type { Coordinate } from 'ol/coordinate.js';
import { circleToLine, circleToPolygon, regularRing } from './circleToPolygon.ts';
import { canCommitGeometry } from './commitRule.ts';
import { cleanPolygonRings, cleanRing, signedRingArea, turnDegrees } from './gridCleaning.ts';

describe('circle to polygon', () => {
  it('makes a closed ring of 64 corners on the circle', () => {
    const polygon = circleToPolygon(new Circle([1000, 2000], 50));
    const ring = polygon.getCoordinates()[0]!;
    expect(ring).toHaveLength(65);
    expect(ring[64]).toEqual(ring[0]);
    for (const [x = 0, y = 0] of ring) expect(Math.hypot(x - 1000, y - 2000)).toBeCloseTo(50, 9);
    // A 64-gon holds 99.8% of its circle's area.
    expect(polygon.getArea() / (Math.PI * 50 * 50)).toBeCloseTo(0.9984, 4);
  });

  it('makes 12 segments for a line', () => {
    expect(circleToLine(new Circle([0, 0], 10)).getCoordinates()).toHaveLength(13);
  });

  it.each([
    [
      4,
      0,
      [
        [1, 0],
        [0, 1],
        [-1, 0],
        [0, -1],
        [1, 0],
      ],
    ],
    [
      4,
      Math.PI / 4,
      [
        [Math.SQRT1_2, Math.SQRT1_2],
        [-Math.SQRT1_2, Math.SQRT1_2],
        [-Math.SQRT1_2, -Math.SQRT1_2],
        [Math.SQRT1_2, -Math.SQRT1_2],
        [Math.SQRT1_2, Math.SQRT1_2],
      ],
    ],
  ])('places %i corners from angle %d', (sides, angle, expected) => {
    const ring = regularRing([0, 0], 1, sides, angle);
    ring.forEach((corner, index) => {
      expect(corner[0]).toBeCloseTo(expected[index]![0]!, 12);
      expect(corner[1]).toBeCloseTo(expected[index]![1]!, 12);
    });
  });
});

describe('canCommitGeometry', () => {
  it.each([
    [
      'a polygon with area',
      new Polygon([
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 0],
        ],
      ]),
      true,
    ],
    [
      'a flat polygon',
      new Polygon([
        [
          [0, 0],
          [10, 0],
          [20, 0],
          [0, 0],
        ],
      ]),
      false,
    ],
    [
      'a multipolygon with area',
      new MultiPolygon([
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ]),
      true,
    ],
    [
      'a line with length',
      new LineString([
        [0, 0],
        [3, 4],
      ]),
      true,
    ],
    [
      'a line of one repeated point',
      new LineString([
        [2, 2],
        [2, 2],
      ]),
      false,
    ],
    ['a point', new Point([0, 0]), true],
    ['a circle of no radius', new Circle([0, 0], 0), true],
    ['nothing', null, false],
  ])('%s: %s', (_case, geometry, allowed) => {
    expect(canCommitGeometry(geometry)).toBe(allowed);
  });
});

describe('grid cleaning', () => {
  it.each([
    [[0, 0], [1, 0], [2, 0], 0],
    [[0, 0], [1, 0], [1, 1], 90],
    [[0, 0], [1, 0], [0, 0.0001], 180 - (0.0001 * 180) / Math.PI],
    [[0, 0], [0, 0], [1, 1], 0],
  ] as [Coordinate, Coordinate, Coordinate, number][])('turns %j → %j → %j by %d°', (a, b, c, degrees) => {
    expect(turnDegrees(a, b, c)).toBeCloseTo(degrees, 6);
  });

  // A 100 m square traced along a 10 m grid: 40 corners, only 4 of them real.
  const traced: Coordinate[] = [];
  for (let x = 0; x < 100; x += 10) traced.push([x, 0]);
  for (let y = 0; y < 100; y += 10) traced.push([100, y]);
  for (let x = 100; x > 0; x -= 10) traced.push([x, 100]);
  for (let y = 100; y > 0; y -= 10) traced.push([0, y]);
  traced.push([0, 0]);

  it('keeps only the real corners of a polygon traced along a grid', () => {
    expect(cleanRing(traced)).toEqual([
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ]);
  });

  it('keeps a corner turning 0.2° and drops one turning 0.05°', () => {
    const bend = (degrees: number): Coordinate => [200, 100 * Math.tan((degrees * Math.PI) / 180)];
    const ring = (degrees: number): Coordinate[] => [
      [0, 0],
      [100, 0],
      bend(degrees),
      [200, 300],
      [0, 300],
      [0, 0],
    ];
    expect(cleanRing(ring(0.2))).toHaveLength(6);
    expect(cleanRing(ring(0.05))).toHaveLength(5);
  });

  it('drops a spike that doubles back and repeated points', () => {
    const ring: Coordinate[] = [
      [0, 0],
      [100, 0],
      [100, 0],
      [100, 100],
      [100, 200],
      [100, 100.0001],
      [0, 100],
      [0, 0],
    ];
    const cleaned = cleanRing(ring)!;
    expect(cleaned).toHaveLength(5);
    expect(Math.max(...cleaned.map(([, y = 0]) => y))).toBeLessThan(100.001);
    expect(signedRingArea(cleaned)).toBeCloseTo(10_000, 1);
  });

  it('answers nothing for a ring that collapses to a line', () => {
    expect(
      cleanRing([
        [0, 0],
        [5, 0],
        [10, 0],
        [0, 0],
      ]),
    ).toBeNull();
  });

  it('drops holes under 0.1 m² and keeps larger ones, with the area scale applied', () => {
    const outer: Coordinate[] = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ];
    const tinyHole: Coordinate[] = [
      [10, 10],
      [10, 10.3],
      [10.3, 10.3],
      [10.3, 10],
      [10, 10],
    ];
    const hole: Coordinate[] = [
      [50, 50],
      [50, 60],
      [60, 60],
      [60, 50],
      [50, 50],
    ];
    expect(cleanPolygonRings([outer, tinyHole, hole])).toHaveLength(2);
    // In Web Mercator at 60° N a square unit is a quarter of a square metre: the 0.09 unit² hole is 0.0225 m².
    expect(
      cleanPolygonRings(
        [
          outer,
          [
            [0, 0],
            [0, 1],
            [1, 1],
            [1, 0],
            [0, 0],
          ],
        ],
        { squareMetresPerUnit: 0.25 },
      ),
    ).toHaveLength(2);
    expect(
      cleanPolygonRings(
        [
          outer,
          [
            [0, 0],
            [0, 0.5],
            [0.5, 0.5],
            [0.5, 0],
            [0, 0],
          ],
        ],
        { squareMetresPerUnit: 0.25 },
      ),
    ).toHaveLength(1);
  });

  it('answers nothing when the outer ring is under 0.1 m²', () => {
    expect(
      cleanPolygonRings([
        [
          [0, 0],
          [0.2, 0],
          [0.2, 0.2],
          [0, 0.2],
          [0, 0],
        ],
      ]),
    ).toBeNull();
  });

  it('measures a ring anticlockwise as positive', () => {
    expect(
      signedRingArea([
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ]),
    ).toBe(100);
    expect(
      signedRingArea([
        [0, 0],
        [0, 10],
        [10, 10],
        [10, 0],
        [0, 0],
      ]),
    ).toBe(-100);
  });
});
