import { sql } from 'drizzle-orm';
import type { CustomBasemapInput, CustomBasemapRecord } from '@headland/domain/api/basemapsApi';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

interface BasemapRow {
  id: number;
  name: string;
  url: string;
  extent: number[] | null;
  zoom_min: number | null;
  zoom_max: number | null;
}

const presented = (row: BasemapRow): CustomBasemapRecord => ({
  Id: row.id,
  Name: row.name,
  Url: row.url,
  Extent: row.extent === null ? null : row.extent.map(Number),
  ZoomMin: row.zoom_min,
  ZoomMax: row.zoom_max,
});

const columns = sql`id, name, url, extent, zoom_min, zoom_max`;

/** A holding's base maps, in the order they were added. */
export async function listBasemaps(db: Db, holdingId: number): Promise<CustomBasemapRecord[]> {
  const rows = await sqlRows<BasemapRow>(
    db,
    sql`SELECT ${columns} FROM holding_basemaps WHERE holding_id = ${holdingId} ORDER BY id`,
  );
  return rows.map(presented);
}

/** How many base maps a holding keeps, counted under a lock on the holding so that adds take turns. */
export async function lockedBasemapCount(db: Db, holdingId: number): Promise<number> {
  await db.execute(sql`SELECT id FROM holdings WHERE id = ${holdingId} FOR UPDATE`);
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM holding_basemaps WHERE holding_id = ${holdingId}`,
  );
  return row?.n ?? 0;
}

const extentSql = (extent: readonly number[] | null) =>
  extent === null
    ? sql`NULL`
    : sql`ARRAY[${sql.join(
        extent.map((value) => sql`${value}::float8`),
        sql`, `,
      )}]`;

export async function insertBasemap(
  db: Db,
  holdingId: number,
  userId: number,
  input: CustomBasemapInput,
): Promise<CustomBasemapRecord> {
  const [row] = await sqlRows<BasemapRow>(
    db,
    sql`INSERT INTO holding_basemaps (holding_id, name, url, extent, zoom_min, zoom_max, created_by)
        VALUES (${holdingId}, ${input.Name}, ${input.Url}, ${extentSql(input.Extent)}, ${input.ZoomMin},
                ${input.ZoomMax}, ${userId})
        RETURNING ${columns}`,
  );
  return presented(row!);
}

/** Changes a base map of the holding; null when the holding has no such base map. */
export async function updateBasemap(
  db: Db,
  holdingId: number,
  id: number,
  input: CustomBasemapInput,
): Promise<CustomBasemapRecord | null> {
  const [row] = await sqlRows<BasemapRow>(
    db,
    sql`UPDATE holding_basemaps
           SET name = ${input.Name}, url = ${input.Url}, extent = ${extentSql(input.Extent)},
               zoom_min = ${input.ZoomMin}, zoom_max = ${input.ZoomMax}, updated_at = now()
         WHERE id = ${id} AND holding_id = ${holdingId}
        RETURNING ${columns}`,
  );
  return row ? presented(row) : null;
}

/** Removes a base map of the holding; its name, or null when the holding has no such base map. */
export async function deleteBasemap(db: Db, holdingId: number, id: number): Promise<string | null> {
  const [row] = await sqlRows<{ name: string }>(
    db,
    sql`DELETE FROM holding_basemaps WHERE id = ${id} AND holding_id = ${holdingId} RETURNING name`,
  );
  return row?.name ?? null;
}
