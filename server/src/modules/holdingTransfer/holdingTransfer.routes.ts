import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  holdingIdParamsSchema,
  holdingImportPreviewSchema,
  holdingImportResponseSchema,
} from '@headland/domain/api/holdingsApi';
import { maxDbId } from '@headland/domain/inputLimits';
import { badRequest, HttpError, validationFailed } from '../../http/httpErrors.ts';
import { assertMayCreateHoldings } from '../holdings/holdings.service.ts';
import { documentStoreFor } from '../documents/documents.service.ts';
import { exportHolding } from './holdingExport.service.ts';
import { importHolding, maxArchiveBytes, previewHoldingImport } from './holdingImport.service.ts';
import { callerOf } from '../../auth/caller.ts';

const tags = ['holdings'];

/** The multipart field `file` of an upload, whole, and the optional field `replaceHoldingId`. */
async function uploadedArchive(
  request: FastifyRequest,
): Promise<{ archive: Uint8Array; replaceHoldingId?: number }> {
  if (!request.isMultipart()) throw badRequest('multipartHoldingExport');
  let archive: Uint8Array | null = null;
  let replace: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && archive === null)
        archive = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
      else if (part.fieldname === 'replaceHoldingId') replace = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'fileTooLarge', { size: maxArchiveBytes / 1024 / 1024 });
    }
    throw badRequest('uploadUnreadable');
  }
  if (!archive) throw badRequest('noFileInFieldFile');
  if (replace === undefined || replace === '') return { archive };
  const parsed = z.coerce.number().int().positive().max(maxDbId).safeParse(replace);
  if (!parsed.success) {
    throw validationFailed([{ Field: 'replaceHoldingId', Code: 'replaceNotHoldingId' }]);
  }
  return { archive, replaceHoldingId: parsed.data };
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
        callerOf(request),
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
      const caller = callerOf(request);
      // Refuse before reading a possibly large upload.
      assertMayCreateHoldings(caller);
      const upload = await uploadedArchive(request);
      const holding = await importHolding(
        { db: db(), authCache: app.authCache },
        caller,
        upload.archive,
        documentStoreFor(app.deps.config),
        upload.replaceHoldingId,
      );
      return { Holding: holding };
    },
  );

  api.post(
    '/api/import/omnia/holding/preview',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'What a holding export would import',
        description:
          'Multipart upload of one holding export zip in the field "file". Nothing is stored; the answer lists the caller\'s holdings with the same account number, which the import may replace (field "replaceHoldingId").',
        consumes: ['multipart/form-data'],
        response: { 200: holdingImportPreviewSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      assertMayCreateHoldings(caller);
      const upload = await uploadedArchive(request);
      return previewHoldingImport(db(), caller, upload.archive);
    },
  );
}
