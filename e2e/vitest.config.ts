import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own server (a PostGIS database boot and the demo seed) and browser, so
// hooks get minutes rather than seconds.
//
// A file spends most of its time waiting on the browser and the server, so two files run side by side. The
// files that time how soon something shows (live updates, the sign-in throttle's answer, clock readings) run
// afterwards on their own, so that a neighbour's load is never what they measure. E2E_SET picks one group:
// `parallel` or `serial`; unset, every file runs one at a time (run-e2e.sh runs the two groups in turn).
const timed = [
  'tests/live.e2e.ts',
  'tests/liveRefresh.e2e.ts',
  'tests/liveRestart.e2e.ts',
  'tests/signInThrottle.e2e.ts',
  'tests/eventWording.e2e.ts',
];
const set = process.env.E2E_SET;

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: set === 'serial' ? timed : ['tests/**/*.e2e.ts'],
    exclude: set === 'parallel' ? timed : [],
    environment: 'node',
    fileParallelism: set === 'parallel',
    maxWorkers: set === 'parallel' ? 2 : 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
