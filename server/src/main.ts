import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { warmUpGeometry } from './modules/fields/warmUpGeometry.ts';
import { demoLogins, seedDemoData, seedReferenceData } from './db/seed/seedDemo.ts';

const config = configFromEnv();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
// Reference data (regions, towns, crops …) is kept complete on every start; demo data only fills an empty one.
await database.db.transaction((tx) => seedReferenceData(tx));
const seeded = await seedDemoData(database);
const app = await buildApp({ config, database });
// Before the first user: the embedded database's first geometry call would hold every request for seconds.
await warmUpGeometry(database.db);

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
console.log(`Headland is running on http://localhost:${config.port} (${where}).`);
if (seeded.length) console.log('Demo data seeded.');
console.log('Demo logins:');
for (const login of demoLogins) {
  console.log(`  ${login.email.padEnd(34)} ${login.password.padEnd(14)} ${login.description}`);
}
