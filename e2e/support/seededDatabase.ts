import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database the server has migrated and seeded with the demo data, to be copied, never used. */
    seededDataDir: string;
  }
}

/**
 * Seeds the demo data once for the whole run: a server starts on a new database, seeds it, and stops as a
 * deployment stops it; each test file's server then starts on a copy of that folder. Seeding costs a few
 * seconds (mostly hashing the demo passwords), about as long as a short test, and every file did it again.
 */
export default async function seedOnce(project: TestProject): Promise<() => void> {
  const home = mkdtempSync(join(tmpdir(), 'headland-e2e-seeded-'));
  const seeded = join(home, 'db');
  const server = await startServer({ seeded: false });
  try {
    await server.stopKeepingData((dataDir) => renameSync(dataDir, seeded));
  } catch (error) {
    await server.stop();
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  if (!existsSync(join(seeded, 'PG_VERSION')))
    throw new Error(`the seeded database was not kept in ${seeded}`);
  project.provide('seededDataDir', seeded);
  return () => rmSync(home, { recursive: true, force: true });
}
