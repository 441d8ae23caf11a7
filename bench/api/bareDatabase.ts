import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import pg from 'pg';
import type { Template } from './statementRecorder.ts';
import { bind } from './statementRecorder.ts';

/** Runs a template with the values of one request and answers its rows. */
export type RunTemplate = <Row>(
  template: Template,
  values: Readonly<Record<string, unknown>>,
) => Promise<Row[]>;

export interface BareDatabase {
  description: string;
  poolSize: number;
  /** Queries waiting for a pool connection right now; absent on PGlite, which has no pool. */
  poolWaiting?: () => number;
  run: RunTemplate;
  /** Runs the work between BEGIN and COMMIT on one connection, as drizzle's transaction does. */
  transaction<T>(work: (run: RunTemplate) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Drizzle's drivers hand timestamps, dates and intervals (and arrays of them) over as the database's text;
// the bare server must read them the same way to answer the same bytes. 1182, 1185, 1187, 1115 and 1231 are
// the array types of date, timestamptz, interval, timestamp and numeric.
const textTypeIds = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const pgTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    textTypeIds.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};
const pgliteParsers = Object.fromEntries(
  [
    pgliteTypes.DATE,
    pgliteTypes.TIMESTAMP,
    pgliteTypes.TIMESTAMPTZ,
    pgliteTypes.INTERVAL,
    ...[1115, 1182, 1185, 1187, 1231],
  ].map((id) => [id, (value: string) => value]),
);

/** A pg pool on a PostgreSQL URL, or PGlite with PostGIS on a data folder. No ORM either way. */
export async function openBareDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize: number;
}): Promise<BareDatabase> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
    const runOn =
      (client: pg.Pool | pg.PoolClient): RunTemplate =>
      async <Row>(template: Template, values: Readonly<Record<string, unknown>>) => {
        const result = await client.query({
          text: template.text,
          values: bind(template, values),
          types: pgTypes,
        });
        return result.rows as Row[];
      };
    const version = await pool.query<{ version: string; postgis: string }>(
      `SELECT current_setting('server_version') AS version, postgis_lib_version() AS postgis`,
    );
    return {
      description: `PostgreSQL ${version.rows[0]?.version}, PostGIS ${version.rows[0]?.postgis} (pg, no ORM)`,
      poolSize: options.poolSize,
      poolWaiting: () => pool.waitingCount,
      run: runOn(pool),
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(runOn(client));
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (!options.dataDir) throw new Error('The bare server needs a database URL or a PGlite data folder');
  const client = await PGlite.create(options.dataDir, { extensions: { postgis } });
  const runOn =
    (on: Pick<PGlite, 'query'>): RunTemplate =>
    async <Row>(template: Template, values: Readonly<Record<string, unknown>>) => {
      const result = await on.query<Row>(template.text, bind(template, values), { parsers: pgliteParsers });
      return result.rows;
    };
  const version = await client.query<{ version: string; postgis: string }>(
    `SELECT current_setting('server_version') AS version, postgis_lib_version() AS postgis`,
  );
  return {
    description: `PGlite ${version.rows[0]?.version}, PostGIS ${version.rows[0]?.postgis}, its own copy of the seeded data (no ORM)`,
    poolSize: 1,
    run: runOn(client),
    transaction: (work) => client.transaction((tx) => work(runOn(tx))),
    close: () => client.close(),
  };
}
