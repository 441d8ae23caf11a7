import { sql } from 'drizzle-orm';
import type { HoldingSaveRequest } from '@headland/domain/api/holdingsApi';
import type { Db } from '../db/database.ts';
import { sqlRows } from '../db/sqlRows.ts';

/** Reference data of the holding tests, with ids clear of what the shared factories create. */
export const ref = {
  england: 1,
  scotland: 2,
  /** NVZ-mandatory. */
  wales: 3,
  /** Exists but is not offered. */
  belgium: 9,
  louthStation: 101,
  grimsbyStation: 102,
  perthStation: 103,
  louth: 201,
  perth: 202,
  /** Deleted post town. */
  oldTown: 203,
  sharedBusiness: 1,
  agronomyBusiness: 1001,
  otherBusiness: 1002,
} as const;

/** Monthly long-term averages of each station, January first. */
export const stationRainfall: Record<number, number[]> = {
  [ref.louthStation]: [50, 40, 38, 44, 47, 56, 55, 58, 52, 61, 58, 55.5],
  [ref.grimsbyStation]: [48, 38, 37, 39, 44, 52, 52, 56, 52, 57, 57, 52],
  [ref.perthStation]: [95, 70, 68, 50, 55, 60, 65, 70, 75, 100, 98, 102],
};

/** Regions, stations with rainfall, post towns and businesses; safe to call once per database. */
export async function seedHoldingReference(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO regions (id, name, country_code, nvz_mandatory, configured) VALUES
      (1, 'England', 'GB', false, true), (2, 'Scotland', 'GB', false, true), (3, 'Wales', 'GB', true, true),
      (9, 'Belgium', 'BE', false, false)
    ON CONFLICT (id) DO UPDATE SET nvz_mandatory = excluded.nvz_mandatory, configured = excluded.configured`);
  await db.execute(sql`
    INSERT INTO weather_stations (id, name, location) VALUES
      (101, 'Louth Station', ST_SetSRID(ST_MakePoint(0, 53.37), 4326)),
      (102, 'Grimsby Station', ST_SetSRID(ST_MakePoint(-0.08, 53.56), 4326)),
      (103, 'Perth Station', ST_SetSRID(ST_MakePoint(-3.43, 56.4), 4326))`);
  for (const [stationId, months] of Object.entries(stationRainfall)) {
    await db.execute(sql`
      INSERT INTO weather_station_rainfall (station_id, month, rainfall_long_term_avg)
      VALUES ${sql.join(
        months.map((value, index) => sql`(${Number(stationId)}, ${index + 1}, ${value})`),
        sql`, `,
      )}`);
  }
  await db.execute(sql`
    INSERT INTO towns (id, name, region_id, weather_station_id, deleted) VALUES
      (201, 'Louth', 1, 101, false), (202, 'Perth', 2, 103, false), (203, 'Oldtown', 1, 101, true)`);
  await db.execute(sql`INSERT INTO town_other_stations (town_id, station_id, position) VALUES (201, 102, 1)`);
  await db.execute(sql`
    INSERT INTO businesses (id, name) VALUES (1, 'Wolds Grain Co-operative'), (1001, 'Fenwold Agronomy'),
      (1002, 'Other Agronomy')`);
}

/** Twelve months of custom rainfall: 10.5, 11.5 ... */
export function customRainfall(year: number): NonNullable<HoldingSaveRequest['holdingWeather']> {
  return Array.from({ length: 12 }, (_, index) => ({
    HoldingId: null,
    Year: year,
    Month: index + 1,
    Rainfall: 10.5 + index,
  }));
}

/** A complete, valid save payload for a new English holding in Louth; `change` overrides parts of it. */
export function newHoldingPayload(
  change: Partial<Omit<HoldingSaveRequest, 'holding'>> & {
    holding?: Partial<HoldingSaveRequest['holding']>;
  } = {},
): HoldingSaveRequest {
  const { holding, ...rest } = change;
  return {
    holding: {
      HoldingId: null,
      TradingName: 'Manor Farm',
      AccountNumber: 'AC-1',
      Address: 'Manor Farm\nMain Street',
      TownId: ref.louth,
      BusinessId: ref.sharedBusiness,
      Region: ref.england,
      NVZ: false,
      PSorpCapacity: null,
      WeatherStationId: ref.louthStation,
      ...holding,
    },
    firstCroppingYear: 2024,
    changeNVZOnAllFields: false,
    totalArea: 120.5,
    grasslandDerogationNumber: null,
    holdingWeather: null,
    pkModel: 'ADAS',
    excludeFromUserReports: false,
    ...rest,
  };
}

/** How many rows each table the holding save, delete and import write to holds: to show nothing changed. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const [row] = await sqlRows<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*) FROM holdings)::int AS holdings,
               (SELECT count(*) FROM holding_crop_years)::int AS crop_years,
               (SELECT count(*) FROM holding_weather)::int AS weather,
               (SELECT count(*) FROM holding_users)::int AS holding_users,
               (SELECT count(*) FROM fields)::int AS fields,
               (SELECT count(*) FROM field_years)::int AS field_years,
               (SELECT count(*) FROM croppings)::int AS croppings,
               (SELECT count(*) FROM settings)::int AS settings,
               (SELECT count(*) FROM data_layers)::int AS layers,
               (SELECT count(*) FROM layer_zones)::int AS zones,
               (SELECT count(*) FROM layer_points)::int AS points,
               (SELECT count(*) FROM import_documents)::int AS documents,
               (SELECT count(*) FROM events)::int AS events`,
  );
  return row!;
}

/** The stored holding row and its crop years, for before-and-after comparisons. */
export async function holdingSnapshot(db: Db, holdingId: number): Promise<unknown> {
  const [row] = await sqlRows<Record<string, unknown>>(
    db,
    sql`SELECT to_jsonb(h) - 'created_at' AS holding,
               (SELECT coalesce(jsonb_agg(to_jsonb(y) ORDER BY y.year_id), '[]') FROM holding_crop_years y
                 WHERE y.holding_id = h.id) AS years,
               (SELECT coalesce(jsonb_agg(to_jsonb(w) ORDER BY w.year, w.month), '[]') FROM holding_weather w
                 WHERE w.holding_id = h.id) AS weather
          FROM holdings h WHERE h.id = ${holdingId}`,
  );
  return row;
}
