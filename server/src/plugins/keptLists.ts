import fp from 'fastify-plugin';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { acceptsGzip, gzipText, varyOnEncoding } from '../http/compression.ts';
import type { Caller } from '../auth/caller.ts';
import { listVersion, revalidateList, type ListVersion } from '../http/listRevalidation.ts';
import { KeptBytes } from './keptBytes.ts';

const gunzipAsync = promisify(gunzip);

declare module 'fastify' {
  interface FastifyInstance {
    /** The holdings' year lists as last built, shared by the fields and croppings routes. */
    keptLists: KeptLists;
  }
}

/** Gzipped lists kept at most, in bytes: about 80 year lists of 5,000 fields (0.8 MB each). */
export const keptListBudgetBytes = 64 * 1024 * 1024;

/** Whether revision `a` ('holding.shared', see listVersion) comes before `b`. */
function isOlder(a: string, b: string): boolean {
  const [holdingA = 0, sharedA = 0] = a.split('.').map(Number);
  const [holdingB = 0, sharedB = 0] = b.split('.').map(Number);
  return holdingA <= holdingB && sharedA <= sharedB && a !== b;
}

/**
 * The year lists of holdings (fields, croppings) as gzipped JSON, one per slot (holding, reader and request),
 * each of the data revision it was built in. Every unrestricted member of a holding reads the same list, and
 * building one of 5,000 fields takes the database and the server half a second (on PGlite); sending a kept one
 * takes a few milliseconds. A list of another revision is never answered: a change to the data moves the
 * revision on (migration 0006), and the next request builds the list afresh. The least recently used lists go
 * first when the kept bytes pass the budget.
 */
export class KeptLists {
  private readonly kept: KeptBytes;

  constructor(budgetBytes = keptListBudgetBytes) {
    this.kept = new KeptBytes(budgetBytes, isOlder);
  }

  /** The list of `version`, kept or built now with `build`. */
  gzipped(version: ListVersion, build: () => Promise<unknown>): Promise<Buffer> {
    return this.kept.get(version.slot, version.revision, () =>
      build().then((list) => gzipText(JSON.stringify(list))),
    );
  }

  /** How many lists and bytes are kept. */
  get size(): { lists: number; bytes: number } {
    const { entries, bytes } = this.kept.size;
    return { lists: entries, bytes };
  }

  /** Drops every list of a holding: its data changed, maybe through another server (live/liveChannel.ts). */
  forgetHolding(holdingId: number): void {
    this.kept.forgetHolding(holdingId);
  }
}

/**
 * Answers a holding-wide year list: 304 when the browser's copy is current (see `revalidateList`), else the
 * kept list of the current revision, built by `build` when there is none. The answer is sent as bytes, gzipped
 * for clients that accept it, so neither the response schema nor the compression hook walks it again: the
 * presenters build the schema's shape, and the routes' tests check it against the schema.
 */
export async function answerYearList(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { db: Db; kept: KeptLists; caller: Caller; parts: readonly (string | number)[] },
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const version = await listVersion(options.db, options.caller, options.parts);
  if (revalidateList(request, reply, version)) return reply.code(304).send(null);
  const gzipped = await options.kept.gzipped(version, build);
  reply.type('application/json; charset=utf-8');
  varyOnEncoding(reply);
  if (!acceptsGzip(request)) return reply.send(await gunzipAsync(gzipped));
  reply.header('content-encoding', 'gzip');
  return reply.send(gzipped);
}

/** The kept year lists on the root app: the fields and croppings routes answer from them, live forgets them. */
export const keptLists = fp(
  async (app) => {
    app.decorate('keptLists', new KeptLists());
  },
  { name: 'kept-lists' },
);
