import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where one benchmark run keeps its data; removed afterwards. */
export interface ScratchDatabase {
  kind: 'pglite' | 'postgres';
  /** postgres:// URL of a database created for this run (PostgreSQL only). */
  url?: string;
  /** Folder for the embedded databases of this run (PGlite only, also used for the bare server's copy). */
  dir?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: on PostgreSQL a new database on the server of `serverUrl`, so the run never touches
 * data that is already there; otherwise a new temporary folder for PGlite.
 */
export async function createScratchDatabase(serverUrl: string | undefined): Promise<ScratchDatabase> {
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'headland-bench-'));
    return { kind: 'pglite', dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `headland_bench_${process.pid}_${Date.now()}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    drop: () =>
      withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withAdmin(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
