import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { wantsDemoData } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { seedDemoData, seedReferenceData } from '../db/seed/seedDemo.ts';
import { warmUpGeometry } from '../db/warmUpGeometry.ts';
import { closeOnSignals } from '../http/shutdown.ts';
import { sealingKeyAtStart } from '../modules/apps/sealingKeyAtStart.ts';
import { watchInterruptedImports } from '../modules/layers/interruptedImports.ts';
import type { EarlyListener } from './earlyListener.ts';

export interface StartedApp {
  app: FastifyInstance;
  database: Database;
  /** The demo accounts made by this start (a new database that asked for them). */
  seeded: unknown[];
}

/**
 * Everything the app needs before its first request, behind the early listener: the database opened (migrated
 * and with its reference data), demo data where asked for, the app built on the listener's server, imports
 * the last stop cut off marked, and the embedded database's geometry warmed up.
 */
export async function startApp(config: ServerConfig, listener: EarlyListener): Promise<StartedApp> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // Reference data (regions, towns, crops …) is kept complete on every start.
  await database.db.transaction((tx) => seedReferenceData(tx));
  // Demo accounts only where asked for, and only into an empty database.
  const seeded = wantsDemoData(config) ? await seedDemoData(database) : [];
  try {
    config.connectionSealingKey = await sealingKeyAtStart(config, database.db);
  } catch (error) {
    // A missing sealing key (connections exist and none is set) stops the start with its message.
    await database.close();
    throw error;
  }
  const app = await buildApp(
    { config, database },
    {
      serverFactory: listener.serverFactory,
      upgradeServer: listener.upgrades,
    },
  );
  // Imports the last stop cut off are marked failed, never left "running" for ever.
  const interrupted = await watchInterruptedImports(database.db, !config.databaseUrl);
  if (interrupted)
    app.log.warn(`${interrupted} data layer imports were cut off by the last stop and are marked failed`);
  // Before the first user: the embedded database's first geometry call would hold every request for seconds.
  await warmUpGeometry(database.db);
  await app.ready();
  // Fastify runs its onListen hooks only from its own listen(), and this server listens through the early
  // listener: what starts with listening (the mail sender) is started here.
  app.mailer.start();
  closeOnSignals(app, database);
  return { app, database, seeded };
}
