/**
 * The zone editing rules of fields-croppings-maps §4 (Zone editing) and the limits of one layer. PostGIS
 * applies them on the server; the browser may preview with the same numbers.
 *
 * Area units: the spec's "0.1 area units" are square metres of the map's projected plane. Zones are stored in
 * EPSG:4326, so the server measures parts geodesically (`ST_Area(geom::geography)`) in square metres.
 */

/** A part of a split, or a ring of a drawn polygon, smaller than this (m²) is dropped. */
export const minZonePartSquareMetres = 0.1;

/** The buffer (metres) of the second attempt of a merge whose union is not one polygon. */
export const mergeRetryBufferMetres = 0.01;

/** Vertices whose turning angle is below this (degrees) are removed by grid cleaning. */
export const gridCleaningMinAngleDegrees = 0.1;

/** §5 Other: the largest-polygon pick ignores parts under 1 m²; polygon extraction under 10 m² by default. */
export const largestPolygonMinSquareMetres = 1;
export const polygonExtractionMinSquareMetres = 10;

/** Bounds of one layer, checked before anything is stored. */
export const maxZonesPerLayer = 10_000;
export const maxPointsPerLayer = 200_000;
/** Vertices of one zone (as many as one field boundary). */
export const maxZoneVertices = 20_000;
/** Zones named in one merge. */
export const maxMergeZones = 500;

/** §4: a zone number is accepted only when empty or positive. */
export function isAcceptedZoneNumber(value: number | null | undefined): boolean {
  return value === null || value === undefined || (Number.isFinite(value) && value > 0);
}

/** The fields §4 compares to tell whether a zone was changed. */
export interface TrackedZone {
  Value: number | null;
  Label: string | null;
  DocumentId: number | null;
  /** The geometry as text (any canonical form: the same shape must give the same text). */
  Geometry: string;
}

/** §4: a zone counts as changed if its value, label, picture or geometry differs from the initial one. */
export function isZoneChanged(initial: TrackedZone, current: TrackedZone): boolean {
  return (
    initial.Value !== current.Value ||
    (initial.Label ?? '') !== (current.Label ?? '') ||
    initial.DocumentId !== current.DocumentId ||
    initial.Geometry !== current.Geometry
  );
}

/**
 * §4: a zone is user-defined if flagged, or if its value differs from the calculated one (values compared to
 * 6 decimals, so that a value sent back as text and read again counts as the same).
 */
export function isUserDefined(flagged: boolean, value: number | null, calculated: number | null): boolean {
  if (flagged) return true;
  if (value === null || calculated === null) return value !== calculated;
  return Math.abs(value - calculated) > 1e-6;
}

/** Regular shape kinds of §3. */
export const RegularShapeType = { Circle: 'circle', Rectangle: 'rectangle', Square: 'square' } as const;
export type RegularShapeType = (typeof RegularShapeType)[keyof typeof RegularShapeType];

/** §9: a circle becomes a polygon of 64 segments. */
export const circleSegments = 64;
