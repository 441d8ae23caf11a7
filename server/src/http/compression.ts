import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this an answer goes as it is: compressing it would cost more than it saves. */
export const compressAboveBytes = 32 * 1024;

/**
 * Gzips large JSON answers for clients that accept it. A year's field list of a big holding is several
 * megabytes of JSON and shrinks about tenfold, which matters on a farm's mobile connection. zlib runs on
 * the thread pool, so the event loop keeps serving other calls meanwhile; level 1 keeps that work short (about 15 ms for 4 MB) and still shrinks a field list about tenfold.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || Buffer.byteLength(payload) < compressAboveBytes) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
    const compressed = await gzipAsync(payload, { level: 1 });
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return compressed;
  });
}
