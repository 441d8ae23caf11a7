import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '@headland/server/src/app.ts';
import { configFromEnv } from '@headland/server/src/config.ts';
import { openDatabase } from '@headland/server/src/db/database.ts';
import { seedDemoData } from '@headland/server/src/db/seed/seedDemo.ts';
import { reportReady } from './childServer.ts';
import { countQueries } from './queryCounter.ts';

/*
 * The real server, started the way src/main.ts starts it (configuration from the environment, migrations, demo
 * seed, buildApp), but listening on a free loopback port and reporting it to the benchmark over IPC.
 */
const queriesSent = countQueries();
// An experiment knob: another pool size than the app's own (database.ts), to see what the pool limits.
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 0);
if (poolSize > 0) {
  const AppPool = pg.Pool;
  pg.Pool = class extends AppPool {
    constructor(options?: pg.PoolConfig) {
      super({ ...options, max: poolSize });
    }
  };
}
const config = configFromEnv();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedDemoData(database);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
const client = (database.db as unknown as { $client: { options?: { max?: number }; waitingCount?: number } })
  .$client;
const version = (await database.db.execute(
  sql`SELECT current_setting('server_version') AS version, postgis_lib_version() AS postgis`,
)) as unknown as { rows: { version: string; postgis: string }[] };
const row = version.rows[0];
reportReady(
  {
    port: address.port,
    database: `${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${row?.version}, PostGIS ${row?.postgis}`,
    poolSize: database.kind === 'postgres' ? (client.options?.max ?? 10) : 1,
  },
  {
    queriesSent,
    poolWaiting: database.kind === 'postgres' ? () => client.waitingCount ?? 0 : undefined,
  },
  async () => {
    await app.close();
    await database.close();
  },
);
