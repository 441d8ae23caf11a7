import { sql, type SQL } from 'drizzle-orm';
import type { HoldingFeatureFlags, HoldingPermissions } from '@headland/domain/holdingPermissions';
import type { PkModel } from '@headland/domain/holdingRules';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { ownerRolesSql } from '../../auth/ownerRolesSql.ts';
import { croppingRestrictedSql } from '../../auth/croppingAccess.ts';

export interface CropYearRow {
  year_id: number;
  total_area: number | string | null;
  grassland_derogation_number: string | null;
  pk_model: PkModel;
}

/** A holding with everything the edit dialog shows, and one user's standing on it. */
export interface HoldingRecord {
  id: number;
  trading_name: string;
  account_number: string | null;
  address: string | null;
  town_id: number | null;
  town: string | null;
  region_id: number | null;
  business_id: number | null;
  business: string | null;
  nvz: boolean;
  p_sorp_capacity: number | null;
  agronomist_id: number | null;
  weather_station_id: number | null;
  exclude_from_user_reports: boolean;
  can_change_region: boolean;
  satellite: boolean;
  features: Partial<HoldingFeatureFlags>;
  crop_years: CropYearRow[];
  /** The user's membership of the holding, if any. */
  holding_role: number | null;
  holding_permissions: HoldingPermissions | null;
  is_agronomist: boolean;
  /** The account roles of the holding's owners; empty when it has none. */
  owner_roles: number[];
  /** The user is a restricted member of the holding limited to some croppings. */
  cropping_restricted: boolean;
  version: number;
  /** Who made the holding's latest change (migration 0015), when known. */
  changed_by: number | null;
}

function recordColumns(userId: number): SQL {
  return sql`h.id, h.trading_name, h.account_number, h.address, h.town_id, t.name AS town, h.region_id,
    h.business_id, b.name AS business, h.nvz, h.p_sorp_capacity, h.agronomist_id, h.weather_station_id,
    h.exclude_from_user_reports, h.can_change_region, h.satellite, h.features, h.version, h.changed_by,
    coalesce((SELECT json_agg(json_build_object('year_id', y.year_id, 'total_area', y.total_area,
                'grassland_derogation_number', y.grassland_derogation_number, 'pk_model', y.pk_model)
                ORDER BY y.year_id)
                FROM holding_crop_years y WHERE y.holding_id = h.id), '[]'::json) AS crop_years,
    m.holding_role, m.holding_permissions, coalesce(h.agronomist_id = ${userId}, false) AS is_agronomist,
    ${ownerRolesSql(sql`h.id`)} AS owner_roles,
    coalesce(${croppingRestrictedSql('m')}, false) AS cropping_restricted`;
}

function recordJoins(userId: number): SQL {
  return sql`FROM holdings h
    LEFT JOIN towns t ON t.id = h.town_id
    LEFT JOIN businesses b ON b.id = h.business_id
    LEFT JOIN holding_users m ON m.holding_id = h.id AND m.user_id = ${userId}`;
}

/** One holding seen by `userId`; `forUpdate` locks its row until the transaction ends. */
export async function holdingRecord(
  db: Db,
  holdingId: number,
  userId: number,
  options: { forUpdate?: boolean } = {},
): Promise<HoldingRecord | null> {
  const lock = options.forUpdate ? sql`FOR UPDATE OF h` : sql``;
  const [row] = await sqlRows<HoldingRecord>(
    db,
    sql`SELECT ${recordColumns(userId)} ${recordJoins(userId)} WHERE h.id = ${holdingId} ${lock}`,
  );
  return row ?? null;
}

/** Holdings by id, in the order of `holdingIds`. */
export async function holdingRecords(db: Db, holdingIds: number[], userId: number): Promise<HoldingRecord[]> {
  if (holdingIds.length === 0) return [];
  const rows = await sqlRows<HoldingRecord>(
    db,
    sql`SELECT ${recordColumns(userId)} ${recordJoins(userId)}
         WHERE h.id IN (${sql.join(
           holdingIds.map((holdingId) => sql`${holdingId}`),
           sql`, `,
         )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return holdingIds.map((holdingId) => byId.get(holdingId)).filter((row) => row !== undefined);
}

export interface TownRow {
  id: number;
  name: string;
  deleted: boolean;
  region_id: number;
  weather_station_id: number | null;
  /** The town's other stations, nearest first. */
  other_station_ids: number[];
}

const townColumns = sql`t.id, t.name, t.deleted, t.region_id, t.weather_station_id,
  coalesce((SELECT array_agg(o.station_id ORDER BY o.position) FROM town_other_stations o WHERE o.town_id = t.id),
           '{}') AS other_station_ids`;

export async function allTowns(db: Db): Promise<TownRow[]> {
  return sqlRows<TownRow>(db, sql`SELECT ${townColumns} FROM towns t ORDER BY lower(t.name), t.id`);
}

export async function townById(db: Db, townId: number): Promise<TownRow | null> {
  const [row] = await sqlRows<TownRow>(db, sql`SELECT ${townColumns} FROM towns t WHERE t.id = ${townId}`);
  return row ?? null;
}

/** The town's stations: the main one first, then the others nearest first. */
export function townStationIds(town: TownRow): number[] {
  const ids = town.weather_station_id === null ? [] : [town.weather_station_id];
  for (const stationId of town.other_station_ids.map(Number))
    if (!ids.includes(stationId)) ids.push(stationId);
  return ids;
}

export interface StationRow {
  id: number;
  name: string;
  /** Long-term average rainfall of months 1 to 12, in mm. */
  rainfall: { month: number; avg: number | string }[];
}

/** Stations with their monthly long-term average rainfall, in the order of `stationIds`. */
export async function stationsWithRainfall(db: Db, stationIds: number[]): Promise<StationRow[]> {
  if (stationIds.length === 0) return [];
  const rows = await sqlRows<StationRow>(
    db,
    sql`SELECT s.id, s.name,
               coalesce((SELECT json_agg(json_build_object('month', r.month, 'avg', r.rainfall_long_term_avg)
                                ORDER BY r.month)
                           FROM weather_station_rainfall r WHERE r.station_id = s.id), '[]'::json) AS rainfall
          FROM weather_stations s
         WHERE s.id IN (${sql.join(
           stationIds.map((stationId) => sql`${stationId}`),
           sql`, `,
         )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return stationIds.map((stationId) => byId.get(stationId)).filter((row) => row !== undefined);
}

export interface WeatherRow {
  month: number;
  rainfall: number | string;
}

export async function holdingWeatherOfYear(db: Db, holdingId: number, year: number): Promise<WeatherRow[]> {
  return sqlRows<WeatherRow>(
    db,
    sql`SELECT month, rainfall FROM holding_weather WHERE holding_id = ${holdingId} AND year = ${year} ORDER BY month`,
  );
}

export interface RegionRow {
  id: number;
  name: string;
  nvz_mandatory: boolean;
  configured: boolean;
}

export async function allRegions(db: Db): Promise<RegionRow[]> {
  return sqlRows<RegionRow>(db, sql`SELECT id, name, nvz_mandatory, configured FROM regions ORDER BY id`);
}

export interface BusinessRow {
  id: number;
  name: string;
}

/** Ids below this are shared businesses any user may file a holding under (holdings spec §9). */
export const sharedBusinessIdLimit = 1000;

/** The businesses a user may choose: the shared ones, their own, and `alsoId` (the holding's current one). */
export async function choosableBusinesses(
  db: Db,
  ownBusinessId: number | null,
  alsoId: number | null,
): Promise<BusinessRow[]> {
  return sqlRows<BusinessRow>(
    db,
    sql`SELECT id, name FROM businesses
         WHERE id < ${sharedBusinessIdLimit} OR id = ${ownBusinessId ?? -1} OR id = ${alsoId ?? -1}
         ORDER BY lower(name), id`,
  );
}

export async function businessExists(db: Db, businessId: number): Promise<boolean> {
  const [row] = await sqlRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM businesses WHERE id = ${businessId}) AS found`,
  );
  return Boolean(row?.found);
}

/**
 * Tables that describe the holding itself or who works on it, rather than holding farm data: a holding with
 * rows only here is still empty. Every other table that references holdings counts as data, including
 * tables added later, so that a new module's data is never deleted by mistake.
 */
const bookkeepingTables = new Set([
  'holding_crop_years',
  'holding_weather',
  'holding_users',
  'holding_invitations',
  'sessions',
  'events',
  'settings',
  'cropping_permissions',
  'nutrition_migrations',
]);

/** Whether any data table holds a row for the holding (fields, croppings, and any other module's data). */
export async function holdingHasData(db: Db, holdingId: number): Promise<boolean> {
  const references = await sqlRows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT cl.relname AS table_name, a.attname AS column_name
          FROM pg_constraint c
          JOIN pg_class cl ON cl.oid = c.conrelid
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
         WHERE c.contype = 'f' AND c.confrelid = 'holdings'::regclass
         ORDER BY cl.relname, a.attname`,
  );
  const data = references.filter((reference) => !bookkeepingTables.has(reference.table_name));
  if (data.length === 0) return false;
  const checks = data.map(
    ({ table_name, column_name }) =>
      sql`EXISTS (SELECT 1 FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)} = ${holdingId})`,
  );
  const [row] = await sqlRows<{ found: boolean }>(db, sql`SELECT (${sql.join(checks, sql` OR `)}) AS found`);
  return Boolean(row?.found);
}
