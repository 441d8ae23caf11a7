import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const migrations = readdirSync(fileURLToPath(new URL('./migrations', import.meta.url))).filter((name) =>
  name.endsWith('.sql'),
);

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

// Two servers starting together on one PostgreSQL database (the embedded one allows a single server per
// folder, see dataDirLock.test.ts).
describe.runIf(serverUrl)('migrations on PostgreSQL', () => {
  it('run once when two servers start together on a new database', { timeout: 120_000 }, async () => {
    const name = `headland_migrate_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    try {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const opened = await Promise.allSettled([
        openDatabase({ url: url.toString() }),
        openDatabase({ url: url.toString() }),
        openDatabase({ url: url.toString() }),
      ]);
      const databases = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
        const result = await databases[0]!.db.execute<{ name: string }>(
          sql`SELECT name FROM schema_migrations ORDER BY name`,
        );
        expect(result.rows.map((row) => row.name)).toEqual(migrations.sort());
      } finally {
        await Promise.all(databases.map((database) => database.close()));
      }
    } finally {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
});
