import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema.ts';
import { migrate } from './migrate.ts';
import { lockDataDir, type DataDirLock } from './dataDirLock.ts';
import { takeTurnsBetweenStatements } from './turnTakingPglite.ts';
import { postgisExtension } from './postgisBundle.ts';

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
  /**
   * Hears `NOTIFY channel` from every connection to the database, this process's included. PostgreSQL: on a
   * dedicated connection (never a pooled one), opened again after a loss, when `onReconnect` is called because
   * notifications may have been missed meanwhile. PGlite: in-process, delivered on commit. Returns the stop.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
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
    const listen: Database['listen'] = (channel, onPayload, onReconnect) =>
      listenOnOwnConnection(options.url!, channel, onPayload, onReconnect);
    const database: Database = { db, kind: 'postgres', execScript, listen, close: () => pool.end() };
    try {
      await migrateUnderLock(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return database;
  }
  const dataDir = options.dataDir ?? './data';
  let lock: DataDirLock | null = null;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    // Before PGlite touches the folder: a second server must stop here, not share the files.
    lock = lockDataDir(dataDir);
  }
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir, { extensions: { postgis: await postgisExtension() } });
    takeTurnsBetweenStatements(client);
    const pglite = client;
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    const execScript = async (script: string) => {
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
      });
    };
    const close = async () => {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    };
    const listen: Database['listen'] = async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return async () => {
        // A closed database has already stopped listening.
        if (!pglite.closed) await unlisten();
      };
    };
    const database: Database = { db, kind: 'pglite', execScript, listen, close };
    await migrate(database);
    return database;
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/** The migrating connection listens to nothing: migrations only run SQL. */
const noListening: Database['listen'] = async () => async () => undefined;

/** The advisory lock key all Headland servers take while migrating one PostgreSQL database. */
export const migrationLockKey = 7_281_050_090n;

/**
 * Migrates on one connection holding a session advisory lock: servers starting together on one database
 * take turns, and the later ones find the migrations done. The lock goes with the connection if the
 * process dies.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [migrationLockKey.toString()]);
    try {
      const execScript = async (script: string) => {
        try {
          await client.query(`BEGIN;\n${script}\n;COMMIT;`);
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      };
      const db = drizzlePg(client, { schema }) as unknown as Db;
      await migrate({ db, kind: 'postgres', execScript, listen: noListening, close: async () => undefined });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [migrationLockKey.toString()]);
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection that failed mid-way may still hold the lock or a transaction: close it, do not reuse it.
    client.release(broken);
  }
}

/** Time before a lost listening connection is opened again; it doubles up to the maximum. */
const relistenMinMs = 500;
const relistenMaxMs = 30_000;

async function listenOnOwnConnection(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = relistenMinMs;

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next || stopped) return;
      client = null;
      if (error) console.error(`database: the listening connection was lost: ${error.message}`);
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      scheduleReopen();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
  };

  const scheduleReopen = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open().then(
        () => {
          delay = relistenMinMs;
          onReconnect?.();
        },
        (error: Error) => {
          console.error(`database: cannot listen again yet: ${error.message}`);
          if (client) {
            const failed = client;
            client = null;
            void failed.end().catch(() => undefined);
          }
          delay = Math.min(delay * 2, relistenMaxMs);
          scheduleReopen();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await open();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    if (current) await current.end().catch(() => undefined);
  };
}

// node-postgres turns DATE columns into local-time Date objects; keep them as ISO strings instead.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
