import { describe, expect, it } from 'vitest';
import { decodeBinary1, encodeBinary1 } from './binary1.ts';
import { regularShapeRing } from './regularShape.ts';
import { isAcceptedZoneNumber, isUserDefined, isZoneChanged } from './zoneRules.ts';

describe('zone rules of §4', () => {
  it('accepts a zone number only when empty or positive', () => {
    expect([null, undefined, 1, 0.5, 12].map(isAcceptedZoneNumber)).toEqual([true, true, true, true, true]);
    expect([0, -1, Number.NaN].map(isAcceptedZoneNumber)).toEqual([false, false, false]);
  });

  it('counts a zone changed when value, label, picture or geometry differ', () => {
    const zone = { Value: 4, Label: null, DocumentId: null, Geometry: 'A' };
    expect(isZoneChanged(zone, { ...zone })).toBe(false);
    expect(isZoneChanged(zone, { ...zone, Label: '' })).toBe(false);
    expect(isZoneChanged(zone, { ...zone, Value: 5 })).toBe(true);
    expect(isZoneChanged(zone, { ...zone, Label: 'x' })).toBe(true);
    expect(isZoneChanged(zone, { ...zone, DocumentId: 3 })).toBe(true);
    expect(isZoneChanged(zone, { ...zone, Geometry: 'B' })).toBe(true);
  });

  it('is user-defined when flagged or when the value leaves the calculated one', () => {
    expect(isUserDefined(false, 90, 90)).toBe(false);
    expect(isUserDefined(true, 90, 90)).toBe(true);
    expect(isUserDefined(false, 91, 90)).toBe(true);
    expect(isUserDefined(false, null, null)).toBe(false);
    expect(isUserDefined(false, 1, null)).toBe(true);
  });
});

describe('regular shapes', () => {
  it('draws a circle of 64 segments and a turned square of the right size', () => {
    const circle = regularShapeRing({ Type: 'circle', Center: [-1, 52], Size1: 10, Size2: null, Angle: 0 });
    expect(circle).toHaveLength(65);
    expect(circle[0]).toEqual(circle[64]);
    const square = regularShapeRing({ Type: 'square', Center: [0, 0], Size1: 100, Size2: null, Angle: 45 });
    expect(square).toHaveLength(5);
    // Turned by 45°, a corner lies due east of the centre... at half the diagonal.
    const east = Math.max(...square.map(([lon]) => lon));
    expect(east * 111_320).toBeCloseTo(50 * Math.SQRT2, 3);
    const rectangle = regularShapeRing({ Type: 'rectangle', Center: [0, 0], Size1: 40, Size2: 20, Angle: 0 });
    expect(Math.max(...rectangle.map(([, lat]) => lat)) * 110_574).toBeCloseTo(10, 6);
  });
});

describe('binary1', () => {
  it('writes and reads geometries and the JSON payload', () => {
    const geometries = [
      [
        [
          [
            [1.5, 2.5],
            [3, 4],
            [5, 6],
            [1.5, 2.5],
          ],
        ],
      ],
      [[[[7, 8]]]],
      [],
    ];
    const payload = { Zones: [{ Id: 1, Geometry: null }], Name: 'Pé 2025' };
    const bytes = encodeBinary1(geometries, payload);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('HLB1');
    expect(decodeBinary1(bytes)).toEqual({ geometries, payload });
    expect(() => decodeBinary1(new Uint8Array([1, 2, 3]))).toThrow();
  });
});
