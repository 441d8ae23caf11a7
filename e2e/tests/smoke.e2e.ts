import { expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { useAppPages } from '../support/pageFixture.ts';

// The one file that starts from an empty folder, so the first-run path of a new installation stays covered.
const pages = useAppPages({ emptyDataDir: true });

it('serves the home page titled Headland', async () => {
  const page = await pages.open();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Headland');
  await screenshot(page, 'smoke-home');
});
