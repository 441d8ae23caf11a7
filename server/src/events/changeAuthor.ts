import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { staleWrite } from '../http/httpErrors.ts';
import { sqlRows } from '../db/sqlRows.ts';

/**
 * Names the user whose change the transaction `tx` makes: the triggers of migration 0015 stamp it as the
 * `changed_by` of every versioned record the transaction updates, so that a later stale save can say who got
 * there first. Call it once at the start of the write's transaction; it ends with the transaction.
 */
export async function markChangeAuthor(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`SELECT set_config('headland.user_id', ${String(userId)}, true)`);
}

/** Who made a record's latest change, as the 409 of a stale save names them. */
export interface ChangeAuthor {
  UserId: number;
  /** "First Last", else the e-mail address. */
  Name: string;
  /** The caller made it themself, in another tab or window. */
  Self: boolean;
}

/**
 * The user a record's `changed_by` names, or null when the change named nobody or the user is gone. `Self` is
 * worked out from the author the transaction named with {@link markChangeAuthor}.
 */
export async function changeAuthorOf(db: Db, userId: number | null): Promise<ChangeAuthor | null> {
  if (userId === null) return null;
  const [row] = await sqlRows<{ id: number; name: string; self: boolean }>(
    db,
    sql`SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name,
               coalesce(id = change_author(), false) AS self
        FROM users WHERE id = ${userId}`,
  );
  return row ? { UserId: row.id, Name: row.name, Self: row.self } : null;
}

/**
 * Refuses a save read at `sentVersion` when the record is stored at another version (`storedVersion`): a 409
 * naming the record (`resource`, as `type:id`) and who changed it last, whom `authorQuery` (a query answering
 * the record's `changed_by`) finds. Nothing happens when no version was sent or it is still current.
 */
export async function assertCurrentVersion(
  db: Db,
  resource: string,
  sentVersion: number | null | undefined,
  storedVersion: number,
  authorQuery: SQL,
): Promise<void> {
  if (sentVersion === undefined || sentVersion === null || sentVersion === storedVersion) return;
  const [row] = await sqlRows<{ changed_by: number | null }>(db, authorQuery);
  throw staleWrite(resource, await changeAuthorOf(db, row?.changed_by ?? null));
}
