import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropAttributeProblems, toCropDescriptor } from '@headland/domain/cropAttributes';
import { concurrentCropsExcess, validateCroppingDates } from '@headland/domain/croppingDates';
import { cropDefinitionById, cropDefinitions } from '@headland/domain/crops';
import { holdingPermissionsSchema } from '@headland/domain/holdingPermissions';
import { passwordMeetsRule } from '@headland/domain/passwordRule';
import { HoldingRole, Role } from '@headland/domain/roles';
import { openTestDatabase } from '../../testing/testDatabase.ts';
import { verifyPassword } from '../../auth/passwordHash.ts';
import type { Database } from '../database.ts';
import { demoPassword } from './catalogue/users.ts';
import { demoAccountsPresent, demoLogins, seedDemoData, type DemoLogin } from './seedDemo.ts';

async function rows<Row>(database: Database, query: SQL): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

interface CroppingRow {
  id: number;
  holding_id: number;
  region_id: number;
  field_id: number;
  field_area: number;
  year_id: number;
  crop_id: number;
  sowing_date: string | null;
  harvest_date: string | null;
  destruction_date: string | null;
  destroyed: boolean;
  area: number;
  attributes: Record<string, unknown>;
}

// Rough boxes around each nation, in EPSG:4326 degrees (west, south, east, north).
const englandBox = [-6.5, 49.8, 1.9, 55.9];
const scotlandBox = [-8, 54.6, -0.7, 60.9];
const walesBox = [-5.4, 51.3, -2.6, 53.5];

describe('seedDemoData', () => {
  let database: Database;
  let logins: DemoLogin[];

  let presentBefore: boolean;

  beforeAll(async () => {
    database = await openTestDatabase();
    presentBefore = await demoAccountsPresent(database.db);
    logins = await seedDemoData(database);
  });

  it('tells whether the demo accounts are in the database', async () => {
    expect(presentBefore).toBe(false);
    expect(await demoAccountsPresent(database.db)).toBe(true);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('returns the demo logins, whose shared password passes the password rule', () => {
    expect(logins).toEqual(demoLogins);
    expect(logins.map((login) => login.email)).toContain('client@headland.example');
    expect(passwordMeetsRule(demoPassword)).toBe(true);
  });

  it('stores a password hash each login signs in with', async () => {
    const users = await rows<{ email: string; password_hash: string }>(
      database,
      sql`SELECT email, password_hash FROM users ORDER BY id`,
    );
    expect(users.map((user) => user.email).sort()).toEqual(logins.map((login) => login.email).sort());
    expect(await verifyPassword(demoPassword, users[0]!.password_hash)).toBe(true);
    expect(await verifyPassword('harvest2026', users[0]!.password_hash)).toBe(false);
  });

  it('has a user of every main role, all but one having accepted terms version 1', async () => {
    const users = await rows<{ email: string; role: number; tcs_accepted_version: number | null }>(
      database,
      sql`SELECT email, role, tcs_accepted_version FROM users`,
    );
    const roles = new Set(users.map((user) => user.role));
    for (const role of [
      Role.Master,
      Role.Admin,
      Role.Manager,
      Role.Agronomist,
      Role.Client,
      Role.Demo,
      Role.Access,
    ]) {
      expect(roles).toContain(role);
    }
    expect(users.filter((user) => user.tcs_accepted_version === null).map((user) => user.email)).toEqual([
      'newbie@headland.example',
    ]);
    expect(users.filter((user) => user.tcs_accepted_version === 1)).toHaveLength(users.length - 1);
    const [terms] = await rows<{ version: number; text: string }>(
      database,
      sql`SELECT version, text FROM terms_and_conditions`,
    );
    expect(terms?.version).toBe(1);
    expect(terms?.text.length).toBeGreaterThan(200);
  });

  it('seeds about 50 regions with the specification ids for the UK nations and Ireland', async () => {
    const regions = await rows<{ id: number; name: string; nvz_mandatory: boolean; configured: boolean }>(
      database,
      sql`SELECT id, name, nvz_mandatory, configured FROM regions ORDER BY id`,
    );
    expect(regions.length).toBeGreaterThanOrEqual(45);
    expect(regions.slice(0, 5).map((region) => region.name)).toEqual([
      'England',
      'Scotland',
      'Wales',
      'Northern Ireland',
      'Republic of Ireland',
    ]);
    expect(regions.filter((region) => region.configured).map((region) => region.id)).toEqual([1, 2, 3, 4, 5]);
    const nvz = regions.filter((region) => region.nvz_mandatory).map((region) => region.name);
    expect(nvz).toEqual(
      expect.arrayContaining(['Northern Ireland', 'Republic of Ireland', 'Netherlands', 'Denmark']),
    );
    expect(nvz).not.toContain('England');
  });

  it('gives every station twelve months of rainfall adding up to a believable year', async () => {
    const stations = await rows<{ name: string; months: number; annual: number }>(
      database,
      sql`SELECT s.name, count(r.month)::int AS months, sum(r.rainfall_long_term_avg)::float8 AS annual
            FROM weather_stations s JOIN weather_station_rainfall r ON r.station_id = s.id GROUP BY s.id`,
    );
    expect(stations.length).toBeGreaterThanOrEqual(20);
    for (const station of stations) {
      expect(station.months).toBe(12);
      expect(station.annual).toBeGreaterThan(500);
      expect(station.annual).toBeLessThan(1500);
    }
    const annual = new Map(stations.map((station) => [station.name, station.annual]));
    expect(annual.get('Cambridge NIAB')).toBeLessThan(650);
    expect(annual.get('Aberporth')).toBeGreaterThan(950);
  });

  it('gives every town postcode districts, its nearest station and two others', async () => {
    const towns = await rows<{
      name: string;
      post_codes: string[];
      station: number;
      nearest: number;
      others: number;
    }>(
      database,
      sql`SELECT t.name, t.post_codes, t.weather_station_id AS station,
                 (SELECT s.id FROM weather_stations s
                   ORDER BY ST_Distance(s.location::geography, t.location::geography) LIMIT 1) AS nearest,
                 (SELECT count(*)::int FROM town_other_stations o WHERE o.town_id = t.id) AS others
            FROM towns t`,
    );
    expect(towns.length).toBeGreaterThanOrEqual(60);
    for (const town of towns) {
      expect(town.post_codes.length, town.name).toBeGreaterThan(0);
      expect(town.station, town.name).toBe(town.nearest);
      expect(town.others, town.name).toBe(2);
    }
  });

  it('seeds every crop of the crop table and varieties for the main crops', async () => {
    const [counts] = await rows<{ crops: number; varieties: number }>(
      database,
      sql`SELECT (SELECT count(*)::int FROM crops) AS crops, (SELECT count(*)::int FROM varieties) AS varieties`,
    );
    expect(counts?.crops).toBe(cropDefinitions.length);
    expect(counts?.varieties).toBeGreaterThanOrEqual(40);
    const names = await rows<{ name: string }>(database, sql`SELECT name FROM varieties`);
    expect(names.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'KWS Extase',
        'Skyfall',
        'Laureate',
        'KWS Orwell',
        'Aurelia',
        'Maris Piper',
        'Cayman',
      ]),
    );
  });

  it('draws at least two holdings of at least 25 fields, with valid boundaries that never touch', async () => {
    const holdings = await rows<{ trading_name: string; fields: number }>(
      database,
      sql`SELECT h.trading_name, count(f.id)::int AS fields FROM holdings h JOIN fields f ON f.holding_id = h.id
           GROUP BY h.id ORDER BY h.id`,
    );
    expect(holdings.filter((holding) => holding.fields >= 25).length).toBeGreaterThanOrEqual(2);
    const [geometry] = await rows<{
      invalid: number;
      overlapping: number;
      touching: number;
      unnamed: number;
    }>(
      database,
      sql`SELECT (SELECT count(*)::int FROM fields WHERE NOT ST_IsValid(boundary) OR boundary IS NULL) AS invalid,
                 (SELECT count(*)::int FROM fields a JOIN fields b ON a.id < b.id AND ST_Overlaps(a.boundary, b.boundary))
                   AS overlapping,
                 (SELECT count(*)::int FROM fields a JOIN fields b ON a.id < b.id AND ST_Intersects(a.boundary, b.boundary))
                   AS touching,
                 (SELECT count(*)::int FROM fields WHERE name = '' OR field_number IS NULL) AS unnamed`,
    );
    expect(geometry).toEqual({ invalid: 0, overlapping: 0, touching: 0, unnamed: 0 });
  });

  it('computes field areas geodesically, fields of 2 to 25 ha with a working area a little under the whole', async () => {
    const fields = await rows<{
      name: string;
      boundary: number;
      whole: number;
      working: number;
      geodesic: number;
    }>(
      database,
      sql`SELECT name, boundary_area::float8 AS boundary, whole_area::float8 AS whole, working_area::float8 AS working,
                 round((ST_Area(boundary::geography) / 10000)::numeric, 4)::float8 AS geodesic
            FROM fields`,
    );
    for (const field of fields) {
      expect(field.boundary, field.name).toBe(field.geodesic);
      expect(field.whole, field.name).toBe(field.boundary);
      expect(field.boundary, field.name).toBeGreaterThanOrEqual(2);
      expect(field.boundary, field.name).toBeLessThanOrEqual(25);
      expect(field.working, field.name).toBeLessThan(field.whole);
      expect(field.working, field.name).toBeGreaterThan(field.whole * 0.9);
    }
  });

  it('places each holding in its own nation, with a town, a station and three crop years', async () => {
    const holdings = await rows<{
      trading_name: string;
      region_id: number;
      west: number;
      south: number;
      east: number;
      north: number;
      town_id: number | null;
      weather_station_id: number | null;
      pk_models: string[];
      years: number[];
      total_area: number;
      field_area: number;
    }>(
      database,
      sql`SELECT h.trading_name, h.region_id, h.town_id, h.weather_station_id,
                 ST_XMin(e.box) AS west, ST_YMin(e.box) AS south, ST_XMax(e.box) AS east, ST_YMax(e.box) AS north,
                 (SELECT array_agg(DISTINCT y.pk_model) FROM holding_crop_years y WHERE y.holding_id = h.id) AS pk_models,
                 (SELECT array_agg(y.year_id ORDER BY y.year_id) FROM holding_crop_years y WHERE y.holding_id = h.id) AS years,
                 (SELECT max(y.total_area)::float8 FROM holding_crop_years y WHERE y.holding_id = h.id) AS total_area,
                 (SELECT round(sum(f.boundary_area), 2)::float8 FROM fields f WHERE f.holding_id = h.id) AS field_area
            FROM holdings h
            CROSS JOIN LATERAL (SELECT ST_Extent(f.boundary)::geometry AS box FROM fields f WHERE f.holding_id = h.id) e
           ORDER BY h.id`,
    );
    const inside = (holding: (typeof holdings)[number], [west, south, east, north]: number[]) =>
      holding.west > west! && holding.south > south! && holding.east < east! && holding.north < north!;
    const england = holdings.find((holding) => holding.region_id === 1)!;
    const scotland = holdings.find((holding) => holding.region_id === 2)!;
    expect(england.trading_name).toBe('Wold Farm');
    expect(inside(england, englandBox)).toBe(true);
    expect(inside(england, scotlandBox)).toBe(false);
    expect(scotland.trading_name).toBe('Mains of Balgray');
    expect(inside(scotland, scotlandBox)).toBe(true);
    expect(inside(scotland, englandBox)).toBe(false);
    expect(scotland.pk_models).toEqual(['SRUC']);
    const wales = holdings.find((holding) => holding.region_id === 3);
    if (wales) expect(inside(wales, walesBox)).toBe(true);
    for (const holding of holdings) {
      expect(holding.town_id, holding.trading_name).not.toBeNull();
      expect(holding.weather_station_id, holding.trading_name).not.toBeNull();
      expect(holding.years, holding.trading_name).toEqual([2025, 2026, 2027]);
      expect(holding.total_area, holding.trading_name).toBe(holding.field_area);
    }
  });

  it('gives every holding an owner, and the members their kinds of access', async () => {
    const members = await rows<{
      trading_name: string;
      email: string;
      holding_role: number;
      holding_permissions: unknown;
    }>(
      database,
      sql`SELECT h.trading_name, u.email, hu.holding_role, hu.holding_permissions
            FROM holding_users hu JOIN holdings h ON h.id = hu.holding_id JOIN users u ON u.id = hu.user_id`,
    );
    const holdingNames = new Set(members.map((member) => member.trading_name));
    for (const name of holdingNames) {
      expect(
        members.some((m) => m.trading_name === name && m.holding_role === HoldingRole.Owner),
        name,
      ).toBe(true);
    }
    const narrowed = members.find((member) => member.email === 'member@headland.example')!;
    expect(narrowed.holding_role).toBe(HoldingRole.Member);
    const permissions = holdingPermissionsSchema.parse(narrowed.holding_permissions);
    expect(permissions.main.fields).toEqual({ read: true, write: false });
    expect(permissions.main.fieldDiary).toEqual({ read: true, write: true });
    expect(permissions.main.stocks.financialData).toBe(false);
  });

  it('limits the restricted member to a few current-year croppings', async () => {
    const [restricted] = await rows<{
      user_id: number;
      holding_id: number;
      restrict_cropping_access: boolean;
    }>(
      database,
      sql`SELECT user_id, holding_id, restrict_cropping_access FROM holding_users WHERE holding_role = ${HoldingRole.RestrictedMember}`,
    );
    expect(restricted?.restrict_cropping_access).toBe(true);
    const entries = await rows<{ authorized: boolean; year_id: number; crop_id: number }>(
      database,
      sql`SELECT cp.authorized, c.year_id, c.crop_id FROM cropping_permissions cp JOIN croppings c ON c.id = cp.cropping_id
           WHERE cp.user_id = ${restricted!.user_id} AND cp.holding_id = ${restricted!.holding_id}`,
    );
    const [{ count } = { count: 0 }] = await rows<{ count: number }>(
      database,
      sql`SELECT count(*)::int AS count FROM croppings WHERE holding_id = ${restricted!.holding_id}`,
    );
    // No entry means authorised, so every cropping of the holding carries one.
    expect(entries).toHaveLength(count);
    const allowed = entries.filter((entry) => entry.authorized);
    expect(allowed.length).toBeGreaterThanOrEqual(2);
    expect(allowed.length).toBeLessThanOrEqual(8);
    expect(allowed.every((entry) => entry.year_id === 2027)).toBe(true);
  });

  it('crops every field in each of the three years, with a perennial ley and double-cropped years', async () => {
    const perField = await rows<{ field_id: number; years: number[]; crops: number[] }>(
      database,
      sql`SELECT field_id, array_agg(DISTINCT year_id ORDER BY year_id) AS years,
                 array_agg(crop_id ORDER BY year_id, sowing_date NULLS FIRST) AS crops
            FROM croppings GROUP BY field_id`,
    );
    const [fieldCount] = await rows<{ count: number }>(
      database,
      sql`SELECT count(*)::int AS count FROM fields`,
    );
    expect(perField).toHaveLength(fieldCount!.count);
    for (const field of perField) expect(field.years).toEqual([2025, 2026, 2027]);
    const perennialRuns = perField.filter(
      (field) =>
        field.crops.length === 3 &&
        new Set(field.crops).size === 1 &&
        cropDefinitionById(field.crops[0]!)?.perennial,
    );
    expect(perennialRuns.length).toBeGreaterThanOrEqual(2);
    const doubled = await rows<{ field_id: number }>(
      database,
      sql`SELECT field_id FROM croppings GROUP BY field_id, year_id HAVING count(*) > 1`,
    );
    expect(doubled.length).toBeGreaterThanOrEqual(2);
  });

  it('gives croppings dates, areas and attributes that pass the cropping rules', async () => {
    const croppings = await rows<CroppingRow>(
      database,
      sql`SELECT c.id, c.holding_id, h.region_id, c.field_id, f.boundary_area::float8 AS field_area, c.year_id,
                 c.crop_id, c.sowing_date::text AS sowing_date, c.harvest_date::text AS harvest_date,
                 c.destruction_date::text AS destruction_date, c.destroyed, c.area::float8 AS area, c.attributes
            FROM croppings c JOIN fields f ON f.id = c.field_id JOIN holdings h ON h.id = c.holding_id`,
    );
    const concurrent = (cropping: CroppingRow) => ({
      CroppingId: cropping.id,
      YearId: cropping.year_id,
      Area: cropping.area,
      perennial: cropDefinitionById(cropping.crop_id)?.perennial ?? false,
      SowingDate: cropping.sowing_date,
      HarvestDate: cropping.harvest_date,
      DestructionDate: cropping.destruction_date,
      Destroyed: cropping.destroyed,
    });
    for (const cropping of croppings) {
      const crop = cropDefinitionById(cropping.crop_id);
      expect(crop, `crop ${cropping.crop_id}`).toBeDefined();
      const label = `${crop!.name} on field ${cropping.field_id} in ${cropping.year_id}`;
      expect(cropping.area, label).toBe(cropping.field_area);
      const dates = concurrent(cropping);
      expect(validateCroppingDates(dates, { holdingYears: { first: 2025, last: 2027 } }), label).toEqual([]);
      const sameField = croppings.filter((other) => other.field_id === cropping.field_id).map(concurrent);
      expect(concurrentCropsExcess(dates, sameField, cropping.field_area), label).toBeUndefined();
      const attribute = (name: string) => (cropping.attributes[name] ?? null) as never;
      const problems = cropAttributeProblems(
        {
          crop: toCropDescriptor(crop!),
          region: cropping.region_id,
          destructionDate: cropping.destruction_date,
          cropManagementOptionsEnabled: false,
        },
        {
          Residue: attribute('Residue'),
          GrowingSeasonLength: attribute('GrowingSeasonLength'),
          ProtectionStatus: attribute('ProtectionStatus'),
          GrassManagement: attribute('GrassManagement'),
          GrassCuts: attribute('GrassCuts'),
          Purpose: attribute('Purpose'),
        },
      );
      expect(problems, label).toEqual([]);
    }
  });

  it('gives every holding soil analyses of two years, yield maps of three harvests and one phosphate plan in its fields', async () => {
    const layers = await rows<{
      holding_id: number;
      type_id: number;
      year_id: number;
      layers: number;
      empty: number;
      outside: number;
    }>(
      database,
      sql`SELECT l.holding_id, l.type_id, l.year_id, count(*)::int AS layers,
                 count(*) FILTER (WHERE l.zone_count = 0)::int AS empty,
                 (SELECT count(*)::int FROM layer_zones z JOIN data_layers d ON d.id = z.layer_id JOIN fields f ON f.id = d.field_id
                   WHERE d.holding_id = l.holding_id AND d.type_id = l.type_id AND d.year_id = l.year_id
                     AND NOT ST_Covers(ST_Buffer(f.boundary::geography, 0.01)::geometry, z.geom)) AS outside
            FROM data_layers l GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    const holdingIds = [...new Set(layers.map((row) => row.holding_id))];
    expect(holdingIds).toHaveLength(3);
    for (const holdingId of holdingIds) {
      const own = layers.filter((row) => row.holding_id === holdingId);
      expect(new Set(own.filter((row) => row.type_id === 11).map((row) => row.year_id))).toEqual(
        new Set([2024, 2027]),
      );
      expect(own.filter((row) => row.type_id === 20).map((row) => row.year_id)).toEqual([2024, 2025, 2026]);
      expect(own.filter((row) => row.type_id === 31).map((row) => row.year_id)).toEqual([2027]);
    }
    expect(layers.every((row) => row.empty === 0 && row.outside === 0)).toBe(true);
    const [plan] = await rows<{ zones: number; user_defined: number; missing: number }>(
      database,
      sql`SELECT count(*)::int AS zones, count(*) FILTER (WHERE z.user_defined)::int AS user_defined,
                 count(*) FILTER (WHERE z.product_rate IS NULL OR z.product_rate <> z.init_product_rate)::int AS missing
            FROM layer_zones z JOIN data_layers l ON l.id = z.layer_id WHERE l.type_id = 31`,
    );
    expect(plan!.zones).toBeGreaterThan(100);
    expect(plan).toMatchObject({ user_defined: 0, missing: 0 });
  });

  it('does nothing when seeded a second time', async () => {
    const count = async () =>
      rows<{ users: number; holdings: number; fields: number; croppings: number }>(
        database,
        sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM holdings) AS holdings,
                   (SELECT count(*)::int FROM fields) AS fields, (SELECT count(*)::int FROM croppings) AS croppings`,
      );
    const before = await count();
    expect(await seedDemoData(database)).toEqual([]);
    expect(await count()).toEqual(before);
  });
});
