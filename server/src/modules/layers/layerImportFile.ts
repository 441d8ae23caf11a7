// shpjs ships no types; the declaration lives beside the boundary import.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../boundaryImport/shpjs.d.ts" />
import Papa from 'papaparse';
import { parseDbf, parseShp } from 'shpjs';
import { maxPointsPerLayer } from '@headland/domain/layers/zoneRules';
import { isZip, safeUnzip, ZipRefused } from '../../files/safeUnzip.ts';

export type ImportCell = string | number | null;

/** A soil or yield file as read: its columns, rows, and (for shapefiles) each row's geometry. */
export interface ImportTable {
  format: 'csv' | 'shapefile';
  columns: string[];
  rows: Record<string, ImportCell>[];
  /** Shapefiles: GeoJSON-like geometries in `srid` (null when the .prj named a system converted to 4326). */
  geometries: ({ type: string; coordinates: unknown } | null)[] | null;
  srid: number;
}

/** A file the layer import cannot read; its code and message go to the user. */
export class LayerImportFileError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

const tooManyRows = (rows: number) =>
  new LayerImportFileError(
    'tooManyRows',
    `The file holds ${rows.toLocaleString('en-GB')} rows; at most ${maxPointsPerLayer.toLocaleString('en-GB')} can be imported at once.`,
    { rows, max: maxPointsPerLayer },
  );

function cellOf(value: unknown): ImportCell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return String(value).trim().slice(0, 200);
}

function readCsv(bytes: Uint8Array): ImportTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  const parsed = Papa.parse<Record<string, unknown>>(text, {
    header: true,
    dynamicTyping: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().slice(0, 100),
  });
  const columns = (parsed.meta.fields ?? []).filter((column) => column !== '');
  if (columns.length < 2)
    throw new LayerImportFileError('notCsv', 'The file is not a CSV file with a header row of column names.');
  if (parsed.data.length > maxPointsPerLayer) throw tooManyRows(parsed.data.length);
  const rows = parsed.data.map((row) =>
    Object.fromEntries(columns.map((column) => [column, cellOf(row[column])])),
  );
  return { format: 'csv', columns, rows, geometries: null, srid: 4326 };
}

/** EPSG code of a .prj the database should convert (it carries the datum shifts), or null for proj4. */
function sridOfPrj(prj: string): number | null {
  const name = /^\s*(?:PROJCS|GEOGCS|PROJCRS|GEOGCRS)\s*\[\s*"([^"]*)"/i.exec(prj)?.[1]?.toUpperCase() ?? '';
  if (/BRITISH.NATIONAL.GRID/.test(name)) return 27700;
  if (/IRISH.TRANSVERSE.MERCATOR/.test(name)) return 2157;
  if (/^(GCS.)?WGS.(19)?84$/.test(name)) return 4326;
  return null;
}

function readShapefile(bytes: Uint8Array): ImportTable {
  let files: Map<string, Uint8Array>;
  try {
    files = safeUnzip(bytes, { keep: (name) => /\.(shp|dbf|prj|cpg)$/i.test(name) });
  } catch (error) {
    if (error instanceof ZipRefused) throw new LayerImportFileError('zipRefused', error.message);
    throw error;
  }
  const byName = new Map([...files].map(([name, content]) => [name.toLowerCase(), content]));
  const shpName = [...byName.keys()].filter((name) => name.endsWith('.shp')).sort()[0];
  if (!shpName)
    throw new LayerImportFileError(
      'noShapefile',
      'The zip file holds no shapefile: it needs the .shp and .dbf files.',
    );
  const base = shpName.slice(0, -4);
  const dbf = byName.get(`${base}.dbf`);
  if (!dbf) throw new LayerImportFileError('noShapefile', 'The shapefile has no .dbf attribute file.');
  const prjBytes = byName.get(`${base}.prj`);
  const prj = prjBytes ? new TextDecoder().decode(prjBytes).trim() : '';
  const cpg = byName.get(`${base}.cpg`);
  const srid = prj ? sridOfPrj(prj) : 4326;
  let shapes: ({ type: string; coordinates: unknown } | null)[];
  let rows: Record<string, string | number | boolean | null>[];
  try {
    shapes = parseShp(byName.get(shpName)!, prj && srid === null ? prj : undefined);
    rows = parseDbf(dbf, cpg ? new TextDecoder().decode(cpg).trim() : undefined);
  } catch {
    throw new LayerImportFileError('damagedShapefile', 'The shapefile is damaged and cannot be read.');
  }
  if (shapes.length > maxPointsPerLayer) throw tooManyRows(shapes.length);
  if (rows.length !== shapes.length)
    throw new LayerImportFileError(
      'damagedShapefile',
      'The shapefile is damaged: its .shp and .dbf files hold different numbers of records.',
    );
  const columns = Object.keys(rows[0] ?? {});
  return {
    format: 'shapefile',
    columns,
    rows: rows.map((row) => Object.fromEntries(columns.map((column) => [column, cellOf(row[column])]))),
    geometries: shapes,
    srid: srid ?? 4326,
  };
}

/** Reads a soil or yield file: a zipped shapefile, or CSV text. */
export function readLayerImportFile(bytes: Uint8Array): ImportTable {
  if (bytes.length === 0) throw new LayerImportFileError('emptyFile', 'The file is empty.');
  return isZip(bytes) ? readShapefile(bytes) : readCsv(bytes);
}
