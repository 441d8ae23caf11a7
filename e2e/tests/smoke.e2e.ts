import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.ts';
import { usePages } from '../support/pageFixture.ts';
import { useServer } from '../support/server.ts';

// The one file that starts from an empty folder, so the first-run path of a new installation stays covered.
const running = useServer({ emptyDataDir: true });
const pages = usePages(useBrowser(), running);

it('serves the home page titled Headland, within its Content-Security-Policy', async () => {
  const page = await pages.open();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Headland');
  await page.getByLabel('Email', { exact: true }).waitFor();
  await screenshot(page, 'smoke-home');
});

it('migrates and seeds a new embedded database, and says it holds the demo accounts', () => {
  const output = running.server.output();
  expect(output).toContain('Demo data seeded.');
  expect(output).toContain('WARNING: this database has the demo accounts');
  expect(output).toContain('client@headland.example');
  // The access log: one line per request, with its id and the route's pattern only.
  expect(output).toMatch(/"reqId":"[0-9a-f-]{36}".*"route":"\/api\/health","statusCode":200/);
});

it('ships no development hooks in the production build', () => {
  const assets = fileURLToPath(new URL('../../web/dist/assets/', import.meta.url));
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    const text = readFileSync(join(assets, name), 'utf8');
    expect(text, name).not.toMatch(/headlandFieldMap|mapbench|data-testid/);
  }
});
