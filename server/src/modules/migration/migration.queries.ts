import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** The crop year from which the holding's nutrition data is in the second-generation format, if any. */
export async function migratedFromYear(db: Db, holdingId: number, options: { forUpdate?: boolean } = {}) {
  const lock = options.forUpdate ? sql`FOR UPDATE` : sql``;
  const [row] = await sqlRows<{ first_year: number }>(
    db,
    sql`SELECT first_year FROM nutrition_migrations WHERE holding_id = ${holdingId} ${lock}`,
  );
  return row?.first_year ?? null;
}

export async function cropYearsOf(db: Db, holdingId: number): Promise<number[]> {
  const rows = await sqlRows<{ year_id: number }>(
    db,
    sql`SELECT year_id FROM holding_crop_years WHERE holding_id = ${holdingId} ORDER BY year_id`,
  );
  return rows.map((row) => Number(row.year_id));
}

export async function saveMigratedFromYear(
  db: Db,
  holdingId: number,
  year: number,
  userId: number,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO nutrition_migrations (holding_id, first_year, updated_by) VALUES (${holdingId}, ${year}, ${userId})
    ON CONFLICT (holding_id) DO UPDATE SET first_year = excluded.first_year, updated_by = excluded.updated_by,
      updated_at = now()`);
}
