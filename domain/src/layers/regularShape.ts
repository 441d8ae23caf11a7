import { circleSegments, RegularShapeType } from './zoneRules.ts';

/** A regular shape of §3: centre [lon, lat] (EPSG:4326), sizes in metres, angle in degrees anticlockwise. */
export interface RegularShapeInput {
  Type: RegularShapeType;
  Center: [number, number];
  Size1: number;
  Size2: number | null;
  Angle: number;
}

const metresPerDegreeLatitude = 110_574;
const metresPerDegreeLongitudeAtEquator = 111_320;

/**
 * The closed ring [lon, lat][] of a regular shape, drawn on the plane tangent at its centre (exact enough for
 * shapes of a field's size): a circle of radius Size1 as 64 segments (§9), a rectangle Size1 wide and Size2
 * high, or a square of side Size1, turned by Angle.
 */
export function regularShapeRing(shape: RegularShapeInput): [number, number][] {
  const [lon, lat] = shape.Center;
  const perLon = metresPerDegreeLongitudeAtEquator * Math.cos((lat * Math.PI) / 180);
  const angle = (shape.Angle * Math.PI) / 180;
  const toLonLat = (x: number, y: number): [number, number] => {
    const rx = x * Math.cos(angle) - y * Math.sin(angle);
    const ry = x * Math.sin(angle) + y * Math.cos(angle);
    return [lon + rx / perLon, lat + ry / metresPerDegreeLatitude];
  };
  const ring: [number, number][] = [];
  if (shape.Type === RegularShapeType.Circle) {
    for (let i = 0; i < circleSegments; i += 1) {
      const t = (2 * Math.PI * i) / circleSegments;
      ring.push(toLonLat(shape.Size1 * Math.cos(t), shape.Size1 * Math.sin(t)));
    }
  } else {
    const halfWidth = shape.Size1 / 2;
    const halfHeight =
      (shape.Type === RegularShapeType.Square ? shape.Size1 : (shape.Size2 ?? shape.Size1)) / 2;
    ring.push(
      toLonLat(-halfWidth, -halfHeight),
      toLonLat(halfWidth, -halfHeight),
      toLonLat(halfWidth, halfHeight),
      toLonLat(-halfWidth, halfHeight),
    );
  }
  ring.push(ring[0]!);
  return ring;
}

/** The shape as WKT in EPSG:4326. */
export function regularShapeWkt(shape: RegularShapeInput): string {
  return `POLYGON((${regularShapeRing(shape)
    .map(([x, y]) => `${x} ${y}`)
    .join(',')}))`;
}
