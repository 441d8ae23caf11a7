import { sql } from 'drizzle-orm';
import type { Db } from '@headland/server/src/db/database.ts';

/**
 * Gives each new field the croppings of a seeded field (crops, dates, varieties and attributes as the seed has
 * them), each on the new field's own area. `pairs` are [new field id, seeded field id]; `yearId` limits the
 * copy to one crop year.
 */
export async function copyCroppings(
  db: Db,
  pairs: readonly (readonly [fieldId: number, templateId: number])[],
  yearId?: number,
): Promise<void> {
  const sameYear = yearId === undefined ? sql`` : sql`AND c.year_id = ${yearId}`;
  for (let start = 0; start < pairs.length; start += 500) {
    const values = sql.join(
      pairs
        .slice(start, start + 500)
        .map(([fieldId, templateId]) => sql`(${fieldId}::int, ${templateId}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      INSERT INTO croppings (holding_id, field_id, year_id, start_date, end_date, sowing_date, harvest_date,
                             destruction_date, destroyed, crop_id, crop_name, crop_descr, variety_id,
                             variety_name, market, area, attributes)
      SELECT c.holding_id, pair.field_id, c.year_id, c.start_date, c.end_date, c.sowing_date, c.harvest_date,
             c.destruction_date, c.destroyed, c.crop_id, c.crop_name, c.crop_descr, c.variety_id,
             c.variety_name, c.market, f.boundary_area, c.attributes
        FROM (VALUES ${values}) AS pair(field_id, template_id)
        JOIN croppings c ON c.field_id = pair.template_id ${sameYear}
        JOIN fields f ON f.id = pair.field_id`);
  }
}
