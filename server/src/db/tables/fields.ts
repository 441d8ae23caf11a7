import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { geometry4326 } from '../geometryColumn.ts';

export const fields = pgTable('fields', {
  id: serial('id').primaryKey(),
  holdingId: integer('holding_id').notNull(),
  name: text('name').notNull(),
  fieldNumber: text('field_number'),
  fieldGroup: text('field_group'),
  boundary: geometry4326('boundary', 'MultiPolygon'),
  areaType: text('area_type').notNull().default('Boundary'),
  boundaryArea: numeric('boundary_area', { mode: 'number' }),
  workingArea: numeric('working_area', { mode: 'number' }),
  wholeArea: numeric('whole_area', { mode: 'number' }),
  manureSpreadArea: numeric('manure_spread_area', { mode: 'number' }),
  ignoreBoundary: boolean('ignore_boundary').notNull().default(false),
  /** Whether the field lies in a nitrate vulnerable zone (migration 0003). */
  nvz: boolean('nvz').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Moved on by every update (trigger of migration 0010); a save names the version it read. */
  version: integer('version').notNull().default(1),
  /** Who made the last change (migration 0015), named in the refusal of a save laid over it. */
  changedBy: integer('changed_by'),
});

export const fieldYears = pgTable(
  'field_years',
  {
    fieldId: integer('field_id').notNull(),
    yearId: integer('year_id').notNull(),
    disabled: boolean('disabled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.yearId] })],
);

export const croppings = pgTable('croppings', {
  id: serial('id').primaryKey(),
  holdingId: integer('holding_id').notNull(),
  fieldId: integer('field_id').notNull(),
  yearId: integer('year_id').notNull(),
  plotId: text('plot_id'),
  batchId: text('batch_id'),
  startDate: date('start_date'),
  endDate: date('end_date'),
  sowingDate: date('sowing_date'),
  harvestDate: date('harvest_date'),
  destructionDate: date('destruction_date'),
  destroyed: boolean('destroyed').notNull().default(false),
  cropId: integer('crop_id').notNull().default(0),
  cropName: text('crop_name'),
  cropDescr: text('crop_descr'),
  varietyId: integer('variety_id'),
  varietyName: text('variety_name'),
  market: text('market'),
  area: numeric('area', { mode: 'number' }),
  boundary: geometry4326('boundary', 'MultiPolygon'),
  managementOptions: jsonb('management_options')
    .$type<{ Code: string; Area: number }[]>()
    .notNull()
    .default([]),
  manureSpreadArea: numeric('manure_spread_area', { mode: 'number' }),
  attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Moved on by every update (trigger of migration 0010); a save names the version it read. */
  version: integer('version').notNull().default(1),
  /** Who made the last change (migration 0015), named in the refusal of a save laid over it. */
  changedBy: integer('changed_by'),
});
