import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { buildApp } from '@headland/server/src/app.ts';
import { configFromEnv } from '@headland/server/src/config.ts';
import { openDatabase, type Database } from '@headland/server/src/db/database.ts';
import { seedDemoData } from '@headland/server/src/db/seed/seedDemo.ts';
import { makeThumbnails } from '@headland/server/src/modules/documents/documentFiles.ts';
import { makePhoto, multipartBody } from '@headland/server/src/testing/documentFixtures.ts';
import { copyMigratedPgliteDir } from '@headland/server/src/testing/testDatabase.ts';
import { createScratchDatabase } from '../api/scratchDatabase.ts';
import { openHoldingSession, signInThroughScreens } from '../support/demoSession.ts';

/*
 * The document library (issue 16's figures): upload ten 8 MB photos in one request and time it until every
 * thumbnail is stored (the answer comes once they are), then open a library of BENCH_DOCUMENTS (2,000) in
 * headless Chromium and time the menu click until the first thumbnails are drawn, on a reloaded page each round. PGlite by default;
 * PostgreSQL with BENCH_DATABASE_URL (a server URL: the run creates and drops its own database there).
 * Aims: under 10 s and under 500 ms.
 */
const photoCount = 10;
const libraryCount = Number(process.env.BENCH_DOCUMENTS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const holdingName = 'Wold Farm';
const year = 2026;
const stepTimeoutMs = 120_000;
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const builtWeb = process.env.BENCH_WEB_DIST || join(repoRoot, 'web', 'dist');

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Fills the holding's library of `year` with `count` pictures, every one with thumbnails on disk. */
async function fillLibrary(
  database: Database,
  filesDir: string,
  holdingId: number,
  count: number,
): Promise<void> {
  const thumbnails = await makeThumbnails(await makePhoto({ width: 1200, height: 900, noisy: true }));
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = randomBytes(16).toString('hex');
    names.push(name);
    const folder = join(filesDir, 'holdings', String(holdingId));
    mkdirSync(folder, { recursive: true });
    for (const size of ['small', 'medium', 'large'] as const) {
      writeFileSync(join(folder, `${name}-thumbnail-${size}.jpg`), thumbnails[size]);
    }
  }
  await database.db.execute(sql`
    INSERT INTO import_documents (holding_id, year_id, file_name, content_type, storage_name, ext, size_bytes,
                                  has_thumbnail, upload_date, exif_location)
    SELECT ${holdingId}, ${year}, 'Field photo ' || lpad(n::text, 5, '0') || '.jpg', 'image/jpeg', name, 'jpg',
           3000000, true, now() - n * interval '1 minute',
           ST_SetSRID(ST_MakePoint(0.05 + (n % 50) * 0.001, 53.33 + (n / 50) * 0.001), 4326)
      FROM unnest(${`{${names.join(',')}}`}::text[]) WITH ORDINALITY AS t(name, n)`);
}

if (!existsSync(join(builtWeb, 'index.html'))) {
  throw new Error(`${builtWeb}/index.html is missing: run 'npm run build' at the repository root first`);
}
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const scratch = await createScratchDatabase(serverUrl);
const workDir = mkdtempSync(join(tmpdir(), 'headland-bench-documents-'));
const dataDir = join(workDir, 'db');
const filesDir = join(workDir, 'files');
const webDist = join(workDir, 'web');
try {
  cpSync(builtWeb, webDist, { recursive: true });
  if (scratch.kind === 'pglite') await copyMigratedPgliteDir(dataDir);
  const config = configFromEnv({
    ...process.env,
    DATABASE_URL: scratch.url ?? '',
    SMTP_URL: '',
    DATA_DIR: dataDir,
    FILES_DIR: filesDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase(scratch.url ? { url: scratch.url } : { dataDir });
  try {
    await seedDemoData(database);
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
      const baseUrl = `http://127.0.0.1:${address.port}`;
      const token = await openHoldingSession(baseUrl, { holdingName, year });
      const found = (await database.db.execute(
        sql`SELECT id FROM holdings WHERE trading_name = ${holdingName}`,
      )) as unknown as { rows: { id: number }[] };
      const holdingId = found.rows[0]!.id;

      // Ten photos of about 8 MB, 10 megapixels of noise each (noise does not compress, as grass does not).
      const photos = await Promise.all(
        Array.from({ length: photoCount }, (_, i) =>
          makePhoto({
            width: 4000,
            height: 2500,
            noisy: true,
            takenAt: '2026:05:01 10:00:00',
            lon: 0.1,
            lat: 53.3 + i * 0.001,
          }),
        ),
      );
      const totalMb = photos.reduce((sum, photo) => sum + photo.length, 0) / 1024 / 1024;
      const uploads: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const body = multipartBody(
          photos.map((bytes, i) => ({ name: `photo-${round}-${i}.jpg`, bytes, type: 'image/jpeg' })),
        );
        const started = performance.now();
        const response = await fetch(`${baseUrl}/api/import/document/import/${holdingId}/2025`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, ...body.headers },
          body: body.payload,
        });
        const answer = (await response.json()) as { Documents?: { ThumbnailPath: string | null }[] };
        uploads.push(performance.now() - started);
        if (response.status !== 201 || answer.Documents?.some((d) => d.ThumbnailPath === null))
          throw new Error(`The upload answered ${response.status}`);
      }
      console.log(
        `Upload of ${photoCount} photos (${totalMb.toFixed(1)} MB in all) until every thumbnail is stored (${scratch.kind}): median ${median(uploads).toFixed(0)} ms, runs ${uploads.map((t) => t.toFixed(0)).join(', ')} ms (aim under 10,000 ms)`,
      );

      await fillLibrary(database, filesDir, holdingId, libraryCount);
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
        headless: true,
      });
      try {
        const context = await browser.newContext({
          baseURL: baseUrl,
          locale: 'en-GB',
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        page.setDefaultTimeout(stepTimeoutMs);
        await signInThroughScreens(page, { holdingName, year });
        const opens: number[] = [];
        let drawn = 0;
        for (let round = 0; round < rounds; round++) {
          // A fresh page each round: nothing of the library is in the page's caches, only the browser's own.
          await page.reload();
          await page.getByRole('main').getByRole('heading', { name: holdingName, level: 2 }).waitFor();
          await page.getByRole('button', { name: 'User menu' }).click();
          const item = page.getByRole('menuitem', { name: 'Documents' });
          await item.evaluate((node) => node.setAttribute('data-bench', 'documents'));
          const started = await page.evaluate(() => {
            const now = performance.now();
            document.querySelector<HTMLElement>('[data-bench="documents"]')!.click();
            return now;
          });
          const done = await page.waitForFunction(
            () => {
              const image = document.querySelector<HTMLImageElement>('[role="grid"] img');
              return image && image.complete && image.naturalWidth > 0 ? performance.now() : 0;
            },
            undefined,
            { polling: 'raf', timeout: stepTimeoutMs },
          );
          opens.push(((await done.jsonValue()) as number) - started);
          drawn = await page.locator('[role="grid"] img').count();
          const dialog = page.getByRole('dialog', { name: 'Document library' });
          await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
          await dialog.waitFor({ state: 'detached' });
        }
        console.log(
          `Library of ${libraryCount} documents, menu click to the first thumbnail drawn (${scratch.kind}, ${drawn} thumbnails in the page): median ${median(opens).toFixed(0)} ms, runs ${opens.map((t) => t.toFixed(0)).join(', ')} ms (aim under 500 ms; each run on a reloaded page, the first also loads the library's code)`,
        );
      } finally {
        await browser.close();
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
  await scratch.drop();
}
