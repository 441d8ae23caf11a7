import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { Caller } from '../auth/caller.ts';
import { sqlRows } from '../db/sqlRows.ts';

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

/** Which list a request asks for, and in which state of the data. */
export interface ListVersion {
  /**
   * The list whatever the state of the data: holding, who reads it ('all', or the restricted member whose
   * visible croppings it holds) and `parts`. Unrestricted members of a holding read the same list.
   */
  slot: string;
  /** The holding's and the shared catalogues' data revisions, read before the list is built. */
  revision: string;
  /** The answer's weak ETag: the caller, the slot, the revision and the server's start. */
  tag: string;
}

/**
 * The version of a holding-wide list that `parts` (what the request asked for) names, for the caller. The
 * revision is read before the list, so a change made in between gives the new list an older revision, which the
 * next request replaces; never an older list under a newer revision.
 *
 * The caller's token is not part of the tag (it changes with every holding selection, which would defeat the
 * browser's cache), so the answer does not vary on Authorization: another user's request carries a tag that is
 * not theirs and gets the full list.
 */
export async function listVersion(
  db: Db,
  caller: Caller,
  parts: readonly (string | number)[],
): Promise<ListVersion> {
  const revision = await readDataRevision(db, caller.holdingId);
  const reader = caller.access.restricted ? `restricted:${caller.actor.userId}` : 'all';
  const slot = [caller.holdingId, reader, ...parts].join('|');
  const key = [caller.actor.userId, slot, revision, serverStart].join('|');
  const tag = `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
  return { slot, revision, tag };
}

/**
 * Lets the browser keep the list and revalidate it: sets the answer's ETag and caching headers, and answers
 * whether the request's If-None-Match names the current version, in which case the caller sends 304.
 */
export function revalidateList(request: FastifyRequest, reply: FastifyReply, version: ListVersion): boolean {
  reply.header('etag', version.tag);
  // Private: the list is the caller's; no-cache: the browser asks every time, with the tag.
  reply.header('cache-control', 'private, no-cache');
  return ifNoneMatchHas(request.headers['if-none-match'], version.tag);
}
