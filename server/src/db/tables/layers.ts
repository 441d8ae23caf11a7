import {
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { geometry4326 } from '../geometryColumn.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The layer types of domain/src/layers/layerTypes.ts (migration 0018), so that a layer's type is a real reference. */
export const layerTypes = pgTable('layer_types', {
  id: smallint('id').primaryKey(),
  groupId: smallint('group_id').notNull(),
  valueType: text('value_type').$type<'Numeric' | 'Discrete'>().notNull(),
  name: text('name').notNull(),
});

export const dataLayers = pgTable('data_layers', {
  id: serial('id').primaryKey(),
  holdingId: integer('holding_id').notNull(),
  typeId: smallint('type_id').notNull(),
  subtypeId: smallint('subtype_id'),
  /** Map scope: 1 field, 2 cropping, 3 holding. */
  scope: smallint('scope').notNull(),
  fieldId: integer('field_id'),
  croppingId: integer('cropping_id'),
  cropId: integer('crop_id'),
  parentId: integer('parent_id'),
  yearId: integer('year_id').notNull(),
  layerDate: date('layer_date'),
  name: text('name').notNull(),
  unit: text('unit'),
  nutrientId: smallint('nutrient_id'),
  productId: integer('product_id'),
  rateUnitId: smallint('rate_unit_id'),
  planName: text('plan_name'),
  calculated: boolean('calculated').notNull().default(false),
  inactive: boolean('inactive').notNull().default(false),
  showZoneNumbers: boolean('show_zone_numbers').notNull().default(false),
  showStroke: boolean('show_stroke').notNull().default(true),
  ranges: jsonb('ranges'),
  style: jsonb('style'),
  /** Kept with every change of the layer's zones and points, so that the list reads no zone. */
  zoneCount: integer('zone_count').notNull().default(0),
  pointCount: integer('point_count').notNull().default(0),
  minValue: doublePrecision('min_value'),
  maxValue: doublePrecision('max_value'),
  /** RB209 or SRUC: the method a requirement layer was worked out by (migration 0020). */
  recommendationMethod: text('recommendation_method'),
  /** What a requirement layer was worked out from (RequirementBasis of the domain). */
  recommendation: jsonb('recommendation'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const layerZones = pgTable('layer_zones', {
  id: serial('id').primaryKey(),
  layerId: integer('layer_id').notNull(),
  zoneNumber: integer('zone_number'),
  value: doublePrecision('value'),
  initValue: doublePrecision('init_value'),
  label: text('label'),
  documentId: integer('document_id'),
  fieldId: integer('field_id'),
  buffer: doublePrecision('buffer'),
  bufferLine: geometry4326('buffer_line', 'LineString'),
  userDefined: boolean('user_defined').notNull().default(false),
  regularShape: jsonb('regular_shape'),
  style: jsonb('style'),
  labelStyle: jsonb('label_style'),
  productRate: doublePrecision('product_rate'),
  nutrientRate: doublePrecision('nutrient_rate'),
  initProductRate: doublePrecision('init_product_rate'),
  geom: geometry4326('geom', 'MultiPolygon').notNull(),
  /** Geodesic hectares, measured by PostGIS when the zone is written. */
  areaHa: doublePrecision('area_ha').notNull(),
});

export const layerPoints = pgTable('layer_points', {
  id: serial('id').primaryKey(),
  layerId: integer('layer_id').notNull(),
  value: doublePrecision('value'),
  geom: geometry4326('geom', 'Point').notNull(),
});

/** A file waiting between its preview and its commit (a day at most). */
export const layerImportUploads = pgTable('layer_import_uploads', {
  id: text('id').primaryKey(),
  holdingId: integer('holding_id').notNull(),
  userId: integer('user_id').notNull(),
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The background import a committed upload becomes. */
export const layerImportTasks = pgTable('layer_import_tasks', {
  id: serial('id').primaryKey(),
  holdingId: integer('holding_id').notNull(),
  userId: integer('user_id').notNull(),
  uploadId: text('upload_id'),
  request: jsonb('request').notNull(),
  status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
  progress: smallint('progress').notNull().default(0),
  layerIds: integer('layer_ids').array().notNull().default([]),
  error: jsonb('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
