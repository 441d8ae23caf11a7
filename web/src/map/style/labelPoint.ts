import Point from 'ol/geom/Point.js';
import type Geometry from 'ol/geom/Geometry.js';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import type Polygon from 'ol/geom/Polygon.js';

/**
 * Where a polygon's label goes: the interior point of its largest part, so a field in two pieces is labelled
 * once. Points are kept per geometry and revision by the caller's cache, since style functions run every frame.
 */
export class LabelPoints {
  private readonly cache = new WeakMap<Geometry, { revision: number; point: Point | null }>();

  of(geometry: Geometry | undefined): Point | null {
    if (!geometry) return null;
    const revision = geometry.getRevision();
    const cached = this.cache.get(geometry);
    if (cached && cached.revision === revision) return cached.point;
    const point = interiorPoint(geometry);
    this.cache.set(geometry, { revision, point });
    return point;
  }
}

function interiorPoint(geometry: Geometry): Point | null {
  const type = geometry.getType();
  if (type === 'Polygon') return pointOfPolygon(geometry as Polygon);
  if (type !== 'MultiPolygon') return null;
  let largest: Polygon | undefined;
  let largestArea = -1;
  for (const polygon of (geometry as MultiPolygon).getPolygons()) {
    const area = polygon.getArea();
    if (area > largestArea) {
      largest = polygon;
      largestArea = area;
    }
  }
  return largest ? pointOfPolygon(largest) : null;
}

function pointOfPolygon(polygon: Polygon): Point | null {
  if (polygon.getLinearRingCount() === 0) return null;
  const [x, y] = polygon.getInteriorPoint().getCoordinates();
  return x === undefined || y === undefined || !Number.isFinite(x) ? null : new Point([x, y]);
}
