import { doublePrecision, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { holdings } from './holdings.ts';
import { users } from './accounts.ts';

/** A holding's own base maps (migration 0019); the rules of a row are domain/src/basemapRules.ts. */
export const holdingBasemaps = pgTable('holding_basemaps', {
  id: serial('id').primaryKey(),
  holdingId: integer('holding_id')
    .notNull()
    .references(() => holdings.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  url: text('url').notNull(),
  /** [west, south, east, north] in EPSG:4326 degrees. */
  extent: doublePrecision('extent').array(),
  zoomMin: smallint('zoom_min'),
  zoomMax: smallint('zoom_max'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
