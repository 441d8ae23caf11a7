import { missingAllocatorSettings } from './allocatorSettings.ts';
import { buildApp } from './app.ts';
import { ConfigError, configFromEnv, wantsDemoData } from './config.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { openDatabase } from './db/database.ts';
import { demoAccountsPresent, demoLogins, seedDemoData, seedReferenceData } from './db/seed/seedDemo.ts';
import { safeError } from './http/logging.ts';
import { closeOnSignals } from './http/shutdown.ts';
import { warmUpGeometry } from './db/warmUpGeometry.ts';
import { watchInterruptedImports } from './modules/layers/interruptedImports.ts';
import { sealingKeyAtStart } from './modules/apps/sealingKeyAtStart.ts';

// A failure nothing else caught is printed as the log prints errors: without query parameters or personal data.
const fail = (error: unknown) => {
  console.error(
    JSON.stringify({ level: 'fatal', msg: 'the server stopped on an error', err: safeError(error) }),
  );
  process.exit(1);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

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
// Demo accounts only where asked for, and only into an empty database.
const seeded = wantsDemoData(config) ? await seedDemoData(database) : [];
try {
  config.connectionSealingKey = await sealingKeyAtStart(config, database.db);
} catch (error) {
  if (error instanceof ConfigError) {
    await database.close();
    stop(error.message);
  }
  throw error;
}
const app = await buildApp({ config, database });
// Imports the last stop cut off are marked failed, never left "running" for ever.
const interrupted = await watchInterruptedImports(database.db, !config.databaseUrl);
if (interrupted)
  app.log.warn(`${interrupted} data layer imports were cut off by the last stop and are marked failed`);
// Before the first user: the embedded database's first geometry call would hold every request for seconds.
await warmUpGeometry(database.db);
closeOnSignals(app, database);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
console.log(`Headland is running on http://localhost:${config.port} (${where}).`);
if (seeded.length) console.log('Demo data seeded.');
const missingAllocator = missingAllocatorSettings(process.env);
if (missingAllocator.length)
  console.log(
    `Note: started without ${missingAllocator.join(' ')}; under steady load memory will keep rising. ` +
      'Start with npm run serve, or set them in the environment.',
  );
if (await demoAccountsPresent(database.db)) {
  console.log(
    'WARNING: this database has the demo accounts, whose password is published: keep real data out of it.',
  );
  console.log('Demo logins:');
  for (const login of demoLogins) {
    console.log(`  ${login.email.padEnd(34)} ${login.password.padEnd(14)} ${login.description}`);
  }
}
