import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fileQuerySchema,
  folderContentsQuerySchema,
  folderContentsResponseSchema,
  storageRoutes as paths,
} from '@headland/domain/api/storageApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import { appsContextOf, type AppsOptions } from './appsContext.ts';
import { folderContents, storageFile } from './storage.service.ts';

/** Connections need current-holding write (§6); a store's files further need the connection's owner or Admin. */
const write = { access: { area: 'currentHolding' as const, level: 'write' as const } };
const tags = ['apps'];

/** A file name as a Content-Disposition takes it: an ASCII fallback, and the name itself in RFC 5987 form. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function storageRoutes(app: FastifyInstance, options: AppsOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const context = appsContextOf(app, options);

  api.get(
    paths.folderContents,
    {
      config: write,
      schema: {
        tags,
        operationId: 'listStorageFolder',
        summary: 'The entries of a folder of a connected app’s file store',
        description:
          'One level (levels=1) of the folder at path (default the root), folders first; each entry has Name, Path, IsFolder and Contents (null). The connection’s owner or Admin and above; at most 5,000 entries.',
        querystring: folderContentsQuerySchema,
        response: { 200: folderContentsResponseSchema },
      },
    },
    async (request) =>
      folderContents(
        context(request),
        holdingCallerOf(request),
        request.query.connectionId,
        request.query.path,
      ),
  );

  api.get(
    paths.file,
    {
      config: write,
      schema: {
        tags,
        operationId: 'getStorageFile',
        summary: 'A file of a connected app’s file store',
        description:
          'The file’s bytes, for an import to read; at most 100 MB (413 above it). The connection’s owner or Admin and above.',
        querystring: fileQuerySchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await storageFile(
        context(request),
        holdingCallerOf(request),
        request.query.connectionId,
        request.query.path,
      );
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachment(file.name))
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
}
