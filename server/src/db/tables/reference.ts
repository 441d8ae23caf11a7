import { boolean, integer, jsonb, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { geometry4326 } from '../geometryColumn.ts';

export const regions = pgTable('regions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  countryCode: text('country_code').notNull(),
  nvzMandatory: boolean('nvz_mandatory').notNull().default(false),
  configured: boolean('configured').notNull().default(false),
});

export const weatherStations = pgTable('weather_stations', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  location: geometry4326('location', 'Point').notNull(),
  elevationM: integer('elevation_m'),
});

export const weatherStationRainfall = pgTable(
  'weather_station_rainfall',
  {
    stationId: integer('station_id').notNull(),
    month: smallint('month').notNull(),
    rainfallLongTermAvg: numeric('rainfall_long_term_avg', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.month] })],
);

export const towns = pgTable('towns', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  regionId: integer('region_id').notNull(),
  weatherStationId: integer('weather_station_id'),
  location: geometry4326('location', 'Point'),
  postCodes: text('post_codes').array().notNull().default([]),
  deleted: boolean('deleted').notNull().default(false),
});

export const townOtherStations = pgTable(
  'town_other_stations',
  {
    townId: integer('town_id').notNull(),
    stationId: integer('station_id').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.townId, t.stationId] })],
);

export const businesses = pgTable('businesses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const crops = pgTable('crops', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  category: smallint('category').notNull(),
  perennial: boolean('perennial').notNull().default(false),
  hidden: boolean('hidden').notNull().default(false),
  coverCrop: boolean('cover_crop').notNull().default(false),
  residue: boolean('residue').notNull().default(false),
  purposes: jsonb('purposes').$type<{ userSelection: boolean; list: string[] }>().notNull(),
  colour: smallint('colour').array().notNull(),
  pattern: text('pattern'),
});

export const varieties = pgTable('varieties', {
  id: integer('id').primaryKey(),
  cropId: integer('crop_id').notNull(),
  name: text('name').notNull(),
  market: text('market'),
});
