import { defineConfig } from 'vitest/config';

// One config, three projects: pure rules, the web app in jsdom, and the server against a real database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/testSetup.ts'],
          // Mantine screens in jsdom take seconds each on a busy 2-core machine; the default 5 s is too tight.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          // A PGlite database with PostGIS takes several seconds to boot, and each holds about 1 GB.
          hookTimeout: 120_000,
          testTimeout: 60_000,
          fileParallelism: false,
          // The files share one module graph: importing the app afresh for each of some seventy files cost about
          // nine seconds apiece. Each file still opens its own database and app, and no server module keeps
          // state between apps.
          isolate: false,
        },
      },
    ],
  },
});
