import type { GeometryInput, RegularShape } from '@headland/domain/api/layersApi';
import { regularShapeWkt } from '@headland/domain/layers/regularShape';
import {
  gridCleaningMinAngleDegrees,
  maxZoneVertices,
  minZonePartSquareMetres,
} from '@headland/domain/layers/zoneRules';
import type { Db } from '../../db/database.ts';
import { layerProblem } from './layerAccess.ts';
import { prepareGeometry } from './zones.queries.ts';

// A zone's or a line's geometry as sent, checked and prepared before any transaction opens, so that a bad
// shape is a 400 and nothing is stored.

/** Positions in a WKT text, counted from its commas before anything parses it (an upper bound of one). */
function countedVertices(wkt: string): number {
  let count = 1;
  for (let index = 0; index < wkt.length; index += 1) if (wkt.charCodeAt(index) === 44) count += 1;
  return count;
}

/**
 * A drawn or sent polygon, made valid and measured by PostGIS: invalid rings are repaired (ST_MakeValid) and only
 * the polygons kept; drawn shapes are grid-cleaned. Refused when not polygonal, too large or empty after repair.
 */
export async function preparePolygon(
  db: Db,
  field: string,
  geometry: GeometryInput | undefined,
  shape: RegularShape | null | undefined,
  clean: boolean,
): Promise<string> {
  let input = geometry;
  if (!input && shape) input = { WellKnownText: regularShapeWkt(shape), CoordinateSystemId: 4326 };
  if (!input) throw layerProblem('geometryRequired', field, 'Draw the zone or give its shape.');
  if (countedVertices(input.WellKnownText) > maxZoneVertices)
    throw layerProblem('tooManyVertices', field, `A zone may have at most ${maxZoneVertices} points.`, {
      max: maxZoneVertices,
    });
  let prepared;
  try {
    prepared = await prepareGeometry(db, input.WellKnownText, input.CoordinateSystemId, {
      polygon: true,
      clean,
      minRingM2: minZonePartSquareMetres,
      minAngleDegrees: gridCleaningMinAngleDegrees,
    });
  } catch {
    throw layerProblem('badGeometry', field, 'The shape could not be read as well-known text.');
  }
  if (!/POLYGON/.test(prepared.kind))
    throw layerProblem('notPolygon', field, 'A zone must be a polygon.', { kind: prepared.kind });
  if (!prepared.inRange)
    throw layerProblem('outOfRange', field, 'The shape lies outside the coordinate system.');
  if (prepared.empty) throw layerProblem('emptyGeometry', field, 'The shape has no area.');
  return prepared.ewkb;
}

export async function prepareLine(db: Db, field: string, geometry: GeometryInput): Promise<string> {
  if (countedVertices(geometry.WellKnownText) > maxZoneVertices)
    throw layerProblem('tooManyVertices', field, `A line may have at most ${maxZoneVertices} points.`, {
      max: maxZoneVertices,
    });
  let prepared;
  try {
    prepared = await prepareGeometry(db, geometry.WellKnownText, geometry.CoordinateSystemId, {
      polygon: false,
      clean: false,
      minRingM2: 0,
      minAngleDegrees: 0,
    });
  } catch {
    throw layerProblem('badGeometry', field, 'The line could not be read as well-known text.');
  }
  if (!/LINESTRING/.test(prepared.kind) || prepared.empty)
    throw layerProblem('notLine', field, 'Split the zone with a line.', { kind: prepared.kind });
  if (!prepared.inRange)
    throw layerProblem('outOfRange', field, 'The line lies outside the coordinate system.');
  return prepared.ewkb;
}
