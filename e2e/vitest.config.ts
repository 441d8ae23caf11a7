import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own server (a PostGIS database boot on a copy of the demo data seeded
// once per run, see support/seededDatabase.ts) and browser, so files share nothing and two run at a time: a
// file keeps most of one core busy, and its pages spend much of their time waiting on their server. Hooks get
// minutes rather than seconds.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/seededDatabase.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // expect.poll waits a second by default: a server round trip on a loaded 2-core machine can take longer,
    // and a poll that gives up early fails a test whose screen was right.
    expect: { poll: { timeout: 15_000 } },
  },
});
