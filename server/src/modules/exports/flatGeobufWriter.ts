import { buildFeature } from 'flatgeobuf/lib/mjs/generic/feature.js';
import { buildHeader } from 'flatgeobuf/lib/mjs/generic/featurecollection.js';
import { ColumnType } from 'flatgeobuf/lib/mjs/flat-geobuf/column-type.js';
import { GeometryType } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry-type.js';
import { magicbytes } from 'flatgeobuf/lib/mjs/constants.js';
import { parseGeometry } from 'flatgeobuf/lib/mjs/geojson/geometry.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { ColumnMeta } from 'flatgeobuf/lib/mjs/column-meta.js';
import { type ExportColumn, type ExportDataset, propertiesOf } from './exportDataset.ts';

/**
 * FlatGeobuf of an export, with the `flatgeobuf` package's header and feature encoders. Its own GeoJSON
 * serialiser guesses column types from the first feature (a null makes a text column) and fails on an empty
 * collection, so the header is built here from the export's typed columns. No spatial index is written: the
 * format allows none, and readers then read the features in order.
 */

const columnTypes = {
  string: ColumnType.String,
  integer: ColumnType.Int,
  real: ColumnType.Double,
  date: ColumnType.DateTime,
} as const;

function columnMeta(column: ExportColumn): ColumnMeta {
  return {
    name: column.name,
    type: columnTypes[column.type],
    title: null,
    description: null,
    width: -1,
    precision: -1,
    scale: -1,
    nullable: true,
    unique: false,
    primary_key: false,
  };
}

const wgs84 = 4326;

export function writeFlatGeobuf(dataset: ExportDataset): Uint8Array {
  const shapes = new Set(dataset.parts.filter((part) => part.features.length > 0).map((part) => part.shape));
  const geometryType =
    shapes.size > 1
      ? GeometryType.Unknown
      : shapes.has('point')
        ? GeometryType.Point
        : GeometryType.MultiPolygon;
  const features = dataset.parts.flatMap((part) => part.features);
  const header: HeaderMeta = {
    geometryType,
    columns: dataset.columns.map(columnMeta),
    envelope: null,
    featuresCount: features.length,
    indexNodeSize: 0,
    crs: null,
    title: null,
    description: null,
    metadata: null,
  };
  const chunks: Uint8Array[] = [Uint8Array.from(magicbytes), buildHeader(header, wgs84)];
  for (const feature of features) {
    const properties = propertiesOf(dataset.columns, feature.values);
    const parsed = parseGeometry(feature.geometry);
    // A mixed file names each feature's geometry type; a file of one type leaves it to the header.
    if (geometryType === GeometryType.Unknown)
      parsed.type = feature.geometry.type === 'Point' ? GeometryType.Point : GeometryType.MultiPolygon;
    chunks.push(buildFeature(parsed, properties, header));
  }
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
