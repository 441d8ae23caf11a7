import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** A stored setting of one scope (holding, user, both or neither) and key, locked until the transaction ends. */
export async function lockSetting(
  tx: Db,
  holdingId: number | null,
  userId: number | null,
  key: string,
): Promise<{ id: number; version: number; changed_by: number | null } | undefined> {
  const [stored] = await sqlRows<{ id: number; version: number; changed_by: number | null }>(
    tx,
    sql`SELECT id, version, changed_by FROM settings
         WHERE coalesce(holding_id, 0) = ${holdingId ?? 0} AND coalesce(user_id, 0) = ${userId ?? 0}
           AND key = ${key}
         FOR UPDATE`,
  );
  return stored;
}

/** Inserts a setting or replaces its value; answers the version it now has. */
export async function upsertSetting(
  tx: Db,
  holdingId: number | null,
  userId: number | null,
  key: string,
  value: string | null,
): Promise<{ version: number }> {
  const [saved] = await sqlRows<{ version: number }>(
    tx,
    sql`INSERT INTO settings (holding_id, user_id, key, value)
        VALUES (${holdingId}, ${userId}, ${key}, ${value})
        ON CONFLICT (coalesce(holding_id, 0), coalesce(user_id, 0), key) DO UPDATE SET value = excluded.value
        RETURNING version`,
  );
  return saved!;
}
