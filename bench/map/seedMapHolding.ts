import { sql } from 'drizzle-orm';
import type { Database } from '@headland/server/src/db/database.ts';
import { fields, fieldYears } from '@headland/server/src/db/tables/fields.ts';
import { copyCroppings } from '../support/copyCroppings.ts';
import { fieldGrid } from './fieldGrid.ts';

export interface MapHolding {
  holdingId: number;
  fields: number;
  croppings: number;
}

const firstWords = ['Long', 'Top', 'Bottom', 'Church', 'Mill', 'Far', 'Home', 'Barn', 'Pond', 'Wood', 'Hill'];
const lastWords = ['Close', 'Piece', 'Meadow', 'Field', 'Ground', 'Acres', 'Furlong', 'Leys'];

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await (database.db as { execute: (q: unknown) => Promise<unknown> }).execute(query)) as
    { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Grows the demo's `holdingName` to `fieldCount` fields: new fields on an irregular grid south of Louth in
 * the Lincolnshire Wolds (around Horncastle), each with the `year` croppings of one of the seeded fields that
 * has some (crops, varieties, dates and attributes as the seed made them), on its own area.
 */
export async function seedMapHolding(
  database: Database,
  holdingName: string,
  fieldCount: number,
  year: number,
): Promise<MapHolding> {
  const db = database.db;
  const [holding] = await rows<{ id: number }>(
    database,
    sql`SELECT id FROM holdings WHERE trading_name = ${holdingName}`,
  );
  if (!holding) throw new Error(`The demo seed has no holding called ${holdingName}`);
  const templates = await rows<{ id: number }>(
    database,
    sql`SELECT DISTINCT f.id FROM fields f JOIN croppings c ON c.field_id = f.id AND c.year_id = ${year}
         WHERE f.holding_id = ${holding.id} ORDER BY f.id`,
  );
  if (templates.length === 0) throw new Error(`${holdingName} has no croppings in ${year} to copy`);
  const [existing] = await rows<{ count: number }>(
    database,
    sql`SELECT count(*)::int AS count FROM fields WHERE holding_id = ${holding.id}`,
  );
  const added = Math.max(0, fieldCount - (existing?.count ?? 0));
  const shapes = fieldGrid({ count: added, west: -0.42, south: 53.1 });
  const newIds: number[] = [];
  for (let start = 0; start < added; start += 250) {
    const batch = shapes.slice(start, start + 250);
    const inserted = await db
      .insert(fields)
      .values(
        batch.map((shape, offset) => {
          const index = start + offset;
          const name = `${firstWords[index % firstWords.length]} ${lastWords[Math.floor(index / 11) % lastWords.length]} ${Math.floor(index / 88) + 1}`;
          return {
            holdingId: holding.id,
            name,
            fieldNumber: `M${index + 1}`,
            fieldGroup: `Block ${Math.floor(index / 250) + 1}`,
            boundary: sql`ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(shape)}), 4326))`,
            areaType: 'Boundary',
          };
        }),
      )
      .returning({ id: fields.id });
    newIds.push(...inserted.map((row) => row.id));
  }
  await db.execute(sql`
    UPDATE fields
       SET boundary_area = round((ST_Area(boundary::geography) / 10000)::numeric, 4),
           whole_area = round((ST_Area(boundary::geography) / 10000)::numeric, 4)
     WHERE holding_id = ${holding.id} AND boundary_area IS NULL`);
  for (let start = 0; start < newIds.length; start += 1_000) {
    await db
      .insert(fieldYears)
      .values(
        newIds.slice(start, start + 1_000).map((fieldId) => ({ fieldId, yearId: year, disabled: false })),
      );
  }
  await copyCroppings(
    db,
    newIds.map((fieldId, index) => [fieldId, templates[index % templates.length]!.id] as const),
    year,
  );
  const [counts] = await rows<{ fields: number; croppings: number }>(
    database,
    sql`SELECT (SELECT count(*)::int FROM fields WHERE holding_id = ${holding.id}) AS fields,
               (SELECT count(*)::int FROM croppings WHERE holding_id = ${holding.id} AND year_id = ${year}) AS croppings`,
  );
  return { holdingId: holding.id, fields: counts?.fields ?? 0, croppings: counts?.croppings ?? 0 };
}
