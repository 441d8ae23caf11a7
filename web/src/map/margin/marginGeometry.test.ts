import { describe, expect, it } from 'vitest';
import type { Coordinate } from 'ol/coordinate.js';
import {
  closestRingPoint,
  computeMargin,
  lineLength,
  offsetLine,
  pointAlong,
  shorterDirection,
  stretchAlongRing,
} from './marginGeometry.ts';

// A 100 m by 50 m field, anticlockwise from its south-west corner: perimeter 300 m.
const field: Coordinate[] = [
  [0, 0],
  [100, 0],
  [100, 50],
  [0, 50],
  [0, 0],
];
// The same field clockwise.
const clockwise: Coordinate[] = [...field].reverse();

describe('positions along a ring', () => {
  it.each([
    [[50, -5], 50, [50, 0], 5],
    [[105, 25], 125, [100, 25], 5],
    [[20, 49], 230, [20, 50], 1],
  ] as const)('puts %j at %d m along, on %j, %d m off', (point, along, on, offset) => {
    const found = closestRingPoint(field, [...point]);
    expect(found.along).toBeCloseTo(along, 9);
    expect(found.coordinate).toEqual(on);
    expect(found.offset).toBeCloseTo(offset, 9);
  });

  it('wraps distances round the ring', () => {
    expect(pointAlong(field, 310)).toEqual([10, 0]);
    expect(pointAlong(field, -10)).toEqual([0, 10]);
  });
});

describe('stretchAlongRing', () => {
  it('follows the ring forwards through its corners', () => {
    expect(stretchAlongRing(field, 50, 125, 1)).toEqual([
      [50, 0],
      [100, 0],
      [100, 25],
    ]);
  });

  it('goes the other way round when asked, passing the first vertex', () => {
    expect(stretchAlongRing(field, 50, 125, -1)).toEqual([
      [50, 0],
      [0, 0],
      [0, 50],
      [100, 50],
      [100, 25],
    ]);
  });

  it('is empty between a point and itself', () => {
    expect(stretchAlongRing(field, 40, 40, 1)).toEqual([]);
  });

  it('picks the shorter way round', () => {
    expect(shorterDirection(field, 50, 125)).toBe(1);
    expect(shorterDirection(field, 50, 280)).toBe(-1);
  });
});

describe('offsetLine', () => {
  it('moves a straight line sideways', () => {
    expect(
      offsetLine(
        [
          [0, 0],
          [100, 0],
        ],
        10,
        1,
      ),
    ).toEqual([
      [0, 10],
      [100, 10],
    ]);
    expect(
      offsetLine(
        [
          [0, 0],
          [100, 0],
        ],
        10,
        -1,
      ),
    ).toEqual([
      [0, -10],
      [100, -10],
    ]);
  });

  it('mitres a right-angled corner', () => {
    const offset = offsetLine(
      [
        [0, 0],
        [100, 0],
        [100, 50],
      ],
      10,
      1,
    );
    expect(offset[0]).toEqual([0, 10]);
    expect(offset[1]![0]).toBeCloseTo(90, 9);
    expect(offset[1]![1]).toBeCloseTo(10, 9);
    expect(offset[2]![0]).toBeCloseTo(90, 9);
    expect(offset[2]![1]).toBeCloseTo(50, 9);
  });

  it('shrinks a closed ring inwards', () => {
    const inner = offsetLine(field, 10, 1);
    expect(inner).toHaveLength(5);
    expect(inner.map(([a = 0, b = 0]) => [Math.round(a), Math.round(b)])).toEqual([
      [10, 10],
      [90, 10],
      [90, 40],
      [10, 40],
      [10, 10],
    ]);
  });
});

describe('computeMargin', () => {
  it('makes a 10 m strip inside the field along one side: 1000 m², 100 m plus twice the width', () => {
    const margin = computeMargin(field, { from: 0, to: 100, direction: 1 }, 10)!;
    expect(margin.area).toBeCloseTo(1000, 6);
    expect(margin.length).toBeCloseTo(120, 9);
    expect(margin.rings[0]!.every(([, b = 0]) => b >= 0 && b <= 10)).toBe(true);
  });

  it('stays inside the field whichever way the ring runs and whichever way it is walked', () => {
    const forwards = computeMargin(clockwise, { from: 200, to: 300, direction: 1 }, 10)!;
    const backwards = computeMargin(field, { from: 100, to: 0, direction: -1 }, 10)!;
    for (const margin of [forwards, backwards]) {
      expect(margin.area).toBeCloseTo(1000, 6);
      expect(margin.rings[0]!.every(([, b = 0]) => b >= 0 && b <= 10)).toBe(true);
    }
  });

  it('mitres round a corner: two sides of 100 m and 50 m at 10 m wide', () => {
    const margin = computeMargin(field, { from: 0, to: 150, direction: 1 }, 10)!;
    // 100×10 + 50×10 less the 10×10 square counted twice at the corner.
    expect(margin.area).toBeCloseTo(1400, 6);
    expect(margin.length).toBeCloseTo(170, 9);
  });

  it('takes the whole ring: the field less its 80 m by 30 m core', () => {
    const margin = computeMargin(field, 'wholeRing', 10)!;
    expect(margin.area).toBeCloseTo(5000 - 2400, 6);
    expect(margin.length).toBeCloseTo(300, 9);
    expect(margin.rings).toHaveLength(2);
  });

  it('scales Web Mercator units to metres', () => {
    // At 60° N a Mercator unit is half a metre on the ground: the 100 unit side is 50 m.
    const margin = computeMargin(field, { from: 0, to: 100, direction: 1 }, 10, 0.5)!;
    expect(margin.area).toBeCloseTo(500, 6);
    expect(margin.length).toBeCloseTo(70, 9);
    expect(lineLength(margin.stretch)).toBe(100);
  });

  it('answers nothing without a width or a stretch', () => {
    expect(computeMargin(field, { from: 0, to: 100, direction: 1 }, 0)).toBeNull();
    expect(computeMargin(field, { from: 30, to: 30, direction: 1 }, 10)).toBeNull();
  });
});
