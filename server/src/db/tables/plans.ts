import { doublePrecision, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { geometry4326 } from '../geometryColumn.ts';

/** Prescription plans of a holding (migration 0021). */
export const prescriptionPlans = pgTable('prescription_plans', {
  id: serial('id').primaryKey(),
  holdingId: integer('holding_id').notNull(),
  name: text('name').notNull(),
  yearId: integer('year_id').notNull(),
  status: smallint('status').notNull().default(1),
  productKey: text('product_key').notNull(),
  productName: text('product_name').notNull(),
  rateUnitId: smallint('rate_unit_id').notNull(),
  layerId: integer('layer_id'),
  headlandM: doublePrecision('headland_m').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A plan's zone on one field, clipped to the field's boundary by PostGIS. */
export const prescriptionZones = pgTable('prescription_zones', {
  id: serial('id').primaryKey(),
  planId: integer('plan_id').notNull(),
  fieldId: integer('field_id').notNull(),
  zoneNumber: integer('zone_number').notNull(),
  rate: doublePrecision('rate').notNull(),
  geom: geometry4326('geom', 'MultiPolygon').notNull(),
  areaHa: doublePrecision('area_ha').notNull(),
});
