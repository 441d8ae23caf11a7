import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { countFiles, documentsApiSuite } from './documentsApiSuite.ts';

// The library's files in a folder on disk: the default store.
const dir = mkdtempSync(join(tmpdir(), 'headland-documents-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

documentsApiSuite({
  storeConfig: () => ({ filesDir: dir }),
  storedFileCount: async () => countFiles(dir),
});
