/**
 * Counts where the edges of a shape cross each other, stopping at `cap`. Repairing a shape (ST_MakeValid) costs
 * about the square of its crossings and can hold the database for minutes: a star of a thousand points that
 * all cross in the middle does. A field drawn with a slip of the hand crosses itself a few times; a shape that
 * crosses itself more than the cap is refused before the database sees it.
 *
 * A sweep along x: edges sorted by their left end, each compared with the edges still open to its left.
 */
export function countSelfCrossings(
  polygons: readonly (readonly (readonly number[])[])[][],
  cap: number,
): number {
  const edges: {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
    minX: number;
    maxX: number;
    minY: number;
    maxY: number;
    ring: number;
    index: number;
    size: number;
  }[] = [];
  let ringNumber = 0;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const size = ring.length - 1;
      for (let i = 0; i < size; i += 1) {
        const [x1, y1] = ring[i] as [number, number];
        const [x2, y2] = ring[i + 1] as [number, number];
        edges.push({
          x1,
          y1,
          x2,
          y2,
          minX: Math.min(x1, x2),
          maxX: Math.max(x1, x2),
          minY: Math.min(y1, y2),
          maxY: Math.max(y1, y2),
          ring: ringNumber,
          index: i,
          size,
        });
      }
      ringNumber += 1;
    }
  }
  edges.sort((a, b) => a.minX - b.minX);
  let crossings = 0;
  const open: typeof edges = [];
  for (const edge of edges) {
    let kept = 0;
    for (const other of open) {
      if (other.maxX < edge.minX) continue;
      open[kept++] = other;
      if (other.maxY < edge.minY || other.minY > edge.maxY) continue;
      if (other.ring === edge.ring) {
        const gap = Math.abs(other.index - edge.index);
        // Neighbouring edges share a vertex, which is not a crossing.
        if (gap <= 1 || gap === edge.size - 1) continue;
      }
      if (segmentsCross(edge, other)) {
        crossings += 1;
        if (crossings > cap) return crossings;
      }
    }
    open.length = kept;
    open.push(edge);
  }
  return crossings;
}

type Segment = { x1: number; y1: number; x2: number; y2: number };

function orientation(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
}

/** Whether two segments meet, touching included. */
function segmentsCross(a: Segment, b: Segment): boolean {
  const o1 = orientation(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1);
  const o2 = orientation(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2);
  const o3 = orientation(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1);
  const o4 = orientation(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2);
  if (o1 !== o2 && o3 !== o4) return true;
  // Collinear overlaps: the bounding boxes already overlap, so touching collinear segments meet.
  return o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0;
}
