import { missingAllocatorSettings } from './allocatorSettings.ts';
import { ConfigError, configFromEnv } from './config.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { safeError } from './http/logging.ts';
import { EarlyListener } from './startup/earlyListener.ts';
import { buildStartingFront } from './startup/startingFront.ts';

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

// The sign-in page is served from the first moment; API calls wait while the database opens behind it, which
// takes seconds on the embedded database (and more on a new one, which is migrated and seeded first).
const listener = new EarlyListener(await buildStartingFront(config));
try {
  await listener.listen(config.port, config.host);
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    stop(`Headland cannot start: port ${config.port} is already in use. Stop what uses it or set PORT.`);
  throw error;
}
const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
console.log(`Headland is starting on http://localhost:${config.port} (${where}).`);

// The rest of the server is loaded only now, so that loading it does not delay the first page.
const { startApp } = await import('./startup/startApp.ts');
let started;
try {
  started = await startApp(config, listener);
} catch (error) {
  listener.fail();
  if (error instanceof DataDirLockedError) stop(`Headland cannot start: ${error.message}`);
  if (error instanceof ConfigError) stop(error.message);
  throw error;
}
listener.open();
console.log(`Headland is running on http://localhost:${config.port}.`);
if (started.seeded.length) console.log('Demo data seeded.');
const missingAllocator = missingAllocatorSettings(process.env);
if (missingAllocator.length)
  console.log(
    `Note: started without ${missingAllocator.join(' ')}; under steady load memory will keep rising. ` +
      'Start with npm run serve, or set them in the environment.',
  );
const { demoAccountsPresent, demoLogins } = await import('./db/seed/seedDemo.ts');
if (await demoAccountsPresent(started.database.db)) {
  console.log(
    'WARNING: this database has the demo accounts, whose password is published: keep real data out of it.',
  );
  console.log('Demo logins:');
  for (const login of demoLogins) {
    console.log(`  ${login.email.padEnd(34)} ${login.password.padEnd(14)} ${login.description}`);
  }
}
