import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  importCommitRequestSchema,
  importCommitResponseSchema,
  importPreviewResponseSchema,
} from '@headland/domain/api/fieldsApi';
import { badRequest, HttpError } from '../../http/httpErrors.ts';
import { fieldsCallerOf } from '../fields/fieldsCaller.ts';
import { commitImport, previewImport } from './boundaryImport.service.ts';
import { routeBodyLimits } from '../../http/requestLimits.ts';

/** Largest boundary file accepted: a zipped shapefile of a large estate stays far below it. */
export const maxBoundaryFileBytes = 100 * 1024 * 1024;

const access = { access: { area: 'fields' as const } };
const tags = ['fields'];

async function uploadedFile(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw badRequest('Send the boundary file as multipart/form-data.');
  let file;
  try {
    file = await request.file();
  } catch {
    throw badRequest('The upload could not be read.');
  }
  if (!file) throw badRequest('No file was sent.');
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The file is larger than ${maxBoundaryFileBytes / 1024 / 1024} MB.`);
    }
    throw badRequest('The upload could not be read.');
  }
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
          'Multipart upload of one file: a zipped shapefile, a GeoJSON file or a KML (or KMZ) file.',
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewResponseSchema },
      },
    },
    async (request) => previewImport(db(), await uploadedFile(request)),
  );

  api.post(
    '/api/fields/v1/import/commit',
    {
      bodyLimit: routeBodyLimits.importCommit,
      config: access,
      schema: { tags, body: importCommitRequestSchema, response: { 201: importCommitResponseSchema } },
    },
    async (request, reply) => {
      const result = await commitImport(db(), fieldsCallerOf(request), request.body);
      return reply.status(201).send(result);
    },
  );
}
