import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Vitest leaves one core to itself by default, which on a 2-core machine runs every unit test file one after
// another; its own process mostly waits, so the unit projects take every core.
const unitWorkers = Math.max(2, availableParallelism());

const webFiles = 'web/src/**/*.test.{ts,tsx}';
const webFilesThatMock = [
  'web/src/modules/moduleRegistry.test.ts',
  'web/src/shell/App.test.tsx',
  'web/src/shell/session/useShellController.test.tsx',
  'web/src/shell/session/offlineStart.test.tsx',
  'web/src/shell/session/invitationSignIn.test.tsx',
  'web/src/shell/session/maintenanceStart.test.tsx',
  'web/src/shell/signup/signupLink.test.tsx',
  'web/src/shell/dialogs/ApiProblemDialogs.test.tsx',
  'web/src/map/search/gazetteerGeocoder.test.ts',
  'web/src/map/basemaps/keyedImagery.test.ts',
];
const webTests = {
  environment: 'jsdom',
  setupFiles: ['web/src/testSetup.ts'],
  maxWorkers: unitWorkers,
  // Mantine screens in jsdom take seconds each on a busy 2-core machine; the default 5 s is too tight.
  testTimeout: 30_000,
} as const;

// One config, four projects: pure rules, the web app in jsdom, and the server against a real database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['domain/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: unitWorkers,
        },
      },
      {
        test: {
          ...webTests,
          name: 'web',
          include: [webFiles],
          exclude: [...configDefaults.exclude, ...webFilesThatMock],
          // A fresh jsdom and a fresh import of React and Mantine for each file cost more than the tests
          // themselves; the files share both, and Testing Library's cleanup empties the document after each test.
          isolate: false,
        },
      },
      {
        test: {
          ...webTests,
          name: 'web-mocks',
          // Module mocks replace a module for the whole module graph, so these files keep one of their own.
          include: webFilesThatMock,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          // A PGlite database with PostGIS takes several seconds to boot, and each holds about 1 GB: two files
          // at a time keep both cores busy (PGlite runs on one thread) within a few GB of memory. Each file has
          // its own database, on PostgreSQL too (a copy of a migrated template), so files never share rows.
          hookTimeout: 120_000,
          testTimeout: 60_000,
          // CI runs the PostgreSQL leg beside the other tests with one worker (SERVER_TEST_WORKERS=1).
          maxWorkers: Number(process.env.SERVER_TEST_WORKERS ?? 2),
          // After the unit projects rather than beside them, so that its files keep their two workers.
          sequence: { groupOrder: 1 },
          // The files share one module graph: importing the app afresh for each of some seventy files cost about
          // nine seconds apiece. Each file still opens its own database and app, and no server module keeps
          // state between apps.
          isolate: false,
        },
      },
    ],
  },
});
