import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';

const dbDir = fileURLToPath(new URL('../db/', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A test database; `url` is set on PostgreSQL, so that a second server can open the same database. */
export type TestDatabase = Database & { url?: string };

/**
 * Opens a database with every migration applied and no other data, for one server test file. Call it once
 * per file (in `beforeAll`) and `close()` it in `afterAll`: closing deletes the database.
 *
 * With `TEST_DATABASE_URL` set (a PostgreSQL server with PostGIS; the database in the URL is used only to
 * connect), each call creates its own database from a migrated template. Otherwise each call gets its own
 * PGlite database in a fresh temporary folder, copied from a migrated template folder.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? openPostgresTestDatabase(url) : openPgliteTestDatabase();
}

/**
 * Names what a migrated template depends on, so a changed migration or engine never reuses a stale one:
 * the migration files, the code that opens and migrates databases, and the PGlite versions.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrationsDir = join(dbDir, 'migrations');
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name).update(readFileSync(join(migrationsDir, name)));
  }
  hash.update(readFileSync(join(dbDir, 'database.ts'))).update(readFileSync(join(dbDir, 'migrate.ts')));
  for (const name of ['@electric-sql/pglite', '@electric-sql/pglite-postgis']) {
    hash.update(`${name}@${packageVersion(name)}`);
  }
  return hash.digest('hex').slice(0, 16);
}

function packageVersion(name: string): string {
  // The packages' export maps hide package.json, so walk up from their resolved entry point.
  let dir = dirname(createRequire(import.meta.url).resolve(name));
  while (dir !== dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    }
    dir = dirname(dir);
  }
  throw new Error(`cannot find the version of ${name}`);
}

const uniqueSuffix = () => `${process.pid}_${randomBytes(4).toString('hex')}`;

// PGlite: a first boot with PostGIS costs about 10 s (initdb, extension, migrations); opening a copy of an
// already migrated folder costs about 3 s. The template is built once per key and shared by test files
// and by concurrent test runs, which is why it is published with an atomic rename.
async function openPgliteTestDatabase(): Promise<Database> {
  const dataDir = join(tmpdir(), `headland-test-pglite-${uniqueSuffix()}`);
  // A test file that never calls close() (a crash, a forgotten afterAll) must not leave 60 MB behind.
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  await copyMigratedPgliteDir(dataDir);
  let database: Database;
  try {
    database = await openDatabase({ dataDir });
  } catch (error) {
    removeDataDir();
    throw error;
  }
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        removeDataDir();
        process.off('exit', removeDataDir);
      }
    },
  };
}

/**
 * Fills `target` (a folder that is missing or empty) with an embedded database on which every migration
 * has run and nothing else, for a server started with DATA_DIR=target. The caller deletes it when done.
 */
export async function copyMigratedPgliteDir(target: string): Promise<void> {
  const cacheDir = join(repoRoot, 'node_modules', '.cache', 'headland-test-db');
  const template = join(cacheDir, `pglite-${templateKey()}`);
  if (!existsSync(join(template, 'PG_VERSION'))) await buildPgliteTemplate(cacheDir, template);
  cpSync(template, target, { recursive: true, errorOnExist: true, force: false });
}

async function buildPgliteTemplate(cacheDir: string, template: string): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  pruneStaleTemplates(cacheDir);
  const building = `${template}.building-${uniqueSuffix()}`;
  try {
    const database = await openDatabase({ dataDir: building });
    await database.close();
    try {
      renameSync(building, template);
    } catch (error) {
      // Another run published the same template first; theirs is as good as ours.
      if (!existsSync(join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Each template is about 60 MB; one left by older migrations (or a crashed build) is only waste. */
function pruneStaleTemplates(cacheDir: string): void {
  // An hour's grace keeps a template that a concurrent run on other migrations may still be copying.
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const entry of readdirSync(cacheDir)) {
    const path = join(cacheDir, entry);
    if (entry.startsWith('pglite-') && statSync(path).mtimeMs < cutoff) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

// PostgreSQL: CREATE DATABASE ... TEMPLATE copies a migrated database in well under a second, where
// creating the PostGIS extension and running the migrations afresh would take several.
async function openPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const key = templateKey();
  const templateName = `headland_template_${key}`;
  const name = `headland_test_${uniqueSuffix()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await ensurePostgresTemplate(admin, serverUrl, templateName, key);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  } finally {
    await admin.end();
  }

  const dropDatabase = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  const url = withDatabase(serverUrl, name);
  let database: Database;
  try {
    database = await openDatabase({ url });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    ...database,
    url,
    close: async () => {
      try {
        await database.close();
      } finally {
        await dropDatabase();
      }
    },
  };
}

async function ensurePostgresTemplate(
  admin: pg.Client,
  serverUrl: string,
  templateName: string,
  key: string,
): Promise<void> {
  // Serialise template creation across concurrent test runs sharing one server.
  const lockId = BigInt.asIntN(64, BigInt(`0x${key}`)).toString();
  await admin.query('SELECT pg_advisory_lock($1::bigint)', [lockId]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateName]);
    if (found.rowCount) return;
    await admin.query(`CREATE DATABASE ${templateName}`);
    try {
      const database = await openDatabase({ url: withDatabase(serverUrl, templateName) });
      await database.close();
      // No connections to a template: CREATE DATABASE ... TEMPLATE fails while any exist.
      await admin.query(`ALTER DATABASE ${templateName} WITH ALLOW_CONNECTIONS false`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      throw error;
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1::bigint)', [lockId]);
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
