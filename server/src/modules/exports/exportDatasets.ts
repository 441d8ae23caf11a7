import { strFromU8 } from 'fflate';
import type { ExportFormat } from '@headland/domain/api/exportsApi';
import type { ExportColumn, ExportDataset } from './exportDataset.ts';
import { exportFile, type ExportFile } from './exportFiles.ts';
import type { FieldCroppingRow, PointExportRow, ZoneExportRow } from './exports.queries.ts';

/**
 * The datasets of the two exports, made from the rows PostGIS answered as JSON text. This runs in a worker
 * thread (server/src/workers): parsing the rows and writing the file of a large layer holds that thread, never
 * the one that answers every user.
 */

/** Shapefile attribute names: at most 10 characters, unique (see exportWriters.test.ts). */
export const fieldColumns: readonly ExportColumn[] = [
  { name: 'Field', type: 'string' },
  { name: 'FieldNo', type: 'string' },
  { name: 'Crop', type: 'string' },
  { name: 'Variety', type: 'string' },
  { name: 'AreaHa', type: 'real', decimals: 4 },
  { name: 'CropHa', type: 'real', decimals: 4 },
  { name: 'CropStart', type: 'date' },
  { name: 'CropEnd', type: 'date' },
  { name: 'Sown', type: 'date' },
  { name: 'Harvested', type: 'date' },
  { name: 'Year', type: 'integer' },
  { name: 'FieldId', type: 'integer', wide: true },
  { name: 'CroppingId', type: 'integer', wide: true },
];

export const layerColumns: readonly ExportColumn[] = [
  { name: 'Layer', type: 'string' },
  { name: 'LayerType', type: 'string' },
  { name: 'Zone', type: 'integer' },
  { name: 'Value', type: 'real', decimals: 6 },
  { name: 'Unit', type: 'string' },
  { name: 'Label', type: 'string' },
  { name: 'AreaHa', type: 'real', decimals: 4 },
  { name: 'ProdRate', type: 'real', decimals: 4 },
  { name: 'NutrRate', type: 'real', decimals: 4 },
  { name: 'RateUnit', type: 'string' },
  { name: 'Field', type: 'string' },
];

/** What an export is of, besides its rows: the words the request thread looked up. */
export type ExportSpec =
  | { subject: 'fields'; fileName: string; title: string; year: number }
  | {
      subject: 'layer';
      fileName: string;
      title: string;
      layer: { name: string; typeName: string | null; unit: string | null; rateUnit: string | null };
    };

/** The rows as the queries answer them: `{"rows": [...]}` or `{"zones": [...], "points": [...]}`. */
export type ExportRows = { rows: FieldCroppingRow[] } | { zones: ZoneExportRow[]; points: PointExportRow[] };

function fieldsDataset(
  spec: Extract<ExportSpec, { subject: 'fields' }>,
  rows: FieldCroppingRow[],
): ExportDataset {
  return {
    fileName: spec.fileName,
    title: spec.title,
    columns: [...fieldColumns],
    parts: [
      {
        name: 'fields',
        shape: 'polygon',
        features: rows.map((row) => ({
          geometry: row.geometry,
          values: [
            row.name,
            row.fieldNumber,
            row.crop,
            row.variety,
            row.areaHa,
            row.croppedHa,
            row.startDate,
            row.endDate,
            row.sowingDate,
            row.harvestDate,
            spec.year,
            row.fieldId,
            row.croppingId,
          ],
        })),
      },
    ],
  };
}

function layerDataset(
  spec: Extract<ExportSpec, { subject: 'layer' }>,
  zones: ZoneExportRow[],
  points: PointExportRow[],
): ExportDataset {
  const { name, typeName, unit, rateUnit } = spec.layer;
  return {
    fileName: spec.fileName,
    title: spec.title,
    columns: [...layerColumns],
    parts: [
      {
        name: 'zones',
        shape: 'polygon',
        features: zones.map((zone) => ({
          geometry: zone.geometry,
          values: [
            name,
            typeName,
            zone.zoneNumber,
            zone.value,
            unit,
            zone.label,
            zone.areaHa,
            zone.productRate,
            zone.nutrientRate,
            rateUnit,
            zone.fieldName,
          ],
        })),
      },
      {
        name: 'points',
        shape: 'point',
        features: points.map((point) => ({
          geometry: point.geometry,
          values: [name, typeName, null, point.value, unit, null, null, null, null, null, null],
        })),
      },
    ],
  };
}

/** The export's file from its rows as UTF-8 JSON text (see ExportRows). */
export function writeExport(json: Uint8Array, spec: ExportSpec, format: ExportFormat): ExportFile {
  const parsed = JSON.parse(strFromU8(json)) as ExportRows;
  const dataset =
    spec.subject === 'fields'
      ? fieldsDataset(spec, 'rows' in parsed ? parsed.rows : [])
      : layerDataset(spec, 'zones' in parsed ? parsed.zones : [], 'zones' in parsed ? parsed.points : []);
  return exportFile(dataset, format);
}
