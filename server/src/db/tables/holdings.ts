import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

export const holdings = pgTable('holdings', {
  id: serial('id').primaryKey(),
  tradingName: text('trading_name').notNull(),
  accountNumber: varchar('account_number', { length: 20 }),
  address: text('address'),
  townId: integer('town_id'),
  regionId: integer('region_id'),
  businessId: integer('business_id'),
  nvz: boolean('nvz').notNull().default(false),
  pSorpCapacity: smallint('p_sorp_capacity'),
  agronomistId: integer('agronomist_id'),
  weatherStationId: integer('weather_station_id'),
  excludeFromUserReports: boolean('exclude_from_user_reports').notNull().default(false),
  canChangeRegion: boolean('can_change_region').notNull().default(true),
  satellite: boolean('satellite').notNull().default(false),
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Moved on by every update (trigger of migration 0015); a save names the version it read. */
  version: integer('version').notNull().default(1),
  /** Who made the last change (migration 0015), named in the refusal of a save laid over it. */
  changedBy: integer('changed_by'),
});

export const holdingCropYears = pgTable(
  'holding_crop_years',
  {
    holdingId: integer('holding_id').notNull(),
    yearId: integer('year_id').notNull(),
    totalArea: numeric('total_area', { mode: 'number' }),
    grasslandDerogationNumber: text('grassland_derogation_number'),
    pkModel: text('pk_model').notNull().default('ADAS'),
  },
  (t) => [primaryKey({ columns: [t.holdingId, t.yearId] })],
);

export const holdingWeather = pgTable(
  'holding_weather',
  {
    holdingId: integer('holding_id').notNull(),
    year: integer('year').notNull(),
    month: smallint('month').notNull(),
    rainfall: numeric('rainfall', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.holdingId, t.year, t.month] })],
);

export const holdingUsers = pgTable(
  'holding_users',
  {
    holdingId: integer('holding_id').notNull(),
    userId: integer('user_id').notNull(),
    holdingRole: smallint('holding_role').notNull(),
    holdingPermissions: jsonb('holding_permissions'),
    restrictCroppingAccess: boolean('restrict_cropping_access').notNull().default(true),
    /** Moved on by every update (trigger of migration 0015); a save names the version it read. */
    version: integer('version').notNull().default(1),
    /** Who made the last change (migration 0015), named in the refusal of a save laid over it. */
    changedBy: integer('changed_by'),
  },
  (t) => [primaryKey({ columns: [t.holdingId, t.userId] })],
);

export const croppingPermissions = pgTable(
  'cropping_permissions',
  {
    holdingId: integer('holding_id').notNull(),
    userId: integer('user_id').notNull(),
    croppingId: integer('cropping_id').notNull(),
    authorized: boolean('authorized').notNull(),
  },
  (t) => [primaryKey({ columns: [t.holdingId, t.userId, t.croppingId] })],
);

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  holdingId: integer('holding_id'),
  userId: integer('user_id'),
  key: text('key').notNull(),
  value: text('value'),
  /** Moved on by every update (trigger of migration 0015); a save names the version it read. */
  version: integer('version').notNull().default(1),
  /** Who made the last change (migration 0015), named in the refusal of a save laid over it. */
  changedBy: integer('changed_by'),
});

/** The crop year from which a holding's nutrition data is kept in the second-generation format (migration 0003). */
export const nutritionMigrations = pgTable('nutrition_migrations', {
  holdingId: integer('holding_id').primaryKey(),
  firstYear: integer('first_year').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});
