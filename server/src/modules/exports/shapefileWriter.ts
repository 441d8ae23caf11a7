import type { ExportColumn, ExportFeature, ExportPart, ExportValue, Ring } from './exportDataset.ts';

/**
 * Writes one part as an ESRI shapefile (ESRI Shapefile Technical Description, July 1998): the main file
 * (.shp), its index (.shx) and the attribute table (.dbf, dBASE III). Polygons get outer rings clockwise and
 * holes anticlockwise, as the format requires. The .prj and .cpg files are the caller's (one per export).
 */

const shapeNull = 0;
const shapePoint = 1;
const shapePolygon = 5;
const headerBytes = 100;

/** The .prj of WGS 84 in the ESRI dialect of WKT, which ArcGIS and GDAL read alike. */
export const wgs84Prj =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

export interface ShapefileFiles {
  shp: Uint8Array;
  shx: Uint8Array;
  dbf: Uint8Array;
}

interface Extent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const emptyExtent = (): Extent => ({ minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity });

function grow(extent: Extent, x: number, y: number): void {
  if (x < extent.minX) extent.minX = x;
  if (y < extent.minY) extent.minY = y;
  if (x > extent.maxX) extent.maxX = x;
  if (y > extent.maxY) extent.maxY = y;
}

/** The rings of a feature in shapefile order: each ring of the anticlockwise-outer input reversed. */
function shapefileRings(feature: ExportFeature): Ring[] {
  if (feature.geometry.type !== 'MultiPolygon') return [];
  return feature.geometry.coordinates.flatMap((polygon) => polygon.map((ring) => [...ring].reverse()));
}

/** The record content of one feature (without its 8-byte record header). */
function shapeRecord(feature: ExportFeature, extent: Extent): Uint8Array {
  if (feature.geometry.type === 'Point') {
    const [x, y] = feature.geometry.coordinates;
    grow(extent, x, y);
    const bytes = new Uint8Array(20);
    const view = new DataView(bytes.buffer);
    view.setInt32(0, shapePoint, true);
    view.setFloat64(4, x, true);
    view.setFloat64(12, y, true);
    return bytes;
  }
  const rings = shapefileRings(feature).filter((ring) => ring.length >= 4);
  if (rings.length === 0) {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setInt32(0, shapeNull, true);
    return bytes;
  }
  const points = rings.reduce((sum, ring) => sum + ring.length, 0);
  const bytes = new Uint8Array(44 + 4 * rings.length + 16 * points);
  const view = new DataView(bytes.buffer);
  const own = emptyExtent();
  view.setInt32(0, shapePolygon, true);
  view.setInt32(36, rings.length, true);
  view.setInt32(40, points, true);
  let partAt = 44;
  let pointAt = 44 + 4 * rings.length;
  let index = 0;
  for (const ring of rings) {
    view.setInt32(partAt, index, true);
    partAt += 4;
    for (const [x, y] of ring) {
      grow(own, x, y);
      view.setFloat64(pointAt, x, true);
      view.setFloat64(pointAt + 8, y, true);
      pointAt += 16;
    }
    index += ring.length;
  }
  view.setFloat64(4, own.minX, true);
  view.setFloat64(12, own.minY, true);
  view.setFloat64(20, own.maxX, true);
  view.setFloat64(28, own.maxY, true);
  grow(extent, own.minX, own.minY);
  grow(extent, own.maxX, own.maxY);
  return bytes;
}

/** The 100-byte header shared by .shp and .shx. */
function mainHeader(shapeType: number, fileBytes: number, extent: Extent): Uint8Array {
  const bytes = new Uint8Array(headerBytes);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, 9994, false);
  view.setInt32(24, fileBytes / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, shapeType, true);
  const known = Number.isFinite(extent.minX);
  view.setFloat64(36, known ? extent.minX : 0, true);
  view.setFloat64(44, known ? extent.minY : 0, true);
  view.setFloat64(52, known ? extent.maxX : 0, true);
  view.setFloat64(60, known ? extent.maxY : 0, true);
  return bytes;
}

function writeShapes(part: ExportPart): { shp: Uint8Array; shx: Uint8Array } {
  const extent = emptyExtent();
  const records = part.features.map((feature) => shapeRecord(feature, extent));
  const shpBytes = headerBytes + records.reduce((sum, record) => sum + 8 + record.length, 0);
  const shxBytes = headerBytes + 8 * records.length;
  const shapeType = part.shape === 'point' ? shapePoint : shapePolygon;
  const shp = new Uint8Array(shpBytes);
  const shx = new Uint8Array(shxBytes);
  shp.set(mainHeader(shapeType, shpBytes, extent));
  shx.set(mainHeader(shapeType, shxBytes, extent));
  const shpView = new DataView(shp.buffer);
  const shxView = new DataView(shx.buffer);
  let offset = headerBytes;
  records.forEach((record, index) => {
    shpView.setInt32(offset, index + 1, false);
    shpView.setInt32(offset + 4, record.length / 2, false);
    shp.set(record, offset + 8);
    shxView.setInt32(headerBytes + 8 * index, offset / 2, false);
    shxView.setInt32(headerBytes + 8 * index + 4, record.length / 2, false);
    offset += 8 + record.length;
  });
  return { shp, shx };
}

interface DbfField {
  name: string;
  type: 'C' | 'N' | 'D';
  width: number;
  decimals: number;
}

const textWidth = 254;
const encoder = new TextEncoder();

/** A text column is as wide as its longest value in UTF-8 bytes (at least 1, at most 254). */
function textWidthOf(index: number, features: readonly ExportFeature[]): number {
  let width = 1;
  for (const feature of features) {
    const value = feature.values[index];
    if (value === null || value === undefined) continue;
    width = Math.max(width, Math.min(textWidth, encoder.encode(String(value)).length));
    if (width === textWidth) break;
  }
  return width;
}

function dbfField(column: ExportColumn, index: number, features: readonly ExportFeature[]): DbfField {
  switch (column.type) {
    // GDAL reads widths up to 9 as 32-bit integers, wider ones as 64-bit.
    case 'integer':
      return { name: column.name, type: 'N', width: column.wide ? 10 : 9, decimals: 0 };
    case 'real':
      return { name: column.name, type: 'N', width: 19, decimals: column.decimals ?? 6 };
    case 'date':
      return { name: column.name, type: 'D', width: 8, decimals: 0 };
    default:
      return { name: column.name, type: 'C', width: textWidthOf(index, features), decimals: 0 };
  }
}

/** UTF-8 bytes of a text cut to `width` bytes without splitting a character. */
function cutUtf8(text: string, width: number): Uint8Array {
  const bytes = encoder.encode(text);
  if (bytes.length <= width) return bytes;
  let end = width;
  // A continuation byte (10xxxxxx) cannot start a character: step back to the character's first byte.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

/** A cell's bytes, padded to its width; an empty numeric or date cell is blanks, which readers take as null. */
function cell(field: DbfField, value: ExportValue): Uint8Array {
  const out = new Uint8Array(field.width).fill(0x20);
  if (value === null || value === '') return out;
  if (field.type === 'C') {
    out.set(cutUtf8(String(value), field.width));
    return out;
  }
  if (field.type === 'D') {
    out.set(encoder.encode(String(value).replaceAll('-', '').slice(0, 8)));
    return out;
  }
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return out;
  let text = number.toFixed(field.decimals);
  // A number too wide for its cell is left out rather than cut into a different number.
  if (text.length > field.width) return out;
  text = text.padStart(field.width, ' ');
  out.set(encoder.encode(text));
  return out;
}

function writeDbf(
  columns: readonly ExportColumn[],
  features: readonly ExportFeature[],
  now: Date,
): Uint8Array {
  const fields = columns.map((column, index) => dbfField(column, index, features));
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.width, 0);
  const bytes = new Uint8Array(headerLength + recordLength * features.length + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  bytes[1] = now.getUTCFullYear() - 1900;
  bytes[2] = now.getUTCMonth() + 1;
  bytes[3] = now.getUTCDate();
  view.setUint32(4, features.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  fields.forEach((field, index) => {
    const at = 32 + 32 * index;
    bytes.set(encoder.encode(field.name.slice(0, 10)), at);
    bytes[at + 11] = field.type.charCodeAt(0);
    bytes[at + 16] = field.width;
    bytes[at + 17] = field.decimals;
  });
  bytes[headerLength - 1] = 0x0d;
  let offset = headerLength;
  for (const feature of features) {
    bytes[offset] = 0x20;
    let at = offset + 1;
    fields.forEach((field, index) => {
      bytes.set(cell(field, feature.values[index] ?? null), at);
      at += field.width;
    });
    offset += recordLength;
  }
  bytes[offset] = 0x1a;
  return bytes;
}

/** The .shp, .shx and .dbf of one part. */
export function writeShapefile(
  columns: readonly ExportColumn[],
  part: ExportPart,
  now = new Date(),
): ShapefileFiles {
  return { ...writeShapes(part), dbf: writeDbf(columns, part.features, now) };
}
