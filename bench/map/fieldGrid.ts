/** A GeoJSON polygon in EPSG:4326, one outer ring, closed. */
export interface GridPolygon {
  type: 'Polygon';
  coordinates: [number, number][][];
}

export interface FieldGridOptions {
  count: number;
  /** South-west corner of the grid, degrees. */
  west: number;
  south: number;
  /** Fields per row of the grid. */
  columns?: number;
  /** Seed of the pseudo-random shapes, so every run draws the same holding. */
  seed?: number;
}

const metresPerDegreeLat = 111_320;

/** A small deterministic generator (mulberry32): the same seed gives the same fields in every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Field boundaries laid out as an English field pattern: columns 150 to 450 m wide and rows 130 to 350 m deep
 * (2 to 15 ha), each inner corner moved up to 26 m so no two fields have the same shape, a
 * hedge-sized gap between neighbours, and about one field in three given a fifth corner where a hedge bends.
 */
export function fieldGrid(options: FieldGridOptions): GridPolygon[] {
  const random = seededRandom(options.seed ?? 20_261_123);
  const columns = options.columns ?? 100;
  const rows = Math.ceil(options.count / columns);
  const xs = [0];
  for (let column = 0; column < columns; column++) xs.push(xs[column]! + 150 + random() * 300);
  const ys = [0];
  for (let row = 0; row < rows; row++) ys.push(ys[row]! + 130 + random() * 220);
  // Corners shared by neighbouring fields move together, so hedges stay shared. Moving each by at most 26 m (a
  // fifth of the narrowest row) keeps every field convex enough to stay a simple polygon.
  const reach = 26;
  const corners = ys.map((y, row) =>
    xs.map((x, column) => {
      const inner = row > 0 && row < rows && column > 0 && column < columns;
      return inner ? [x + (random() * 2 - 1) * reach, y + (random() * 2 - 1) * reach] : [x, y];
    }),
  );
  const metresPerDegreeLon = metresPerDegreeLat * Math.cos((options.south * Math.PI) / 180);
  const toLonLat = ([x, y]: number[]): [number, number] => [
    Number((options.west + x! / metresPerDegreeLon).toFixed(7)),
    Number((options.south + y! / metresPerDegreeLat).toFixed(7)),
  ];
  const polygons: GridPolygon[] = [];
  for (let index = 0; index < options.count; index++) {
    const row = Math.floor(index / columns);
    const column = index % columns;
    const ring = [
      corners[row]![column]!,
      corners[row]![column + 1]!,
      corners[row + 1]![column + 1]!,
      corners[row + 1]![column]!,
    ];
    if (random() < 0.35) {
      const side = Math.floor(random() * 4);
      const from = ring[side]!;
      const to = ring[(side + 1) % 4]!;
      const along = 0.3 + random() * 0.4;
      const bend = (random() * 2 - 1) * 25;
      const length = Math.hypot(to[0]! - from[0]!, to[1]! - from[1]!);
      const normal = [(to[1]! - from[1]!) / length, -(to[0]! - from[0]!) / length];
      ring.splice(side + 1, 0, [
        from[0]! + (to[0]! - from[0]!) * along + normal[0]! * bend,
        from[1]! + (to[1]! - from[1]!) * along + normal[1]! * bend,
      ]);
    }
    // A 4 m hedge between fields: each ring is pulled 2 m towards its centre.
    const cx = ring.reduce((sum, point) => sum + point[0]!, 0) / ring.length;
    const cy = ring.reduce((sum, point) => sum + point[1]!, 0) / ring.length;
    const pulled = ring.map(([x, y]) => {
      const distance = Math.hypot(cx - x!, cy - y!) || 1;
      return toLonLat([x! + ((cx - x!) / distance) * 2, y! + ((cy - y!) / distance) * 2]);
    });
    polygons.push({ type: 'Polygon', coordinates: [[...pulled, pulled[0]!]] });
  }
  return polygons;
}
