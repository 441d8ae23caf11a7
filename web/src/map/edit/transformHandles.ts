import type { Coordinate } from 'ol/coordinate.js';
import type { Extent } from 'ol/extent.js';
import type { Pixel } from 'ol/pixel.js';
import { rotationSnapDegrees, transformTolerancePx } from '../mapConstants.ts';

/** The eight resize handles of a box: corners and side middles, named by compass point. */
export type ResizeHandle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';

export type TransformHit =
  { kind: 'rotate' } | { kind: 'resize'; handle: ResizeHandle } | { kind: 'translate' } | null;

export type TransformKind = 'translate' | 'rotate' | 'resize';

/** A box's handles in map coordinates, and the rotate handle `rotateOffset` above its top middle. */
export function boxHandles(
  extent: Extent,
  rotateOffset: number,
): Record<ResizeHandle | 'rotate', Coordinate> {
  const [west = 0, south = 0, east = 0, north = 0] = extent;
  const midX = (west + east) / 2;
  const midY = (south + north) / 2;
  return {
    nw: [west, north],
    n: [midX, north],
    ne: [east, north],
    e: [east, midY],
    se: [east, south],
    s: [midX, south],
    sw: [west, south],
    w: [west, midY],
    rotate: [midX, north + rotateOffset],
  };
}

const opposite: Readonly<Record<ResizeHandle, ResizeHandle>> = {
  nw: 'se',
  n: 's',
  ne: 'sw',
  e: 'w',
  se: 'nw',
  s: 'n',
  sw: 'ne',
  w: 'e',
};

/** The handle that stays put while `handle` is dragged. */
export function anchorOf(handle: ResizeHandle): ResizeHandle {
  return opposite[handle];
}

function distance(a: Pixel, b: Pixel): number {
  return Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0));
}

function distanceToSegment(point: Pixel, a: Pixel, b: Pixel): number {
  const [px = 0, py = 0] = point;
  const [ax = 0, ay = 0] = a;
  const [bx = 0, by = 0] = b;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

export interface HitTestInput {
  pointer: Pixel;
  /** The handles in pixels. */
  handles: Record<ResizeHandle | 'rotate', Pixel>;
  /** Whether the pointer is over the shape itself, or how far (px) it is from it. */
  overShape: boolean;
  distanceToShapePx: number;
  enabled: readonly TransformKind[];
  tolerances?: typeof transformTolerancePx;
}

/**
 * What a press at the pointer grabs (fields-croppings-maps §9 hit tolerances): the rotate handle within about
 * 20 px, a resize handle within 15 px, a side of the box within 10 px (resizing along that side), and the shape
 * itself (or within 5 px of it) to move it. Nearer, more specific targets win.
 */
export function hitTestTransform(input: HitTestInput): TransformHit {
  const tolerance = input.tolerances ?? transformTolerancePx;
  const can = (kind: TransformKind) => input.enabled.includes(kind);
  const { handles, pointer } = input;
  if (can('rotate') && distance(pointer, handles.rotate) <= tolerance.rotateHandle) return { kind: 'rotate' };
  if (can('resize')) {
    let best: { handle: ResizeHandle; distance: number } | null = null;
    for (const handle of Object.keys(opposite) as ResizeHandle[]) {
      const d = distance(pointer, handles[handle]);
      if (d <= tolerance.handle && (!best || d < best.distance)) best = { handle, distance: d };
    }
    if (best) return { kind: 'resize', handle: best.handle };
    const sides: [ResizeHandle, Pixel, Pixel][] = [
      ['n', handles.nw, handles.ne],
      ['e', handles.ne, handles.se],
      ['s', handles.se, handles.sw],
      ['w', handles.sw, handles.nw],
    ];
    for (const [handle, a, b] of sides) {
      if (distanceToSegment(pointer, a, b) <= tolerance.resizeEdge) return { kind: 'resize', handle };
    }
  }
  if (can('translate') && (input.overShape || input.distanceToShapePx <= tolerance.translate)) {
    return { kind: 'translate' };
  }
  return null;
}

/**
 * The scale factors along x and y for dragging `handle` from `start` to `current` with `anchor` fixed. Side
 * handles scale one axis; `uniform` (Shift) keeps the proportions by scaling both by the larger change.
 */
export function resizeFactors(
  handle: ResizeHandle,
  anchor: Coordinate,
  start: Coordinate,
  current: Coordinate,
  uniform: boolean,
): [number, number] {
  const factor = (axis: 0 | 1) => {
    const from = (start[axis] ?? 0) - (anchor[axis] ?? 0);
    const to = (current[axis] ?? 0) - (anchor[axis] ?? 0);
    return from === 0 ? 1 : to / from;
  };
  let sx = handle === 'n' || handle === 's' ? 1 : factor(0);
  let sy = handle === 'e' || handle === 'w' ? 1 : factor(1);
  if (uniform) {
    const scale =
      handle === 'n' || handle === 's' ? sy : handle === 'e' || handle === 'w' ? sx : Math.max(sx, sy);
    sx = scale;
    sy = scale;
  }
  // A box turned inside out or squashed flat has no area left to edit: keep a sliver instead.
  const guard = (value: number) => (Math.abs(value) < 0.01 ? (value < 0 ? -0.01 : 0.01) : value);
  return [guard(sx), guard(sy)];
}

/** The turn (radians anticlockwise) from `start` to `current` around `centre`; Shift snaps it to 5° steps. */
export function rotationAngle(
  centre: Coordinate,
  start: Coordinate,
  current: Coordinate,
  snap: boolean,
): number {
  const [cx = 0, cy = 0] = centre;
  const from = Math.atan2((start[1] ?? 0) - cy, (start[0] ?? 0) - cx);
  const to = Math.atan2((current[1] ?? 0) - cy, (current[0] ?? 0) - cx);
  let angle = to - from;
  if (angle > Math.PI) angle -= 2 * Math.PI;
  if (angle < -Math.PI) angle += 2 * Math.PI;
  if (!snap) return angle;
  const step = (rotationSnapDegrees * Math.PI) / 180;
  return Math.round(angle / step) * step;
}
