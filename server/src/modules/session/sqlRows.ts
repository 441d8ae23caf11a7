import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * Runs a raw query and returns its rows. Both drivers answer `{ rows }`, but the shared `Db` type cannot say
 * so, which is why the cast lives here once.
 */
export async function sqlRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A timestamp column as an ISO string, whichever driver read it. */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
