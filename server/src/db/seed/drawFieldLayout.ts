/**
 * Draws a farm's field boundaries from a hand-made plan: the farm's outline is split by hedges, tracks, roads
 * and streams (each a polyline in metres from the plan's origin), then each piece is pulled back from its edges
 * by half the width of what runs along them, so neighbours share a hedge line with a gap between them, as
 * fields traced from a map do. Pieces that a named field's label point falls in become fields; the rest are
 * woods, yards and corners.
 */

/** What runs along an edge; it decides how far the field stands back from the line. */
export type EdgeKind = 'boundary' | 'hedge' | 'track' | 'stream' | 'road';

/** Metres between the drawn line and the field edge, on each side of it. */
export const edgeSetbackM: Readonly<Record<EdgeKind, number>> = {
  boundary: 2,
  hedge: 2,
  track: 3,
  stream: 4,
  road: 6,
};

/** A point of the plan: metres east (x) and north (y) of the plan's origin. */
export type PlanPoint = readonly [x: number, y: number];

export interface PlanCut {
  kind: Exclude<EdgeKind, 'boundary'>;
  /** Both ends lie outside the pieces it is meant to split; it splits every piece it crosses from side to side. */
  path: readonly PlanPoint[];
}

export interface PlanField {
  name: string;
  number: string;
  group: string | null;
  /** A point inside the piece that becomes this field. */
  at: PlanPoint;
}

export interface FieldPlan {
  /** Where the plan's (0, 0) lies, in EPSG:4326 degrees. */
  origin: { lon: number; lat: number };
  outline: readonly PlanPoint[];
  cuts: readonly PlanCut[];
  fields: readonly PlanField[];
}

/** A GeoJSON MultiPolygon in EPSG:4326: [lon, lat] positions, closed rings, outer ring anticlockwise. */
export interface MultiPolygonGeoJson {
  type: 'MultiPolygon';
  coordinates: number[][][][];
}

export interface DrawnField {
  name: string;
  number: string;
  group: string | null;
  boundary: MultiPolygonGeoJson;
  /** Planar area of the drawn polygon in hectares, a check on the plan (PostGIS computes the stored areas). */
  planAreaHa: number;
}

interface Vertex {
  x: number;
  y: number;
  /** The kind of the edge from this vertex to the next. */
  kind: EdgeKind;
}

type Piece = Vertex[];

const epsilon = 1e-9;

function signedArea(points: readonly { x: number; y: number }[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

function anticlockwise(piece: Piece): Piece {
  if (signedArea(piece) > 0) return piece;
  // Reversing the ring moves each edge's kind to the vertex that now starts it.
  const n = piece.length;
  return piece.map((_, j) => {
    const vertex = piece[n - 1 - j]!;
    const kind = piece[(2 * n - 2 - j) % n]!.kind;
    return { x: vertex.x, y: vertex.y, kind };
  });
}

function withoutRepeats(piece: Piece): Piece {
  const result: Piece = [];
  for (let i = 0; i < piece.length; i++) {
    const current = piece[i]!;
    const next = piece[(i + 1) % piece.length]!;
    // A zero-length edge is dropped with its start; the edge before it now reaches the same point.
    if (Math.hypot(next.x - current.x, next.y - current.y) > 1e-6) result.push(current);
  }
  return result;
}

interface Crossing {
  /** Position along the cut: segment index plus the fraction along it. */
  along: number;
  edge: number;
  x: number;
  y: number;
}

function crossings(piece: Piece, path: readonly PlanPoint[]): Crossing[] {
  const found: Crossing[] = [];
  for (let j = 0; j + 1 < path.length; j++) {
    const [px, py] = path[j]!;
    const [qx, qy] = path[j + 1]!;
    const rx = qx - px;
    const ry = qy - py;
    for (let i = 0; i < piece.length; i++) {
      const a = piece[i]!;
      const b = piece[(i + 1) % piece.length]!;
      const sx = b.x - a.x;
      const sy = b.y - a.y;
      const denominator = rx * sy - ry * sx;
      if (Math.abs(denominator) < epsilon) continue;
      const t = ((a.x - px) * sy - (a.y - py) * sx) / denominator;
      const u = ((a.x - px) * ry - (a.y - py) * rx) / denominator;
      // Half-open ranges count a crossing through a shared vertex once.
      if (t >= 0 && t < 1 && u >= 0 && u < 1)
        found.push({ along: j + t, edge: i, x: px + t * rx, y: py + t * ry });
    }
  }
  return found.sort((p, q) => p.along - q.along);
}

function split(piece: Piece, cut: PlanCut): Piece[] {
  const found = crossings(piece, cut.path);
  // A cut that stops inside a piece (a hedge that peters out) or misses it leaves it whole.
  if (found.length < 2) return [piece];
  // Starting inside and crossing twice, the cut only steps out and back in: the stretch between is outside.
  if (found.length === 2 && contains(piece, cut.path[0]!)) return [piece];
  if (found.length > 2) {
    throw new Error(`A ${cut.kind} crosses one piece ${found.length} times; split it into simpler cuts`);
  }
  const [entry, exit] = found as [Crossing, Crossing];
  if (entry.edge === exit.edge) throw new Error(`A ${cut.kind} enters and leaves a piece through one edge`);
  const inner: Vertex[] = [];
  for (let j = Math.floor(entry.along) + 1; j <= Math.floor(exit.along); j++) {
    const [x, y] = cut.path[j]!;
    inner.push({ x, y, kind: cut.kind });
  }
  const n = piece.length;
  const walk = (from: number, to: number): Vertex[] => {
    const result: Vertex[] = [];
    for (let i = (from + 1) % n; ; i = (i + 1) % n) {
      result.push({ ...piece[i]! });
      if (i === to) break;
    }
    return result;
  };
  const first: Piece = [
    { x: entry.x, y: entry.y, kind: piece[entry.edge]!.kind },
    ...walk(entry.edge, exit.edge),
    { x: exit.x, y: exit.y, kind: cut.kind },
    ...[...inner].reverse(),
  ];
  const second: Piece = [
    { x: exit.x, y: exit.y, kind: piece[exit.edge]!.kind },
    ...walk(exit.edge, entry.edge),
    { x: entry.x, y: entry.y, kind: cut.kind },
    ...inner,
  ];
  return [anticlockwise(withoutRepeats(first)), anticlockwise(withoutRepeats(second))];
}

/** Pulls every edge of an anticlockwise piece inwards by its own setback, meeting neighbours at mitred corners. */
function inset(piece: Piece): { x: number; y: number }[] {
  const n = piece.length;
  const lines = piece.map((vertex, i) => {
    const next = piece[(i + 1) % n]!;
    const length = Math.hypot(next.x - vertex.x, next.y - vertex.y);
    const dx = (next.x - vertex.x) / length;
    const dy = (next.y - vertex.y) / length;
    const d = edgeSetbackM[vertex.kind];
    // Inside an anticlockwise ring lies to the left of each edge.
    return { x: vertex.x - dy * d, y: vertex.y + dx * d, dx, dy };
  });
  return lines.map((line, i) => {
    const previous = lines[(i - 1 + n) % n]!;
    const denominator = previous.dx * line.dy - previous.dy * line.dx;
    if (Math.abs(denominator) < 1e-6) {
      // Nearly straight on: the two offset lines almost coincide, so meet half way between their points.
      return { x: (previous.x + line.x) / 2, y: (previous.y + line.y) / 2 };
    }
    const t = ((line.x - previous.x) * line.dy - (line.y - previous.y) * line.dx) / denominator;
    return { x: previous.x + t * previous.dx, y: previous.y + t * previous.dy };
  });
}

function segmentsCross(
  a: { x: number; y: number },
  b: { x: number; y: number },
  c: { x: number; y: number },
  d: { x: number; y: number },
): boolean {
  const orient = (p: typeof a, q: typeof a, r: typeof a) =>
    (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function assertSimple(ring: { x: number; y: number }[], name: string): void {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!)) {
        throw new Error(`The boundary of ${name} crosses itself near edge ${i}`);
      }
    }
  }
}

function contains(piece: Piece, [x, y]: PlanPoint): boolean {
  let inside = false;
  for (let i = 0, j = piece.length - 1; i < piece.length; j = i++) {
    const a = piece[i]!;
    const b = piece[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Metres per degree of latitude and of longitude at a latitude (WGS 84 series). */
function metresPerDegree(lat: number): { lat: number; lon: number } {
  const phi = (lat * Math.PI) / 180;
  return {
    lat: 111132.92 - 559.82 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi),
    lon: 111412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi),
  };
}

/** Splits the plan's outline by its cuts; the pieces, anticlockwise, in no particular order. */
export function planPieces(plan: FieldPlan): { x: number; y: number; kind: EdgeKind }[][] {
  let pieces: Piece[] = [anticlockwise(plan.outline.map(([x, y]) => ({ x, y, kind: 'boundary' as const })))];
  for (const cut of plan.cuts) pieces = pieces.flatMap((piece) => split(piece, cut));
  return pieces;
}

/** The plan's named fields, in the plan's order, with their boundaries in EPSG:4326. */
export function drawFieldLayout(plan: FieldPlan): DrawnField[] {
  const pieces = planPieces(plan);
  const scale = metresPerDegree(plan.origin.lat);
  const claimed = new Map<Piece, string>();
  return plan.fields.map((field) => {
    const matches = pieces.filter((piece) => contains(piece, field.at));
    const piece = matches[0];
    if (!piece || matches.length > 1)
      throw new Error(`The label point of ${field.name} is not inside one piece`);
    const other = claimed.get(piece);
    if (other) throw new Error(`${field.name} and ${other} fall in the same piece`);
    claimed.set(piece, field.name);
    const ring = inset(piece);
    assertSimple(ring, field.name);
    if (signedArea(ring) <= 0) throw new Error(`The boundary of ${field.name} turned inside out`);
    const positions = ring.map(({ x, y }) => [
      round7(plan.origin.lon + x / scale.lon),
      round7(plan.origin.lat + y / scale.lat),
    ]);
    positions.push([...positions[0]!]);
    return {
      name: field.name,
      number: field.number,
      group: field.group,
      boundary: { type: 'MultiPolygon', coordinates: [[positions]] },
      planAreaHa: signedArea(ring) / 10_000,
    };
  });
}

function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
