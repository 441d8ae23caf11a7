import { buildApp } from './app.ts';
import { ConfigError, configFromEnv } from './config.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { openDatabase } from './db/database.ts';
import { demoAccountsPresent, demoLogins, seedDemoData, seedReferenceData } from './db/seed/seedDemo.ts';
import { closeOnSignals } from './http/shutdown.ts';

/** A start-up that cannot go on: the message says why, without a stack trace. */
function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = configFromEnv();
} catch (error) {
  if (error instanceof ConfigError) stop(error.message);
  throw error;
}

let database;
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  if (error instanceof DataDirLockedError) stop(`Headland cannot start: ${error.message}`);
  throw error;
}
// Reference data (regions, towns, crops …) is kept complete on every start.
await database.db.transaction((tx) => seedReferenceData(tx));
// Demo accounts only where asked for: on a new embedded database by default (the quick start), on a
// DATABASE_URL database only with SEED_DEMO=true. Either way only an empty database gets them.
const seedDemo = config.seedDemo ?? !config.databaseUrl;
const seeded = seedDemo ? await seedDemoData(database) : [];
const app = await buildApp({ config, database });
closeOnSignals(app, database);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
console.log(`Headland is running on http://localhost:${config.port} (${where}).`);
if (seeded.length) console.log('Demo data seeded.');
if (await demoAccountsPresent(database.db)) {
  console.log(
    'WARNING: this database has the demo accounts, whose password is published: keep real data out of it.',
  );
  console.log('Demo logins:');
  for (const login of demoLogins) {
    console.log(`  ${login.email.padEnd(34)} ${login.password.padEnd(14)} ${login.description}`);
  }
}
