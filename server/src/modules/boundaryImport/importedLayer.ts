import type { OwnRefusalCode, RefusalParams } from '@headland/domain/api/refusalCodes';
import { englishRefusal } from '../../http/httpErrors.ts';
import type { ImportFormat } from '@headland/domain/api/fieldsApi';

export type ImportProperty = string | number | boolean | null;

/** Polygon coordinates in the layer's coordinate system: rings of [x, y] positions. */
export type PolygonCoordinates = number[][][];

/** One feature as read from a file, before PostGIS checks and converts its geometry. */
export interface ImportedSourceFeature {
  properties: Record<string, ImportProperty>;
  /** The feature's polygons, or null when it has none (points, lines, empty shapes). */
  polygons: PolygonCoordinates[] | null;
}

/** Where a layer's coordinates are: a known EPSG code, or not said by the file. */
export type LayerCrs =
  | { kind: 'epsg'; srid: number; name: string }
  /** The file names no system: longitudes and latitudes are assumed unless the coordinates cannot be. */
  | { kind: 'unstated' };

/** What a boundary file holds, read by the format's reader but not yet checked by PostGIS. */
export interface ImportedLayer {
  format: ImportFormat;
  /** The system the coordinates are in now. */
  crs: LayerCrs;
  /** The system the file was written in, when the reader already converted it (a shapefile's .prj). */
  source?: { srid: number | null; name: string };
  features: ImportedSourceFeature[];
}

/** A file the importer cannot read, as a refusal code of the catalogue with its parameters. */
export class ImportFileError extends Error {
  constructor(
    readonly code: OwnRefusalCode,
    readonly params: RefusalParams = {},
  ) {
    super(englishRefusal(code, params));
  }
}

export const wgs84Crs: LayerCrs = { kind: 'epsg', srid: 4326, name: 'WGS 84 (EPSG:4326)' };
