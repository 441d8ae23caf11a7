import type Geometry from 'ol/geom/Geometry.js';
import type LineString from 'ol/geom/LineString.js';
import type MultiLineString from 'ol/geom/MultiLineString.js';
import type MultiPolygon from 'ol/geom/MultiPolygon.js';
import type Polygon from 'ol/geom/Polygon.js';

/**
 * Whether a drawn or edited geometry may be kept (fields-croppings-maps §4): polygons need a positive area,
 * lines a positive length; points and circles always may.
 */
export function canCommitGeometry(geometry: Geometry | null | undefined): boolean {
  if (!geometry) return false;
  switch (geometry.getType()) {
    case 'Point':
    case 'MultiPoint':
    case 'Circle':
      return true;
    case 'LineString':
      return (geometry as LineString).getLength() > 0;
    case 'MultiLineString':
      return (geometry as MultiLineString).getLineStrings().some((line) => line.getLength() > 0);
    case 'Polygon':
      return (geometry as Polygon).getArea() > 0;
    case 'MultiPolygon':
      return (geometry as MultiPolygon).getArea() > 0;
    default:
      return false;
  }
}
