import type Geometry from 'ol/geom/Geometry.js';
import type LineString from 'ol/geom/LineString.js';
import type Polygon from 'ol/geom/Polygon.js';
import { containsCoordinate } from 'ol/extent.js';
import { transform } from 'ol/proj.js';
import { getArea, getLength } from 'ol/sphere.js';
import { nationalGridExtentLonLat } from '../mapConstants.ts';
import {
  dataProjection,
  nationalGridProjection,
  registerProjections,
  viewProjection,
} from '../projections.ts';

/** How a measurement was taken: on the British National Grid, or on the sphere. */
export type MeasureMethod = 'nationalGrid' | 'geodesic';

export interface Measurement {
  /** Metres for a length, square metres for an area. */
  value: number;
  method: MeasureMethod;
}

export interface MeasureOptions {
  /** Measure on the national grid when every point lies inside it (the main brand); otherwise always geodesic. */
  nationalGrid: boolean;
}

function coordinatesOf(geometry: LineString | Polygon): number[][] {
  return geometry.getType() === 'Polygon'
    ? (geometry as Polygon).getCoordinates().flat()
    : (geometry as LineString).getCoordinates();
}

/** Whether every point of a geometry in the view projection (EPSG:3857) lies inside the national grid's area. */
export function insideNationalGrid(geometry: LineString | Polygon): boolean {
  const extent = [...nationalGridExtentLonLat];
  return coordinatesOf(geometry).every((coordinate) =>
    containsCoordinate(extent, transform(coordinate, viewProjection, dataProjection)),
  );
}

function onGrid(geometry: LineString | Polygon, options: MeasureOptions): boolean {
  if (!options.nationalGrid || !insideNationalGrid(geometry)) return false;
  registerProjections();
  return true;
}

function toGrid<T extends Geometry>(geometry: T): T {
  return geometry.clone().transform(viewProjection, nationalGridProjection) as T;
}

/** The length of a line drawn on the map (EPSG:3857), in metres. */
export function measureLength(line: LineString, options: MeasureOptions): Measurement {
  if (onGrid(line, options)) return { value: toGrid(line).getLength(), method: 'nationalGrid' };
  return { value: getLength(line, { projection: viewProjection }), method: 'geodesic' };
}

/** The area of a polygon drawn on the map (EPSG:3857), in square metres. */
export function measureArea(polygon: Polygon, options: MeasureOptions): Measurement {
  if (onGrid(polygon, options)) return { value: toGrid(polygon).getArea(), method: 'nationalGrid' };
  return { value: getArea(polygon, { projection: viewProjection }), method: 'geodesic' };
}
