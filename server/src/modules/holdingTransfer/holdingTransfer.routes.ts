import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { holdingIdParamsSchema, holdingImportResponseSchema } from '@headland/domain/api/holdingsApi';
import { badRequest, HttpError } from '../../http/httpErrors.ts';
import { assertMayCreateHoldings, holdingsCallerOf } from '../holdings/holdingCaller.ts';
import { documentStoreFor } from '../documents/documentStore.ts';
import { exportHolding } from './holdingExport.service.ts';
import { importHolding, maxArchiveBytes } from './holdingImport.service.ts';

const tags = ['holdings'];

/** The multipart field `file` of an upload, whole. */
async function uploadedArchive(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart())
    throw badRequest('Send the holding export as multipart/form-data, in the field "file".');
  let archive: Uint8Array | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && archive === null)
        archive = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The file is larger than ${maxArchiveBytes / 1024 / 1024} MB.`);
    }
    throw badRequest('The upload could not be read.');
  }
  if (!archive) throw badRequest('No file was sent in the field "file".');
  return archive;
}

/** Holding export (a zip download) and import (a zip upload that becomes a new holding). */
export async function holdingTransferRoutes(app: FastifyInstance): Promise<void> {
  // Multipart may already be registered for the whole app; a second parser would be refused.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: maxArchiveBytes, files: 2, fields: 10 } });
  }
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.post(
    '/api/export/omnia/holding/:id',
    {
      // Export follows the Exports permission on the holding exported, which need not be the session's: checked inside.
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Download a holding as a zip',
        params: holdingIdParamsSchema,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const { fileName, zip } = await exportHolding(
        db(),
        holdingsCallerOf(request),
        request.params.id,
        documentStoreFor(app.deps.config),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  api.post(
    '/api/import/omnia/holding',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Create a holding from an export',
        description: 'Multipart upload of one holding export zip in the field "file".',
        consumes: ['multipart/form-data'],
        response: { 200: holdingImportResponseSchema },
      },
    },
    async (request) => {
      const caller = holdingsCallerOf(request);
      // Refuse before reading a possibly large upload.
      assertMayCreateHoldings(caller);
      const holding = await importHolding(
        { db: db(), authCache: app.authCache },
        caller,
        await uploadedArchive(request),
        documentStoreFor(app.deps.config),
      );
      return { Holding: holding };
    },
  );
}
