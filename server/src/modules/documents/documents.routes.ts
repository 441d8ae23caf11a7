import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentDeletedResponseSchema,
  documentEditRequestSchema,
  documentIdParamsSchema,
  documentImageParamsSchema,
  documentImageQuerySchema,
  documentImportParamsSchema,
  documentListResponseSchema,
  documentReadIdsRequestSchema,
  documentReadParamsSchema,
  documentSchema,
} from '@headland/domain/api/documentsApi';
import { megabytesText } from '@headland/domain/documentRules';
import { documentMaxFiles, documentMaxTotalBytes } from '@headland/domain/limits';
import { badRequest } from '../../http/httpErrors.ts';
import { holdingCallerOf } from '../../auth/caller.ts';
import { documentStoreFor, type DocumentStore } from './documentStore.ts';
import {
  deleteDocument,
  documentProblem,
  documentsByIds,
  editDocument,
  importDocuments,
  listDocuments,
  readDocumentImage,
  type UploadedFile,
} from './documents.service.ts';

/**
 * Reading the library follows map-layers read (pictures are one of the map's layers); managing it (upload,
 * edit, delete) follows map-layers write, so a read-only session only reads.
 */
const readAccess = { access: { area: 'mapLayers' as const, level: 'read' as const } };
const manageAccess = { access: { area: 'mapLayers' as const, level: 'write' as const } };
const tags = ['documents'];

/** Room for the multipart boundaries and headers around the files, above the files' own 100 MB. */
const multipartOverheadBytes = 1024 * 1024;
/** Files read from one request at most: beyond the ten allowed only to count them for the message. */
const countedFilesMax = 50;

/**
 * The files of an upload, field `files`, within the spec's limits: at most 10 files and 100 MB in all, refused
 * with the spec's messages. A declared body larger than the limit is refused before it is read.
 */
async function uploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw badRequest('multipartFiles');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > documentMaxTotalBytes + multipartOverheadBytes) {
    throw documentProblem({ code: 'tooLarge', totalMb: megabytesText(declared) });
  }
  const files: UploadedFile[] = [];
  let count = 0;
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        files: countedFilesMax,
        fileSize: documentMaxTotalBytes,
        fields: 10,
        fieldSize: 1024,
        parts: countedFilesMax + 10,
        headerPairs: 200,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'files') {
        part.file.resume();
        throw badRequest('filesFieldOnly');
      }
      count += 1;
      if (count > documentMaxFiles || total > documentMaxTotalBytes) {
        // Only counted from here on, for the message.
        for await (const chunk of part.file) total += (chunk as Buffer).length;
        continue;
      }
      const bytes = await part.toBuffer();
      total += bytes.length;
      files.push({ fileName: part.filename, bytes });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw documentProblem({ code: 'tooManyFiles', count: count + 1 });
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw documentProblem({
        code: 'tooLarge',
        totalMb: megabytesText(Math.max(total, documentMaxTotalBytes + 1)),
      });
    if (error instanceof Error && 'statusCode' in error && (error as { statusCode: number }).statusCode < 500)
      throw error;
    if ((error as { body?: unknown }).body !== undefined) throw error;
    throw badRequest('uploadUnreadable');
  }
  if (count > documentMaxFiles) throw documentProblem({ code: 'tooManyFiles', count });
  if (total > documentMaxTotalBytes)
    throw documentProblem({ code: 'tooLarge', totalMb: megabytesText(total) });
  if (files.length === 0) throw badRequest('noFileSent', {}, [{ Field: 'files' }]);
  return files;
}

export interface DocumentsRoutesOptions {
  /** The store to keep files in; by default the one the configuration names. */
  store?: DocumentStore;
}

/** The holding's document and picture library (fields-croppings-maps §7) and its image path. */
export async function documentsRoutes(
  app: FastifyInstance,
  options: DocumentsRoutesOptions = {},
): Promise<void> {
  // Another area may have registered multipart for the whole app already; a second parser would be refused.
  // The limits that matter are given per request above.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const store = options.store ?? documentStoreFor(app.deps.config);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    '/api/import/document/read/:holdingId/:x',
    {
      config: readAccess,
      schema: {
        tags,
        description:
          'The library of one crop year (`x` a year) or of every year (`x` = `all`), newest first.',
        params: documentReadParamsSchema,
        response: { 200: documentListResponseSchema },
      },
    },
    async (request) => ({
      Documents: await listDocuments(
        db(),
        holdingCallerOf(request),
        request.params.holdingId,
        request.params.x,
      ),
    }),
  );

  api.post(
    '/api/import/document/read/ids',
    {
      config: readAccess,
      schema: {
        tags,
        description:
          'The documents among `Ids` of the session holding that the caller may see; others are left out.',
        body: documentReadIdsRequestSchema,
        response: { 200: documentListResponseSchema },
      },
    },
    async (request) => ({
      Documents: await documentsByIds(db(), holdingCallerOf(request), request.body.Ids),
    }),
  );

  api.post(
    '/api/import/document/import/:holdingId/:yearId',
    {
      config: manageAccess,
      schema: {
        tags,
        description: 'Multipart upload, field `files`: up to 10 jpg, png, gif or pdf files, 100 MB in all.',
        consumes: ['multipart/form-data'],
        params: documentImportParamsSchema,
        response: { 201: documentListResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = holdingCallerOf(request);
      const files = await uploadedFiles(request);
      const documents = await importDocuments(
        db(),
        store,
        caller,
        request.params.holdingId,
        request.params.yearId,
        files,
      );
      return reply.status(201).send({ Documents: documents });
    },
  );

  api.post(
    '/api/import/document/delete/:id',
    {
      config: manageAccess,
      schema: { tags, params: documentIdParamsSchema, response: { 200: documentDeletedResponseSchema } },
    },
    async (request) => {
      await deleteDocument(db(), store, holdingCallerOf(request), request.params.id, (error) =>
        request.log.warn({ err: error }, 'a removed document left a file behind'),
      );
      return { Deleted: true as const };
    },
  );

  api.post(
    '/api/import/document/edit',
    {
      config: manageAccess,
      schema: { tags, body: documentEditRequestSchema, response: { 200: documentSchema } },
    },
    async (request) => editDocument(db(), holdingCallerOf(request), request.body),
  );

  api.get(
    '/api/img/:holdingId/:name/:ext',
    {
      config: readAccess,
      schema: {
        tags,
        description:
          'A library file: `{name}/{ext}` the original, `{name}-thumbnail/{ext}` its JPEG thumbnail of `size`.',
        params: documentImageParamsSchema,
        querystring: documentImageQuerySchema,
      },
    },
    async (request, reply) => {
      const image = await readDocumentImage(
        db(),
        store,
        holdingCallerOf(request),
        request.params,
        request.query.size,
      );
      return reply
        .header('Content-Type', image.contentType)
        .header('Cache-Control', 'private, max-age=86400, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(image.fileName)}`)
        .send(image.bytes);
    },
  );
}
