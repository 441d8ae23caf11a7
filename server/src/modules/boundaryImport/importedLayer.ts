import type { ImportFormat, Srid } from '@headland/domain/api/fieldsApi';

export type ImportProperty = string | number | boolean | null;

/** Polygon coordinates in the file's own coordinate system: rings of [x, y] positions. */
export type PolygonCoordinates = number[][][];

/** One feature as read from a file, before PostGIS checks and converts its geometry. */
export interface ImportedSourceFeature {
  properties: Record<string, ImportProperty>;
  /** The feature's polygons, or null when it has none (points, lines, empty shapes). */
  polygons: PolygonCoordinates[] | null;
}

/** What a boundary file holds, read but not yet converted to EPSG:4326. */
export interface ImportedLayer {
  format: ImportFormat;
  srid: Srid;
  features: ImportedSourceFeature[];
}

/** A file the importer cannot read; its message is shown to the user as it is. */
export class ImportFileError extends Error {}
