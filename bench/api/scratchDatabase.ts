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
  /** An empty folder of this run, for settings that need one. */
  emptyDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: on PostgreSQL a new database on the server of `serverUrl`, so the run never touches
 * data that is already there; otherwise a new temporary folder for PGlite.
 */
export async function createScratchDatabase(serverUrl: string | undefined): Promise<ScratchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'headland-bench-'));
  const emptyDir = join(dir, 'empty');
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (!serverUrl) return { kind: 'pglite', dir, emptyDir, drop: async () => removeDir() };

  const name = `headland_bench_${process.pid}_${Date.now()}`;
  try {
    await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    removeDir();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    emptyDir,
    drop: async () => {
      removeDir();
      await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
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
