import { zipSync } from 'fflate';

/**
 * A zipped point shapefile (.shp, .shx, .dbf, optional .prj) with numeric attributes, as yield monitors export
 * them, for tests and benchmarks of the layer import.
 */
export function writeZippedPointShapefile(options: {
  name?: string;
  columns: string[];
  points: { x: number; y: number; values: number[] }[];
  prj?: string;
}): Uint8Array {
  const name = options.name ?? 'points';
  const count = options.points.length;
  const shp = new DataView(new ArrayBuffer(100 + count * 28));
  const shx = new DataView(new ArrayBuffer(100 + count * 8));
  const xs = options.points.map((point) => point.x);
  const ys = options.points.map((point) => point.y);
  for (const [view, bytes] of [
    [shp, 100 + count * 28],
    [shx, 100 + count * 8],
  ] as const) {
    view.setInt32(0, 9994, false);
    view.setInt32(24, bytes / 2, false);
    view.setInt32(28, 1000, true);
    view.setInt32(32, 1, true);
    view.setFloat64(36, Math.min(...xs), true);
    view.setFloat64(44, Math.min(...ys), true);
    view.setFloat64(52, Math.max(...xs), true);
    view.setFloat64(60, Math.max(...ys), true);
  }
  options.points.forEach((point, index) => {
    const offset = 100 + index * 28;
    shp.setInt32(offset, index + 1, false);
    shp.setInt32(offset + 4, 10, false);
    shp.setInt32(offset + 8, 1, true);
    shp.setFloat64(offset + 12, point.x, true);
    shp.setFloat64(offset + 20, point.y, true);
    shx.setInt32(100 + index * 8, offset / 2, false);
    shx.setInt32(100 + index * 8 + 4, 10, false);
  });
  const width = 16;
  const headerLength = 32 + options.columns.length * 32 + 1;
  const recordLength = 1 + options.columns.length * width;
  const dbf = new Uint8Array(headerLength + count * recordLength + 1);
  const dbfView = new DataView(dbf.buffer);
  dbf[0] = 3;
  dbfView.setUint32(4, count, true);
  dbfView.setUint16(8, headerLength, true);
  dbfView.setUint16(10, recordLength, true);
  const encoder = new TextEncoder();
  options.columns.forEach((column, index) => {
    const at = 32 + index * 32;
    dbf.set(encoder.encode(column.slice(0, 10)), at);
    dbf[at + 11] = 'N'.charCodeAt(0);
    dbf[at + 16] = width;
    dbf[at + 17] = 4;
  });
  dbf[headerLength - 1] = 0x0d;
  options.points.forEach((point, index) => {
    const at = headerLength + index * recordLength;
    dbf[at] = 0x20;
    point.values.forEach((value, column) => {
      dbf.set(encoder.encode(value.toFixed(4).padStart(width, ' ').slice(-width)), at + 1 + column * width);
    });
  });
  dbf[dbf.length - 1] = 0x1a;
  const files: Record<string, Uint8Array> = {
    [`${name}.shp`]: new Uint8Array(shp.buffer),
    [`${name}.shx`]: new Uint8Array(shx.buffer),
    [`${name}.dbf`]: dbf,
  };
  if (options.prj) files[`${name}.prj`] = encoder.encode(options.prj);
  return zipSync(files);
}
