import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from './testDatabase.ts';

const migrationsDir = fileURLToPath(new URL('../db/migrations', import.meta.url));

// Both drivers answer a raw query with { rows }; the shared Db type leaves the result's shape open.
async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe('openTestDatabase', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('uses PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise', () => {
    expect(database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('has applied every migration', async () => {
    const expected = readdirSync(migrationsDir)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    const applied = await rows<{ name: string }>(
      database,
      sql`SELECT name FROM schema_migrations ORDER BY name`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(applied.map((row) => row.name)).toEqual(expected);
  });

  it('has the geometry columns the migrations declare', async () => {
    const columns = await rows<{ type: string; srid: number }>(
      database,
      sql`SELECT type, srid FROM geometry_columns WHERE f_table_name = 'fields' AND f_geometry_column = 'boundary'`,
    );
    expect(columns).toEqual([{ type: 'MULTIPOLYGON', srid: 4326 }]);
  });

  it('computes geodesic measures with PostGIS', async () => {
    // One degree of latitude at the equator is 110,574.4 m on WGS 84; a spherical formula gives 111,195 m.
    const [row] = await rows<{ metres: number; hectares: number }>(
      database,
      sql`SELECT
        ST_Distance('SRID=4326;POINT(0 0)'::geography, 'SRID=4326;POINT(0 1)'::geography) AS metres,
        ST_Area('SRID=4326;POLYGON((0 0, 0.01 0, 0.01 0.01, 0 0.01, 0 0))'::geography) / 10000 AS hectares`,
    );
    expect(Number(row?.metres)).toBeCloseTo(110_574.4, 0);
    // 0.01 degree squared at the equator: about 1,113.2 m by 1,105.7 m.
    expect(Number(row?.hectares)).toBeCloseTo(123.09, 1);
  });

  it('gives each call a database of its own', async () => {
    await database.db.execute(sql`CREATE TABLE isolation_probe (id integer)`);
    const other = await openTestDatabase();
    try {
      const found = await rows<{ present: boolean }>(
        other,
        sql`SELECT to_regclass('isolation_probe') IS NOT NULL AS present`,
      );
      expect(found).toEqual([{ present: false }]);
    } finally {
      await other.close();
    }
  });
});
