import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportsRoutes as paths,
  fieldsExportQuerySchema,
  layerExportParamsSchema,
  layerExportQuerySchema,
  maxExportFeatures,
} from '@headland/domain/api/exportsApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import type { ExportFile } from './exportFiles.ts';
import { exportFields, exportLayer } from './exports.service.ts';

/**
 * Exports read only: the Exports permission (enabled) lets a caller in, for GET as for any method; the
 * service then asks for read on fields or map layers.
 */
const access = { access: { area: 'exports' as const, level: 'read' as const } };
const tags = ['exports'];
/** The content types of the formats: shapefile zip, KML, GeoJSON and FlatGeobuf. */
const produces = [
  'application/zip',
  'application/vnd.google-earth.kml+xml',
  'application/geo+json',
  'application/octet-stream',
];
const formats =
  'Formats: `shapefile` (a zip of .shp, .shx, .dbf, .prj and .cpg, UTF-8 attributes), `kml`, `geojson` (RFC 7946) and `flatgeobuf`; all in WGS 84 (EPSG:4326).';

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** Fields and croppings of a crop year, and a data layer's zones and points, as GIS files (docs/decisions.md). */
export async function exportsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    paths.fields,
    {
      config: access,
      schema: {
        tags,
        operationId: 'exportFields',
        summary: "Download the session holding's fields and croppings of a crop year",
        description: `One feature per cropping of the year (drawn with its own boundary when it has one), and one per field without a cropping; restricted members get no field whose croppings of the year are hidden from them. Needs Exports and Fields read. ${formats} At most ${maxExportFeatures} features.`,
        querystring: fieldsExportQuerySchema,
        produces,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await exportFields(db(), holdingCallerOf(request), request.query.year, request.query.format),
      ),
  );

  api.get(
    paths.layer,
    {
      config: access,
      schema: {
        tags,
        operationId: 'exportLayer',
        summary: "Download a data layer's zones and points",
        description: `The layer must be of the session holding and visible to the caller. Needs Exports and Map layers read. The shapefile zip holds one shapefile for zones and one for points when the layer has both. ${formats} At most ${maxExportFeatures} features.`,
        params: layerExportParamsSchema,
        querystring: layerExportQuerySchema,
        produces,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await exportLayer(db(), holdingCallerOf(request), request.params.id, request.query.format),
      ),
  );
}
