import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { holdingCropYears, holdingUsers, holdingWeather, holdings } from '../../db/schema.ts';
import { sqlRows } from '../../db/sqlRows.ts';

// The writes of a holding save: the holding, its crop years, its first member and its custom weather.

type HoldingValues = typeof holdings.$inferInsert;
type CropYearValues = typeof holdingCropYears.$inferInsert;

/** Inserts a holding; answers its id. */
export async function insertHolding(tx: Db, values: HoldingValues): Promise<number> {
  const [row] = await tx.insert(holdings).values(values).returning({ id: holdings.id });
  return row!.id;
}

export async function updateHoldingRow(
  tx: Db,
  holdingId: number,
  values: Partial<HoldingValues>,
): Promise<void> {
  await tx.update(holdings).set(values).where(eq(holdings.id, holdingId));
}

/** Who last changed the holding, for the refusal of a save laid over an older version. */
export const holdingAuthorSql = (holdingId: number) =>
  sql`SELECT changed_by FROM holdings WHERE id = ${holdingId}`;

export async function insertCropYear(tx: Db, values: CropYearValues): Promise<void> {
  await tx.insert(holdingCropYears).values(values);
}

/** Registers a crop year unless the holding has it already. */
export async function addCropYearIfMissing(tx: Db, values: CropYearValues): Promise<void> {
  await tx.insert(holdingCropYears).values(values).onConflictDoNothing();
}

/** Writes a crop year's values, registering the year when the holding does not have it yet. */
export async function upsertCropYear(
  tx: Db,
  values: CropYearValues,
  changes: Partial<Omit<CropYearValues, 'holdingId' | 'yearId'>>,
): Promise<void> {
  await tx
    .insert(holdingCropYears)
    .values(values)
    .onConflictDoUpdate({ target: [holdingCropYears.holdingId, holdingCropYears.yearId], set: changes });
}

export async function insertHoldingMember(tx: Db, values: typeof holdingUsers.$inferInsert): Promise<void> {
  await tx.insert(holdingUsers).values(values);
}

/** Replaces a year's custom weather of a holding; no rows turns it off. */
export async function replaceWeather(
  tx: Db,
  holdingId: number,
  yearId: number,
  months: readonly { month: number; rainfall: number }[],
): Promise<void> {
  await tx
    .delete(holdingWeather)
    .where(and(eq(holdingWeather.holdingId, holdingId), eq(holdingWeather.year, yearId)));
  if (months.length > 0) {
    await tx
      .insert(holdingWeather)
      .values(months.map((row) => ({ holdingId, year: yearId, month: row.month, rainfall: row.rainfall })));
  }
}

/** Gives every field of the holding the NVZ flag; answers how many fields there are. */
export async function setNvzOnAllFields(tx: Db, holdingId: number, nvz: boolean): Promise<number> {
  const changed = await sqlRows<{ id: number }>(
    tx,
    sql`UPDATE fields SET nvz = ${nvz}, updated_at = now() WHERE holding_id = ${holdingId}
        RETURNING id`,
  );
  return changed.length;
}
