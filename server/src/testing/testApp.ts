import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import { openTestDatabase } from './testDatabase.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<ServerConfig>;
  /** Adds routes or hooks before the app is made ready, e.g. a route that fails on purpose. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/** The configuration tests run with: main brand whatever the host, no web app, quiet logs. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    brand: 'main',
    publicUrl: 'http://localhost:3000',
    webDist: '/nonexistent/web/dist',
    tokenTtlHours: 12,
    logLevel: 'silent',
    bingMapsKey: process.env.BING_MAPS_KEY || null,
    // Connected apps are offered only with a sealing key: every test server has one of its own.
    connectionSealingKey: randomBytes(32),
    ...overrides,
  };
}

/**
 * The whole app on a fresh test database with every migration applied. Build one per test file in
 * `beforeAll` (a database takes seconds to open) and `close()` it in `afterAll`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  try {
    const app = await buildApp({ config: testConfig(options.config), database });
    await options.beforeReady?.(app);
    await app.ready();
    return {
      app,
      database,
      db: database.db,
      close: async () => {
        try {
          await app.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
