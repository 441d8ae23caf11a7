import type Circle from 'ol/geom/Circle.js';
import Polygon from 'ol/geom/Polygon.js';
import LineString from 'ol/geom/LineString.js';
import type { Coordinate } from 'ol/coordinate.js';
import { circleLineSegments, circleSegments } from '../mapConstants.ts';

/**
 * The closed ring of a regular polygon with `sides` corners around `center`, the first corner at `angle`
 * (radians anticlockwise from east). The last coordinate repeats the first.
 */
export function regularRing(center: Coordinate, radius: number, sides: number, angle = 0): Coordinate[] {
  const [cx = 0, cy = 0] = center;
  const ring: Coordinate[] = [];
  for (let index = 0; index < sides; index++) {
    const theta = angle + (2 * Math.PI * index) / sides;
    ring.push([cx + radius * Math.cos(theta), cy + radius * Math.sin(theta)]);
  }
  ring.push([...ring[0]!]);
  return ring;
}

/** A drawn circle as the polygon a boundary stores: 64 segments. */
export function circleToPolygon(circle: Circle, sides = circleSegments): Polygon {
  return new Polygon([regularRing(circle.getCenter(), circle.getRadius(), sides)]);
}

/** A drawn circle as a closed line: 12 segments. */
export function circleToLine(circle: Circle, sides = circleLineSegments): LineString {
  return new LineString(regularRing(circle.getCenter(), circle.getRadius(), sides));
}
