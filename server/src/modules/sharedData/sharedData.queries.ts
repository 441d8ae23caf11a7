import { sql } from 'drizzle-orm';
import type { Variety } from '@headland/domain/api/sharedDataApi';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** Every known variety, by crop and name. */
export async function selectVarieties(db: Db): Promise<Variety[]> {
  const rows = await sqlRows<{ id: number; crop_id: number; name: string; market: string | null }>(
    db,
    sql`SELECT id, crop_id, name, market FROM varieties ORDER BY crop_id, lower(name), id`,
  );
  return rows.map((row) => ({ VarietyId: row.id, CropId: row.crop_id, Name: row.name, Market: row.market }));
}
