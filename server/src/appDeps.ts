import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';

/** What every route reaches through `app.deps`: the configuration and the database. */
export interface AppDeps {
  config: ServerConfig;
  database: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
