import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every SQL file of migrations/ not yet applied, in name order, each in its own transaction. */
export async function migrate({ db, execScript }: Database): Promise<string[]> {
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = await db.execute<{ name: string }>(sql`SELECT name FROM schema_migrations`);
  const applied = new Set(done.rows.map((row) => row.name));
  const pending = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql') && !applied.has(name))
    .sort();
  for (const name of pending) {
    const text = readFileSync(join(migrationsDir, name), 'utf8');
    const quoted = name.replaceAll("'", "''");
    await execScript(`${text}\n;INSERT INTO schema_migrations (name) VALUES ('${quoted}');`);
  }
  return pending;
}
