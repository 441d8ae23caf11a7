import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { closeParsePool } from '../workers/parseJobs.ts';
import { drainRequests, noteServerStopping } from './stopping.ts';

/**
 * Stops taking requests, lets the ones under way finish (Fastify answers 503 to any that still arrive on an
 * open connection, and closes idle ones), then closes the database. Resolves when all is closed.
 */
export async function closeGracefully(app: FastifyInstance, database: Database): Promise<void> {
  // Node closes the connections idle when closing starts; one whose request finishes later would stay open
  // until its keep-alive timeout (72 s) and hold the close back. Close those as they fall idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    await closeParsePool();
    await database.close();
  }
}

/**
 * On SIGTERM or SIGINT, first answers the requests already taken while refusing new ones with a 503 the client
 * retries (closing the listening socket at once would reset the connections the kernel had accepted but the
 * server not yet read), then closes gracefully and exits; requests still running after `graceMs` are cut off (exit
 * code 1) so that a stuck request cannot keep a stopping server alive for ever.
 */
export function closeOnSignals(app: FastifyInstance, database: Database, graceMs = 25_000): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    noteServerStopping();
    app.log.info({ signal }, 'stopping: finishing the requests under way');
    setTimeout(() => {
      app.log.error(`requests still running ${graceMs / 1000} s after ${signal}: stopping anyway`);
      process.exit(1);
    }, graceMs).unref();
    drainRequests(app)
      .then(() => closeGracefully(app, database))
      .then(
        () => {
          app.log.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'stopping failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
