import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema.ts';
import { migrate } from './migrate.ts';
import { takeTurnsBetweenStatements } from './turnTakingPglite.ts';

/** What both drivers answer to `execute`: at least the rows, typed by the caller. */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
interface RowsResult<Row> {
  rows: (Row extends Record<string, unknown> ? Row : Record<string, unknown>)[];
}

/** The one database handle the services use; a transaction handle has the same type. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** 'pglite' for the embedded default, 'postgres' for a server reached through DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (no parameters) in one transaction: migrations and seeds. */
  execScript(script: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when set, the embedded database is not used. */
  url?: string;
  /** Folder of the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server drops (restart, admin command) is only replaced by the pool; without
    // a listener its error would be thrown as uncaught and take the process down.
    pool.on('error', (error) => {
      console.error(`database: an idle connection was closed: ${error.message}`);
    });
    // Dates stay calendar dates: never let node-postgres shift them through a local-time Date.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const execScript = async (script: string) => {
      const client = await pool.connect();
      try {
        await client.query(`BEGIN;\n${script}\n;COMMIT;`);
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    };
    const database: Database = { db, kind: 'postgres', execScript, close: () => pool.end() };
    await migrate(database);
    return database;
  }
  const dataDir = options.dataDir ?? './data';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { postgis } });
  takeTurnsBetweenStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const execScript = async (script: string) => {
    await client.transaction(async (tx) => {
      await tx.exec(script);
    });
  };
  const database: Database = { db, kind: 'pglite', execScript, close: () => client.close() };
  await migrate(database);
  return database;
}

// node-postgres turns DATE columns into local-time Date objects; keep them as ISO strings instead.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
