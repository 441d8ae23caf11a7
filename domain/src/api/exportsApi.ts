import { z } from 'zod';
import { maxDbId } from '../inputLimits.ts';

/**
 * The export API: the session holding's fields with their croppings of a crop year, and one data layer's zones
 * and points, as files any GIS opens. Every path is under `/api/export/v1`; the holding zip stays at
 * `POST /api/export/omnia/holding/{id}` (holdingsApi). Geometry is WGS 84 (EPSG:4326) in every format.
 */
export const exportsApiPrefix = '/api/export/v1';

export const exportsRoutes = {
  fields: `${exportsApiPrefix}/fields`,
  layer: `${exportsApiPrefix}/layers/:id`,
} as const;

/** The file formats of an export: a zipped ESRI shapefile, KML, GeoJSON (RFC 7946) and FlatGeobuf. */
export const exportFormats = ['shapefile', 'kml', 'geojson', 'flatgeobuf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The file name ending of each format. */
export const exportFormatExtension: Readonly<Record<ExportFormat, string>> = {
  shapefile: 'zip',
  kml: 'kml',
  geojson: 'geojson',
  flatgeobuf: 'fgb',
};

/** The crop years an export may name: those a holding may have. */
export const exportYearBounds = { min: 1990, max: 2100 } as const;

/** The most features one export writes: a 1,000,000-point yield map is refused rather than held in memory. */
export const maxExportFeatures = 250_000;

const formatSchema = z.enum(exportFormats);

export const fieldsExportQuerySchema = z.object({
  year: z.coerce.number().int().min(exportYearBounds.min).max(exportYearBounds.max),
  format: formatSchema,
});
export type FieldsExportQuery = z.infer<typeof fieldsExportQuerySchema>;

export const layerExportParamsSchema = z.object({ id: z.coerce.number().int().positive().max(maxDbId) });
export const layerExportQuerySchema = z.object({ format: formatSchema });

/** The path of a fields export, with its query. */
export function fieldsExportPath(year: number, format: ExportFormat): string {
  return `${exportsRoutes.fields}?year=${year}&format=${format}`;
}

/** The path of a layer export, with its query. */
export function layerExportPath(layerId: number, format: ExportFormat): string {
  return `${exportsRoutes.layer.replace(':id', String(layerId))}?format=${format}`;
}
