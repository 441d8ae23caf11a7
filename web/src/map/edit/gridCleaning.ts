import type { Coordinate } from 'ol/coordinate.js';

export interface GridCleaningOptions {
  /** Rings smaller than this are dropped, in square metres (0.1 by default). */
  minRingArea?: number;
  /** Corners straighter than this (or sharper spikes) are dropped, in degrees (0.1 by default). */
  minAngleDegrees?: number;
  /** Square metres per square unit of the coordinates (cos² of the latitude in Web Mercator). */
  squareMetresPerUnit?: number;
}

/** The signed area of a ring (positive anticlockwise), in square units of its coordinates. */
export function signedRingArea(ring: readonly Coordinate[]): number {
  let twice = 0;
  for (let index = 0; index + 1 < ring.length; index++) {
    const [x1 = 0, y1 = 0] = ring[index]!;
    const [x2 = 0, y2 = 0] = ring[index + 1]!;
    twice += x1 * y2 - x2 * y1;
  }
  return twice / 2;
}

const same = (a: Coordinate, b: Coordinate) => a[0] === b[0] && a[1] === b[1];

/**
 * How far the boundary turns at `corner` coming from `before` and going to `after`, in degrees from 0 (straight
 * on) to 180 (straight back). Repeated points turn by 0.
 */
export function turnDegrees(before: Coordinate, corner: Coordinate, after: Coordinate): number {
  const ax = (corner[0] ?? 0) - (before[0] ?? 0);
  const ay = (corner[1] ?? 0) - (before[1] ?? 0);
  const bx = (after[0] ?? 0) - (corner[0] ?? 0);
  const by = (after[1] ?? 0) - (corner[1] ?? 0);
  if ((ax === 0 && ay === 0) || (bx === 0 && by === 0)) return 0;
  const cross = ax * by - ay * bx;
  const dot = ax * bx + ay * by;
  return Math.abs((Math.atan2(cross, dot) * 180) / Math.PI);
}

/**
 * A ring without repeated points, corners where it runs on straight (turning less than the angle) and spikes
 * where it doubles back (turning within the angle of 180°). Such corners come from polygons traced along a grid
 * or snapped twice to one point. Answers null when fewer than three corners are left.
 */
export function cleanRing(ring: readonly Coordinate[], minAngleDegrees = 0.1): Coordinate[] | null {
  let points = ring.filter((point, index) => index === 0 || !same(point, ring[index - 1]!));
  if (points.length > 1 && same(points[0]!, points[points.length - 1]!)) points = points.slice(0, -1);
  let changed = true;
  while (changed && points.length >= 3) {
    changed = false;
    for (let index = 0; index < points.length && points.length >= 3; index++) {
      const before = points[(index - 1 + points.length) % points.length]!;
      const after = points[(index + 1) % points.length]!;
      const turn = turnDegrees(before, points[index]!, after);
      if (turn < minAngleDegrees || turn > 180 - minAngleDegrees) {
        points.splice(index, 1);
        changed = true;
        index--;
      }
    }
  }
  if (points.length < 3) return null;
  return [...points, [...points[0]!]];
}

/**
 * Grid cleaning of a drawn polygon (fields-croppings-maps §4): every ring cleaned of straight-on corners and
 * spikes, rings under 0.1 m² dropped. Answers null when the outer ring goes, since the polygon is then gone.
 */
export function cleanPolygonRings(
  rings: readonly (readonly Coordinate[])[],
  options: GridCleaningOptions = {},
): Coordinate[][] | null {
  const minRingArea = options.minRingArea ?? 0.1;
  const scale = options.squareMetresPerUnit ?? 1;
  const cleaned: Coordinate[][] = [];
  for (const [index, ring] of rings.entries()) {
    const kept = cleanRing(ring, options.minAngleDegrees ?? 0.1);
    const keep = kept !== null && Math.abs(signedRingArea(kept)) * scale >= minRingArea;
    if (!keep) {
      if (index === 0) return null;
      continue;
    }
    cleaned.push(kept);
  }
  return cleaned;
}
