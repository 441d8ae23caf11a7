/**
 * What an export holds, whatever its file format: named parts (zones, points, fields) sharing one set of
 * attribute columns. Every writer takes this and nothing else, so all formats carry the same attributes.
 * Polygon rings arrive as PostGIS gives them with ST_ForcePolygonCCW: outer rings anticlockwise, holes
 * clockwise (RFC 7946); the shapefile writer reverses them to its own order.
 */

export type ColumnType = 'string' | 'integer' | 'real' | 'date';

export interface ExportColumn {
  /** At most 10 characters, unique case-insensitively: the shapefile's dBASE table takes no more. */
  name: string;
  type: ColumnType;
  /** Digits after the decimal point of a real column in the shapefile. */
  decimals?: number;
  /** An integer of up to 10 digits (a database id): a 64-bit integer column where widths decide (dBASE). */
  wide?: boolean;
}

/** A text, a number, an ISO date (YYYY-MM-DD) for date columns, or nothing. */
export type ExportValue = string | number | null;

export type Ring = [number, number][];
export type PolygonRings = Ring[];

export type ExportGeometry =
  { type: 'MultiPolygon'; coordinates: PolygonRings[] } | { type: 'Point'; coordinates: [number, number] };

export interface ExportFeature {
  geometry: ExportGeometry;
  /** One value per column, in the columns' order. */
  values: ExportValue[];
}

export interface ExportPart {
  /** Names the part's file or folder: letters, digits, '-' and '_'. */
  name: string;
  shape: 'polygon' | 'point';
  features: ExportFeature[];
}

export interface ExportDataset {
  /** The file name without its ending. */
  fileName: string;
  /** Shown as the document's name in KML. */
  title: string;
  columns: ExportColumn[];
  parts: ExportPart[];
}

/** The value of a feature as a property object keyed by column name. */
export function propertiesOf(columns: readonly ExportColumn[], values: readonly ExportValue[]) {
  return Object.fromEntries(columns.map((column, index) => [column.name, values[index] ?? null]));
}
