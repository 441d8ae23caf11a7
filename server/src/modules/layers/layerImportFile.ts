// shpjs ships no types; the declaration lives beside the boundary import.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../boundaryImport/shpjs.d.ts" />
import Papa from 'papaparse';
import { parseDbf, parseShp } from 'shpjs';
import { maxPointsPerLayer } from '@headland/domain/layers/zoneRules';
import { dbfDateText } from '../../files/dbfDate.ts';
import { isZip, safeUnzip, ZipRefused } from '../../files/safeUnzip.ts';
import {
  checkCsvColumns,
  checkCsvLines,
  looksBinary,
  notSubjectFile,
  tooManyRows,
  type ImportSubject,
} from './csvBounds.ts';
import { LayerImportFileError } from './layerImportFileError.ts';

export { LayerImportFileError } from './layerImportFileError.ts';

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

function cellOf(value: unknown): ImportCell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return dbfDateText(value);
  return String(value).trim().slice(0, 200);
}

/**
 * Reads CSV text as a stream of rows after checking its bounds (line length, row count, columns), so that a
 * file far beyond them is refused before any row is built, and parsing stops at the first row past the limit.
 */
function readCsv(bytes: Uint8Array, subject: ImportSubject): ImportTable {
  if (looksBinary(bytes)) throw notSubjectFile(subject);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  checkCsvLines(text);
  const header = Papa.parse<string[]>(text, { preview: 1, skipEmptyLines: 'greedy' });
  checkCsvColumns(header.data[0]?.length ?? 0);
  const rows: Record<string, ImportCell>[] = [];
  let columns: string[] = [];
  let overflow = false;
  Papa.parse<Record<string, unknown>>(text, {
    header: true,
    dynamicTyping: true,
    skipEmptyLines: 'greedy',
    transformHeader: (name) => name.trim().slice(0, 100),
    step: (result, parser) => {
      if (rows.length === 0) columns = (result.meta.fields ?? []).filter((column) => column !== '');
      if (rows.length >= maxPointsPerLayer) {
        overflow = true;
        parser.abort();
        return;
      }
      const row = result.data;
      rows.push(Object.fromEntries(columns.map((column) => [column, cellOf(row[column])])));
    },
  });
  if (rows.length === 0)
    columns = (header.data[0] ?? []).map((name) => name.trim().slice(0, 100)).filter(Boolean);
  if (columns.length < 2)
    throw new LayerImportFileError('notCsv', 'The file is not a CSV file with a header row of column names.');
  if (overflow) throw tooManyRows(maxPointsPerLayer + 1);
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
  let rows: Record<string, string | number | boolean | Date | null>[];
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

/** Reads a soil or yield file: a zipped shapefile, or CSV text; anything else is refused as not such a file. */
export function readLayerImportFile(bytes: Uint8Array, subject: ImportSubject = 'soil'): ImportTable {
  if (bytes.length === 0) throw new LayerImportFileError('emptyFile', 'The file is empty.');
  return isZip(bytes) ? readShapefile(bytes) : readCsv(bytes, subject);
}

/** What a preview shows of a table: its columns, first rows and size, without sending every row back. */
export interface ImportTableSummary {
  format: ImportTable['format'];
  columns: string[];
  rows: Record<string, ImportCell>[];
  rowCount: number;
  polygons: boolean;
}

export function summariseTable(table: ImportTable, rows: number): ImportTableSummary {
  return {
    format: table.format,
    columns: table.columns,
    rows: table.rows.slice(0, rows),
    rowCount: table.rows.length,
    polygons: table.geometries?.some((geometry) => geometry?.type.includes('Polygon')) ?? false,
  };
}
