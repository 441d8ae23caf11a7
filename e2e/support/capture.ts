import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';

/** No screen may show a text id that English lacks: the app shows those as '(?id)'. */
export async function expectNoMissingTexts(page: Page): Promise<void> {
  expect(await page.locator('body').innerText()).not.toMatch(/\(\?[\w.-]+\)/);
}

/**
 * A screenshot of a main step, e2e/test-results/<name>.png, after checking the screen for missing texts. Only
 * the window by default, since a dialog's overlay covers only the window; `fullPage: true` takes the whole page.
 */
export async function capture(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await expectNoMissingTexts(page);
  await screenshot(page, name, { fullPage: options.fullPage ?? false });
}
