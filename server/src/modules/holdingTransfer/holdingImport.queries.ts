import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  holdingCropYears,
  holdingUsers,
  holdingWeather,
  holdings,
  importDocuments,
  settings,
} from '../../db/schema.ts';

// The writes of a holding import that are not bulk inserts of remapped rows (those are in
// holdingTransfer.queries.ts): the holding itself, its first member, crop years, weather and settings.

/** The ids of the holding's documents stored under `storageNames`, by storage name. */
export async function documentIdsByStorageName(
  tx: Db,
  holdingId: number,
  storageNames: string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: importDocuments.id, storageName: importDocuments.storageName })
    .from(importDocuments)
    .where(and(eq(importDocuments.holdingId, holdingId), inArray(importDocuments.storageName, storageNames)));
  return new Map(rows.map((row) => [row.storageName, row.id] as const));
}

/** Inserts the imported holding with its Owner; answers its id. */
export async function insertImportedHolding(
  tx: Db,
  values: typeof holdings.$inferInsert,
  ownerId: number,
  ownerRole: number,
): Promise<number> {
  const [row] = await tx.insert(holdings).values(values).returning({ id: holdings.id });
  const id = row!.id;
  await tx.insert(holdingUsers).values({ holdingId: id, userId: ownerId, holdingRole: ownerRole });
  return id;
}

export async function updateImportedHolding(
  tx: Db,
  holdingId: number,
  values: Partial<typeof holdings.$inferInsert>,
): Promise<void> {
  await tx.update(holdings).set(values).where(eq(holdings.id, holdingId));
}

/** The archive's crop years and custom weather, written to the holding. */
export async function insertYearsAndWeather(
  tx: Db,
  holdingId: number,
  cropYears: readonly Omit<typeof holdingCropYears.$inferInsert, 'holdingId'>[],
  weather: readonly Omit<typeof holdingWeather.$inferInsert, 'holdingId'>[],
): Promise<void> {
  await tx.insert(holdingCropYears).values(cropYears.map((year) => ({ holdingId, ...year })));
  if (weather.length) {
    await tx.insert(holdingWeather).values(weather.map((month) => ({ holdingId, ...month })));
  }
}

export async function insertSettings(tx: Db, rows: readonly (typeof settings.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(settings).values([...rows]);
}
