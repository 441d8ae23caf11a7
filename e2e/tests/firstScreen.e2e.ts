import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useAppPages } from '../support/pageFixture.ts';

const pages = useAppPages();
const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The budget for the sign-in screen: gzipped JavaScript and CSS. */
const signInBudgetBytes = 250 * 1000;

interface Fetched {
  path: string;
  encoding: string | undefined;
  status: number;
  /** Answered by the service worker, which has the file from its own download (web/src/serviceWorker/sw.ts). */
  viaWorker: boolean;
}

/** Every asset the page fetches over the network from now on (not answered from the browser's cache). */
async function watchAssetFetches(page: Page): Promise<Fetched[]> {
  const fetched: Fetched[] = [];
  const fromCache = new Set<string>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // A request answered from the memory cache is announced by this event; from the disk cache, by the flag below.
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const path = new URL(response.url).pathname;
    if (!path.startsWith('/assets/') || response.fromDiskCache || response.fromPrefetchCache) return;
    if (fromCache.has(requestId)) return;
    const encoding = Object.entries(response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    );
    fetched.push({
      path,
      encoding: encoding?.[1],
      status: response.status,
      viaWorker: response.fromServiceWorker === true,
    });
  });
  return fetched;
}

const builtFile = (path: string) => `${webDist}${path.replace(/^\//, '')}`;

/** The gzipped size of a built file: its precompressed copy, or the file gzipped as the build would. */
function gzippedBytes(path: string): number {
  const file = builtFile(path);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

it('sends the sign-in page its assets compressed, within 250 kB gzipped, and a reload fetches none of them', async () => {
  const page = await pages.open();
  const fetched = await watchAssetFetches(page);
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');

  const scriptsAndStyles = fetched.filter(({ path }) => /\.(js|css)$/.test(path));
  expect(scriptsAndStyles.length).toBeGreaterThan(0);
  for (const asset of scriptsAndStyles) {
    expect(asset.status, asset.path).toBe(200);
    // The build leaves files under 1 kB as they are (web/buildPlugins/precompress.ts).
    if (existsSync(builtFile(asset.path) + '.gz')) {
      expect(['br', 'gzip'], `${asset.path} arrived as ${asset.encoding ?? 'plain'}`).toContain(
        asset.encoding,
      );
    } else {
      expect(statSync(builtFile(asset.path)).size, asset.path).toBeLessThan(1024);
    }
  }
  const total = scriptsAndStyles.reduce((sum, { path }) => sum + gzippedBytes(path), 0);
  console.log(
    `sign-in page: ${scriptsAndStyles.length} scripts and style sheets, ${(total / 1000).toFixed(1)} kB gzipped`,
  );
  expect(total).toBeLessThanOrEqual(signInBudgetBytes);

  fetched.length = 0;
  await page.reload();
  await page.getByLabel('Email', { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter(({ viaWorker }) => !viaWorker).map(({ path }) => path)).toEqual([]);
});
