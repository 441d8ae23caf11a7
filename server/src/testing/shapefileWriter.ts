import { zipSync } from 'fflate';

/** A column of the attribute table: text (C), number (N) or date (D, given as `YYYYMMDD`, length 8). */
export interface ShapefileColumn {
  name: string;
  type: 'C' | 'N' | 'D';
  length: number;
  decimals?: number;
}

export interface ShapefileFeature {
  /** Polygons, each an outer ring followed by its holes; rings are closed [x, y] lists. Null writes a null shape. */
  polygons: number[][][][] | null;
  properties: Record<string, string | number | null>;
}

export interface ShapefileOptions {
  /** Layer name: the files inside the zip are `<name>.shp`, `.shx`, `.dbf` and `.prj`. */
  name?: string;
  columns: ShapefileColumn[];
  features: ShapefileFeature[];
  /** Text of the .prj file; none is written when absent. */
  prj?: string;
}

/** Well-known text of British National Grid as desktop GIS writes it in a .prj. */
export const britishNationalGridPrj =
  'PROJCS["British_National_Grid",GEOGCS["GCS_OSGB_1936",DATUM["D_OSGB_1936",SPHEROID["Airy_1849",6377563.396,299.3249646]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],' +
  'PARAMETER["False_Easting",400000.0],PARAMETER["False_Northing",-100000.0],PARAMETER["Central_Meridian",-2.0],' +
  'PARAMETER["Scale_Factor",0.9996012717],PARAMETER["Latitude_Of_Origin",49.0],UNIT["Meter",1.0]]';

export const wgs84Prj =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],' +
  'UNIT["Degree",0.0174532925199433]]';

/** Irish Transverse Mercator (EPSG:2157) as desktop GIS writes it. */
export const irishTransverseMercatorPrj =
  'PROJCS["IRENET95_Irish_Transverse_Mercator",GEOGCS["GCS_IRENET95",DATUM["D_IRENET95",SPHEROID["GRS_1980",6378137.0,298.257222101]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],' +
  'PARAMETER["False_Easting",600000.0],PARAMETER["False_Northing",750000.0],PARAMETER["Central_Meridian",-8.0],' +
  'PARAMETER["Scale_Factor",0.99982],PARAMETER["Latitude_Of_Origin",53.5],UNIT["Meter",1.0]]';

/** Irish Grid on the TM75 datum (EPSG:29903). */
export const irishGridPrj =
  'PROJCS["TM75_Irish_Grid",GEOGCS["GCS_TM75",DATUM["D_TM75",SPHEROID["Airy_Modified",6377340.189,299.3249646]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],' +
  'PARAMETER["False_Easting",200000.0],PARAMETER["False_Northing",250000.0],PARAMETER["Central_Meridian",-8.0],' +
  'PARAMETER["Scale_Factor",1.000035],PARAMETER["Latitude_Of_Origin",53.5],UNIT["Meter",1.0]]';

/** A transverse Mercator system with no EPSG name: only proj4 can place it (here UTM zone 30N's parameters). */
export const unnamedTransverseMercatorPrj =
  'PROJCS["Tractor_Grid",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],' +
  'PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",-3.0],' +
  'PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

/** UTM zone 30 north on WGS 84 (EPSG:32630), as machinery exports write it. */
export const utm30nPrj = unnamedTransverseMercatorPrj.replace('Tractor_Grid', 'WGS_1984_UTM_Zone_30N');

function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i += 1)
    sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

/** The format wants outer rings clockwise and holes anticlockwise, whatever order the test wrote them in. */
function orient(ring: number[][], outer: boolean): number[][] {
  const clockwise = signedArea(ring) < 0;
  return clockwise === outer ? ring : [...ring].reverse();
}

function polygonContent(polygons: number[][][][]): Uint8Array {
  const rings = polygons.flatMap((polygon) => polygon.map((ring, index) => orient(ring, index === 0)));
  const points = rings.flat();
  const length = 44 + rings.length * 4 + points.length * 16;
  const view = new DataView(new ArrayBuffer(length));
  const xs = points.map((point) => point[0]!);
  const ys = points.map((point) => point[1]!);
  view.setInt32(0, 5, true);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((value, i) =>
    view.setFloat64(4 + i * 8, value, true),
  );
  view.setInt32(36, rings.length, true);
  view.setInt32(40, points.length, true);
  let start = 0;
  rings.forEach((ring, i) => {
    view.setInt32(44 + i * 4, start, true);
    start += ring.length;
  });
  const pointsAt = 44 + rings.length * 4;
  points.forEach((point, i) => {
    view.setFloat64(pointsAt + i * 16, point[0]!, true);
    view.setFloat64(pointsAt + i * 16 + 8, point[1]!, true);
  });
  return new Uint8Array(view.buffer);
}

function header(fileLengthBytes: number, bbox: number[]): DataView {
  const view = new DataView(new ArrayBuffer(100));
  view.setInt32(0, 9994, false);
  view.setInt32(24, fileLengthBytes / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, 5, true);
  bbox.forEach((value, i) => view.setFloat64(36 + i * 8, value, true));
  return view;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function writeShpAndShx(features: ShapefileFeature[]): { shp: Uint8Array; shx: Uint8Array } {
  const contents = features.map((feature) => {
    if (!feature.polygons) {
      const nullShape = new DataView(new ArrayBuffer(4));
      nullShape.setInt32(0, 0, true);
      return new Uint8Array(nullShape.buffer);
    }
    return polygonContent(feature.polygons);
  });
  const all = features.flatMap((feature) => (feature.polygons ?? []).flat(2));
  const bbox = all.length
    ? [
        Math.min(...all.map((p) => p[0]!)),
        Math.min(...all.map((p) => p[1]!)),
        Math.max(...all.map((p) => p[0]!)),
        Math.max(...all.map((p) => p[1]!)),
      ]
    : [0, 0, 0, 0];
  const records: Uint8Array[] = [];
  const index = new DataView(new ArrayBuffer(features.length * 8));
  let offset = 100;
  contents.forEach((content, i) => {
    const recordHeader = new DataView(new ArrayBuffer(8));
    recordHeader.setInt32(0, i + 1, false);
    recordHeader.setInt32(4, content.length / 2, false);
    records.push(new Uint8Array(recordHeader.buffer), content);
    index.setInt32(i * 8, offset / 2, false);
    index.setInt32(i * 8 + 4, content.length / 2, false);
    offset += 8 + content.length;
  });
  const shp = concat([new Uint8Array(header(offset, [...bbox, 0, 0, 0, 0]).buffer), ...records]);
  const shx = concat([
    new Uint8Array(header(100 + features.length * 8, [...bbox, 0, 0, 0, 0]).buffer),
    new Uint8Array(index.buffer),
  ]);
  return { shp, shx };
}

function writeDbf(columns: ShapefileColumn[], features: ShapefileFeature[]): Uint8Array {
  const encoder = new TextEncoder();
  const headerLength = 32 + columns.length * 32 + 1;
  const recordLength = 1 + columns.reduce((sum, column) => sum + column.length, 0);
  const bytes = new Uint8Array(headerLength + features.length * recordLength + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  bytes.set([125, 1, 1], 1);
  view.setUint32(4, features.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  columns.forEach((column, i) => {
    const at = 32 + i * 32;
    bytes.set(encoder.encode(column.name.slice(0, 10)), at);
    bytes[at + 11] = column.type.charCodeAt(0);
    bytes[at + 16] = column.length;
    bytes[at + 17] = column.decimals ?? 0;
  });
  bytes[headerLength - 1] = 0x0d;
  features.forEach((feature, row) => {
    let at = headerLength + row * recordLength;
    bytes[at] = 0x20;
    at += 1;
    for (const column of columns) {
      const value = feature.properties[column.name];
      const text =
        value === null || value === undefined
          ? ''
          : column.type === 'N'
            ? Number(value).toFixed(column.decimals ?? 0)
            : String(value);
      const encoded = encoder.encode(text).slice(0, column.length);
      const cell = new Uint8Array(column.length).fill(0x20);
      // Numbers are right-aligned, text left-aligned, as dBASE writes them.
      cell.set(encoded, column.type === 'N' ? column.length - encoded.length : 0);
      bytes.set(cell, at);
      at += column.length;
    }
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

/** A zipped shapefile of polygon features, written byte by byte to the ESRI and dBASE III layouts. */
export function writeZippedShapefile(options: ShapefileOptions): Uint8Array {
  const name = options.name ?? 'fields';
  const { shp, shx } = writeShpAndShx(options.features);
  const files: Record<string, Uint8Array> = {
    [`${name}.shp`]: shp,
    [`${name}.shx`]: shx,
    [`${name}.dbf`]: writeDbf(options.columns, options.features),
  };
  if (options.prj !== undefined) files[`${name}.prj`] = new TextEncoder().encode(options.prj);
  return zipSync(files);
}
