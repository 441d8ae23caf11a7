import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { schema } from './schema.ts';
import { sqlRows } from './sqlRows.ts';

// The SQL migrations are the source of truth; the drizzle definitions are how the code reads them. This test
// keeps the two in step on whichever database the server tests run on (PGlite, or PostgreSQL through
// TEST_DATABASE_URL).

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const migratedTables = readdirSync(migrationsDir)
  .filter((name) => name.endsWith('.sql'))
  .flatMap((name) =>
    [...readFileSync(migrationsDir + name, 'utf8').matchAll(/^CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gim)].map(
      (match) => match[1]!.toLowerCase(),
    ),
  )
  .sort();

const definitions = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

type DbColumn = { table: string; column: string; dataType: string; udtName: string; nullable: string };
type Column = { table: string; column: string; type: string; nullable: boolean };

// information_schema names an array "ARRAY" and a PostGIS column "USER-DEFINED"; the element or type name is
// in udt_name, in the catalogue's short spelling.
const udtFamilies: Record<string, string> = {
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  float8: 'double precision',
  bool: 'boolean',
  text: 'text',
  varchar: 'character varying',
  uuid: 'uuid',
  jsonb: 'jsonb',
  geometry: 'geometry',
};

function dbFamily(column: DbColumn): string {
  if (column.dataType === 'ARRAY') {
    const element = column.udtName.replace(/^_/, '');
    return `${udtFamilies[element] ?? element}[]`;
  }
  if (column.dataType === 'USER-DEFINED') return udtFamilies[column.udtName] ?? column.udtName;
  return column.dataType;
}

// A serial is an integer with a sequence, a varchar(20) a character varying, a geometry(Point, 4326) a geometry.
function drizzleFamily(sqlType: string): string {
  if (sqlType.endsWith('[]')) return `${drizzleFamily(sqlType.slice(0, -2))}[]`;
  const base = sqlType.replace(/\(.*\)$/, '').trim();
  const aliases: Record<string, string> = {
    serial: 'integer',
    smallserial: 'smallint',
    bigserial: 'bigint',
    varchar: 'character varying',
  };
  return aliases[base] ?? base;
}

const drizzleColumns: Column[] = definitions
  .flatMap(({ name, columns }) =>
    columns.map((column) => ({
      table: name,
      column: column.name,
      type: drizzleFamily(column.getSQLType()),
      nullable: !column.notNull,
    })),
  )
  .sort(byName);

function byName(a: { table: string; column: string }, b: { table: string; column: string }): number {
  return a.table === b.table ? a.column.localeCompare(b.column) : a.table.localeCompare(b.table);
}

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
}, 300_000);
afterAll(async () => {
  await database?.close();
});

describe('the drizzle table definitions', () => {
  it('name every table the migrations create, and no other', () => {
    expect(migratedTables.length).toBeGreaterThan(40);
    expect(definitions.map((table) => table.name).sort()).toEqual(migratedTables);
  });

  it('have every migrated column, with its type family and nullability, and no other', async () => {
    const rows = await sqlRows<DbColumn>(
      database.db,
      sql`SELECT table_name AS "table", column_name AS "column", data_type AS "dataType", udt_name AS "udtName",
                 is_nullable AS nullable
            FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name IN ${sql.raw(`(${migratedTables.map((name) => `'${name}'`).join(', ')})`)}`,
    );
    const migrated: Column[] = rows
      .map((row) => ({
        table: row.table,
        column: row.column,
        type: dbFamily(row),
        nullable: row.nullable === 'YES',
      }))
      .sort(byName);
    expect(migrated.length).toBeGreaterThan(300);
    expect(drizzleColumns).toEqual(migrated);
  });

  it('give each geometry column the migrated shape and reference system', async () => {
    const migrated = await sqlRows<{ table: string; column: string; shape: string; srid: number }>(
      database.db,
      sql`SELECT f_table_name AS "table", f_geometry_column AS "column", type AS shape, srid
            FROM geometry_columns WHERE f_table_schema = current_schema()`,
    );
    const declared = definitions.flatMap(({ name, columns }) =>
      columns.flatMap((column) => {
        const match = /^geometry\((\w+), (\d+)\)$/.exec(column.getSQLType());
        return match
          ? [{ table: name, column: column.name, shape: match[1]!.toUpperCase(), srid: Number(match[2]) }]
          : [];
      }),
    );
    expect(declared.length).toBeGreaterThan(3);
    expect(declared.sort(byName)).toEqual(
      migrated.map((row) => ({ ...row, srid: Number(row.srid) })).sort(byName),
    );
  });
});
