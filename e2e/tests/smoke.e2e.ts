import { expect, it } from 'vitest';
import { newPage, screenshot, useBrowser } from '../support/browser.ts';
import { useServer } from '../support/server.ts';

// The one file that starts from an empty folder, so the first-run path of a new installation stays covered.
const running = useServer({ emptyDataDir: true });
const chromium = useBrowser();

it('serves the home page titled Headland', async () => {
  const page = await newPage(chromium.browser, running.server.url);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Headland');
  await screenshot(page, 'smoke-home');
  await page.context().close();
});
