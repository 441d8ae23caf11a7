import type { Coordinate } from 'ol/coordinate.js';
import { signedRingArea } from '../edit/gridCleaning.ts';

/** Along a ring, forwards in its own order (1) or backwards (-1). */
export type RingDirection = 1 | -1;

/** A point of a closed ring, as the distance from its first vertex along the ring, in planar units. */
export interface RingPoint {
  along: number;
  coordinate: Coordinate;
  /** Distance from the point asked about to the ring. */
  offset: number;
}

const x = (point: Coordinate) => point[0] ?? 0;
const y = (point: Coordinate) => point[1] ?? 0;

function segmentLengths(ring: readonly Coordinate[]): number[] {
  const lengths: number[] = [];
  for (let index = 0; index + 1 < ring.length; index++) {
    lengths.push(Math.hypot(x(ring[index + 1]!) - x(ring[index]!), y(ring[index + 1]!) - y(ring[index]!)));
  }
  return lengths;
}

/** The length of a polyline (or of a closed ring), in planar units. */
export function lineLength(points: readonly Coordinate[]): number {
  return segmentLengths(points).reduce((sum, length) => sum + length, 0);
}

/** The point of a closed ring nearest to `point`. */
export function closestRingPoint(ring: readonly Coordinate[], point: Coordinate): RingPoint {
  const lengths = segmentLengths(ring);
  let best: RingPoint = { along: 0, coordinate: ring[0]!, offset: Infinity };
  let start = 0;
  for (let index = 0; index < lengths.length; index++) {
    const a = ring[index]!;
    const b = ring[index + 1]!;
    const dx = x(b) - x(a);
    const dy = y(b) - y(a);
    const squared = dx * dx + dy * dy;
    const t =
      squared === 0
        ? 0
        : Math.max(0, Math.min(1, ((x(point) - x(a)) * dx + (y(point) - y(a)) * dy) / squared));
    const coordinate: Coordinate = [x(a) + t * dx, y(a) + t * dy];
    const offset = Math.hypot(x(point) - x(coordinate), y(point) - y(coordinate));
    if (offset < best.offset) best = { along: start + t * lengths[index]!, coordinate, offset };
    start += lengths[index]!;
  }
  return best;
}

/** The coordinate at `along` (wrapped round the ring). */
export function pointAlong(ring: readonly Coordinate[], along: number): Coordinate {
  const lengths = segmentLengths(ring);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  let rest = total === 0 ? 0 : ((along % total) + total) % total;
  for (let index = 0; index < lengths.length; index++) {
    const length = lengths[index]!;
    if (rest <= length || index === lengths.length - 1) {
      const t = length === 0 ? 0 : Math.min(1, rest / length);
      const a = ring[index]!;
      const b = ring[index + 1]!;
      return [x(a) + t * (x(b) - x(a)), y(a) + t * (y(b) - y(a))];
    }
    rest -= length;
  }
  return ring[0]!;
}

/**
 * The stretch of a closed ring from `from` to `to` (distances along it) going in `direction`, as a polyline from
 * the first point to the second with the ring's vertices in between.
 */
export function stretchAlongRing(
  ring: readonly Coordinate[],
  from: number,
  to: number,
  direction: RingDirection,
): Coordinate[] {
  const total = lineLength(ring);
  if (total === 0) return [];
  const wrap = (value: number) => ((value % total) + total) % total;
  const start = wrap(from);
  const span = direction === 1 ? wrap(to - from) : wrap(from - to);
  if (span === 0) return [];
  const points: Coordinate[] = [pointAlong(ring, start)];
  // Vertex positions along the ring, walked in the chosen direction from the start.
  const vertices: { along: number; coordinate: Coordinate }[] = [];
  let along = 0;
  const lengths = segmentLengths(ring);
  for (let index = 0; index < lengths.length; index++) {
    vertices.push({ along, coordinate: ring[index]! });
    along += lengths[index]!;
  }
  const passed = vertices
    .map((vertex) => ({
      ...vertex,
      distance: direction === 1 ? wrap(vertex.along - start) : wrap(start - vertex.along),
    }))
    .filter((vertex) => vertex.distance > 0 && vertex.distance < span)
    .sort((a, b) => a.distance - b.distance);
  for (const vertex of passed) points.push(vertex.coordinate);
  points.push(pointAlong(ring, direction === 1 ? start + span : start - span));
  return points;
}

/** The shorter way round from one point of a ring to another. */
export function shorterDirection(ring: readonly Coordinate[], from: number, to: number): RingDirection {
  const total = lineLength(ring);
  const forward = (((to - from) % total) + total) % total;
  return forward <= total - forward ? 1 : -1;
}

function unitNormal(a: Coordinate, b: Coordinate, side: 1 | -1): Coordinate {
  const dx = x(b) - x(a);
  const dy = y(b) - y(a);
  const length = Math.hypot(dx, dy) || 1;
  // Left of the way a → b for side 1, right for side -1.
  return [(-dy / length) * side, (dx / length) * side];
}

/**
 * A polyline moved sideways by `distance` (left for side 1, right for -1) with mitred corners; corners sharper
 * than the mitre limit are bevelled. A closed ring (last point equal to the first) stays closed.
 */
export function offsetLine(
  points: readonly Coordinate[],
  distance: number,
  side: 1 | -1,
  mitreLimit = 4,
): Coordinate[] {
  const closed =
    points.length > 3 && x(points[0]!) === x(points.at(-1)!) && y(points[0]!) === y(points.at(-1)!);
  const path = closed ? points.slice(0, -1) : [...points];
  const count = path.length;
  if (count < 2) return [];
  const segments = closed ? count : count - 1;
  const normals: Coordinate[] = [];
  for (let index = 0; index < segments; index++)
    normals.push(unitNormal(path[index]!, path[(index + 1) % count]!, side));
  const shifted = (point: Coordinate, normal: Coordinate): Coordinate => [
    x(point) + distance * x(normal),
    y(point) + distance * y(normal),
  ];
  const result: Coordinate[] = [];
  for (let index = 0; index < count; index++) {
    const before = closed ? normals[(index - 1 + segments) % segments] : normals[index - 1];
    const after = closed ? normals[index % segments] : normals[index];
    const point = path[index]!;
    if (!before || !after) {
      result.push(shifted(point, (before ?? after)!));
      continue;
    }
    const mx = x(before) + x(after);
    const my = y(before) + y(after);
    const mLength = Math.hypot(mx, my);
    const cosHalf = mLength / 2;
    if (mLength < 1e-9 || 1 / cosHalf > mitreLimit) {
      result.push(shifted(point, before), shifted(point, after));
      continue;
    }
    const scale = distance / cosHalf / mLength;
    result.push([x(point) + mx * scale, y(point) + my * scale]);
  }
  if (closed) result.push([...result[0]!]);
  return result;
}

export interface MarginSelection {
  from: number;
  to: number;
  direction: RingDirection;
}

export interface Margin {
  /** The margin strip: a polygon's rings (outer first) in planar units. */
  rings: Coordinate[][];
  /** The stretch of boundary it runs along. */
  stretch: Coordinate[];
  /** Square metres. */
  area: number;
  /** Metres: the stretch's length plus twice the width, as fields-croppings-maps §9 defines it; the ring's length for a whole ring. */
  length: number;
}

/**
 * The margin of `widthMetres` inside a closed boundary ring along a stretch of it (or the whole ring), with its
 * area and length. Coordinates are planar (Web Mercator); `metresPerUnit` is the ground scale there (the cosine
 * of the latitude), so that widths, lengths and areas come out in metres.
 */
export function computeMargin(
  ring: readonly Coordinate[],
  selection: MarginSelection | 'wholeRing',
  widthMetres: number,
  metresPerUnit = 1,
): Margin | null {
  if (ring.length < 4 || widthMetres <= 0) return null;
  const inside: 1 | -1 = signedRingArea(ring) > 0 ? 1 : -1;
  const width = widthMetres / metresPerUnit;
  if (selection === 'wholeRing') {
    const inner = offsetLine(ring, width, inside);
    const outerArea = Math.abs(signedRingArea(ring));
    const innerArea =
      Math.sign(signedRingArea(inner)) === Math.sign(signedRingArea(ring))
        ? Math.abs(signedRingArea(inner))
        : 0;
    const area = Math.max(0, outerArea - Math.min(innerArea, outerArea)) * metresPerUnit * metresPerUnit;
    return { rings: [[...ring], inner], stretch: [...ring], area, length: lineLength(ring) * metresPerUnit };
  }
  const stretch = stretchAlongRing(ring, selection.from, selection.to, selection.direction);
  if (stretch.length < 2) return null;
  // Walking backwards round the ring, its inside is on the other hand.
  const side = (selection.direction === 1 ? inside : -inside) as 1 | -1;
  const offset = offsetLine(stretch, width, side);
  const outline = [...stretch, ...offset.reverse()];
  outline.push([...outline[0]!]);
  return {
    rings: [outline],
    stretch,
    area: Math.abs(signedRingArea(outline)) * metresPerUnit * metresPerUnit,
    length: lineLength(stretch) * metresPerUnit + 2 * widthMetres,
  };
}
