import { describe, expect, it } from 'vitest';
import type { Pixel } from 'ol/pixel.js';
import {
  anchorOf,
  boxHandles,
  hitTestTransform,
  resizeFactors,
  rotationAngle,
  type ResizeHandle,
  type TransformKind,
} from './transformHandles.ts';

// A 200 px box from (100, 100) to (300, 300) in pixels, its rotate handle 30 px above the top middle.
const handles: Record<ResizeHandle | 'rotate', Pixel> = {
  nw: [100, 100],
  n: [200, 100],
  ne: [300, 100],
  e: [300, 200],
  se: [300, 300],
  s: [200, 300],
  sw: [100, 300],
  w: [100, 200],
  rotate: [200, 70],
};
const all: TransformKind[] = ['translate', 'rotate', 'resize'];
const hit = (
  pointer: Pixel,
  options: { over?: boolean; distance?: number; enabled?: TransformKind[] } = {},
) =>
  hitTestTransform({
    pointer,
    handles,
    overShape: options.over ?? false,
    distanceToShapePx: options.distance ?? 999,
    enabled: options.enabled ?? all,
  });

describe('hitTestTransform', () => {
  it.each([
    ['on the rotate handle', [200, 70], { kind: 'rotate' }],
    ['19 px from the rotate handle', [219, 70], { kind: 'rotate' }],
    ['14 px from a corner', [86, 100], { kind: 'resize', handle: 'nw' }],
    ['16 px from a corner, on no side', [84, 100], null],
    ['near a side middle', [300, 212], { kind: 'resize', handle: 'e' }],
    ['9 px off a side', [150, 309], { kind: 'resize', handle: 's' }],
    ['11 px off a side', [150, 311], null],
  ] as const)('%s grabs %o', (_case, pointer, expected) => {
    expect(hit([...pointer])).toEqual(expected);
  });

  it.each([
    ['over the shape', { over: true }, { kind: 'translate' }],
    ['5 px from the shape', { distance: 5 }, { kind: 'translate' }],
    ['6 px from the shape', { distance: 6 }, null],
  ] as const)('inside the box, %s, grabs %o', (_case, options, expected) => {
    expect(hit([180, 220], options)).toEqual(expected);
  });

  it('offers only the enabled transforms', () => {
    expect(hit([200, 70], { enabled: ['resize'] })).toBeNull();
    expect(hit([100, 100], { enabled: ['rotate'] })).toBeNull();
    expect(hit([180, 220], { over: true, enabled: ['rotate', 'resize'] })).toBeNull();
  });
});

describe('resize and rotate', () => {
  it('places handles on a box, with the rotate handle above it', () => {
    expect(boxHandles([0, 0, 10, 20], 5)).toMatchObject({
      sw: [0, 0],
      ne: [10, 20],
      e: [10, 10],
      rotate: [5, 25],
    });
    expect(anchorOf('nw')).toBe('se');
    expect(anchorOf('e')).toBe('w');
  });

  it.each([
    ['a corner doubling both ways', 'ne', [20, 20], false, [2, 2]],
    ['a corner with Shift keeps proportions', 'ne', [20, 15], true, [2, 2]],
    ['a side scales one axis', 'e', [30, 40], false, [3, 1]],
    ['a side with Shift scales both', 'e', [30, 40], true, [3, 3]],
    ['a drag onto the anchor keeps a sliver', 'ne', [0, 0], false, [0.01, 0.01]],
  ] as const)('%s', (_case, handle, current, uniform, expected) => {
    expect(resizeFactors(handle, [0, 0], [10, 10], [...current], uniform)).toEqual(expected);
  });

  it.each([
    [[10, 0], [0, 10], false, 90],
    [[10, 0], [10, 10], false, 45],
    [[10, 0], [10, 0.6], false, 3.43],
    [[10, 0], [10, 0.6], true, 5],
    [[10, 0], [10, 0.3], true, 0],
    [[10, 0], [-10, -0.1], false, -179.43],
  ] as const)('turning from %j to %j (snap %s) is %d°', (start, current, snap, degrees) => {
    expect((rotationAngle([0, 0], [...start], [...current], snap) * 180) / Math.PI).toBeCloseTo(degrees, 1);
  });
});
