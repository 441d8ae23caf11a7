import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  epsgCodeSchema,
  importCommitRequestSchema,
  importCommitResponseSchema,
  importPreviewResponseSchema,
} from '@headland/domain/api/fieldsApi';
import { badRequest, HttpError, validationFailed } from '../../http/httpErrors.ts';
import { holdingCallerOf } from '../../auth/caller.ts';
import { commitImport, previewImport } from './boundaryImport.service.ts';
import { routeBodyLimits } from '../../http/requestLimits.ts';

/** Largest boundary file accepted: a zipped shapefile of a large estate stays far below it. */
export const maxBoundaryFileBytes = 100 * 1024 * 1024;

const access = { access: { area: 'fields' as const } };
const tags = ['fields'];

/** The upload: one file, and optionally the EPSG code to read it in (field `srid`) when the file names none. */
async function uploadedFile(request: FastifyRequest): Promise<{ bytes: Uint8Array; srid?: number }> {
  if (!request.isMultipart()) throw badRequest('multipartBoundaryFile');
  let bytes: Uint8Array | undefined;
  let sridText: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        bytes ??= content;
      } else if (part.fieldname === 'srid') sridText = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'fileTooLarge', { size: maxBoundaryFileBytes / 1024 / 1024 });
    }
    throw badRequest('uploadUnreadable');
  }
  if (!bytes) throw badRequest('noFileSent');
  if (sridText === undefined || sridText === '') return { bytes };
  const srid = epsgCodeSchema.safeParse(sridText);
  if (!srid.success) {
    throw validationFailed([{ Field: 'srid', Code: 'sridNotEpsg' }]);
  }
  return { bytes, srid: srid.data };
}

/** Field boundaries from a zipped shapefile, GeoJSON or KML file: preview, then create the chosen fields. */
export async function boundaryImportRoutes(app: FastifyInstance): Promise<void> {
  // Another area may have registered multipart for the whole app already; a second parser would be refused.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: maxBoundaryFileBytes, files: 1, fields: 10 } });
  }
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.post(
    '/api/fields/v1/import/preview',
    {
      config: access,
      schema: {
        tags,
        description:
          'Multipart upload of one file (a zipped shapefile or ISOXML TASKDATA, GeoJSON, FlatGeobuf, a TASKDATA.XML, KML, KMZ or GPX) in any field, and optionally `srid`: the EPSG code to read a file in that names no coordinate system.',
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewResponseSchema },
      },
    },
    async (request) => {
      const caller = holdingCallerOf(request);
      const upload = await uploadedFile(request);
      return previewImport(db(), caller, upload.bytes, upload.srid);
    },
  );

  api.post(
    '/api/fields/v1/import/commit',
    {
      bodyLimit: routeBodyLimits.importCommit,
      config: access,
      schema: { tags, body: importCommitRequestSchema, response: { 201: importCommitResponseSchema } },
    },
    async (request, reply) => {
      const result = await commitImport(db(), holdingCallerOf(request), request.body);
      return reply.status(201).send(result);
    },
  );
}
