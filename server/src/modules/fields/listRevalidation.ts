import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { FieldsCaller } from './fieldsCaller.ts';
import { sqlRows } from '../session/sqlRows.ts';

/**
 * Differs from one start of the server to the next: an answer also depends on code (crop details, presenters),
 * and a new version must not be taken for the old one.
 */
const serverStart = randomBytes(6).toString('hex');

/** The scope of the shared catalogues (varieties) in data_revisions. */
const sharedScope = 0;

/**
 * The holding's data revision and the catalogues' together: migration 0006 moves them on with every change to
 * fields, field years, croppings, cropping permissions or varieties, in the changing transaction.
 */
async function readDataRevision(db: Db, holdingId: number): Promise<string> {
  const rows = await sqlRows<{ scope: number; revision: string | number }>(
    db,
    sql`SELECT scope, revision FROM data_revisions WHERE scope IN (${holdingId}, ${sharedScope})`,
  );
  const of = (scope: number) => String(rows.find((row) => row.scope === scope)?.revision ?? 0);
  return `${of(holdingId)}.${of(sharedScope)}`;
}

/** The answer of a list whose copy in If-None-Match is current: 304, without a body. */
export const notModifiedSchema = z
  .null()
  .describe('Not modified: the copy named in If-None-Match is current.');

/** Whether an If-None-Match header names `tag` (weak comparison, as RFC 9110 asks for this header). */
export function ifNoneMatchHas(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((value) => value.trim() === '*' || opaque(value) === opaque(tag));
}

/**
 * Lets the browser keep a holding-wide list and revalidate it: sets the answer's ETag, made of the caller (user,
 * holding, whether croppings are hidden from them), `parts` (what the request asked for), the data revision and
 * the server's start, and answers whether the browser's copy is still current, in which case the caller sends
 * 304 without building the list. The revision is read before the list, so a change made in between gives the
 * new list an older tag, which the next request replaces; never an older list under a newer tag.
 *
 * The caller's token is not part of it (it changes with every holding selection, which would defeat the
 * cache), so the answer does not vary on Authorization: another user's request carries a tag that is not theirs
 * and gets the full list.
 */
export async function revalidateList(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  caller: FieldsCaller,
  parts: readonly (string | number)[],
): Promise<boolean> {
  const revision = await readDataRevision(db, caller.holdingId);
  const key = [
    caller.actor.userId,
    caller.holdingId,
    caller.access.restricted ? 'restricted' : 'all',
    ...parts,
    revision,
    serverStart,
  ].join('|');
  const tag = `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', tag);
  // Private: the list is the caller's; no-cache: the browser asks every time, with the tag.
  reply.header('cache-control', 'private, no-cache');
  return ifNoneMatchHas(request.headers['if-none-match'], tag);
}
