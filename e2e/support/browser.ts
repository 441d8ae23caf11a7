import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's chromium, installed by scripts/ensure-chromium.sh; playwright never downloads a browser. */
export const chromiumPath = '/usr/bin/chromium';

/**
 * The machine has no outside network: without the background-networking switches Chromium keeps trying
 * to reach Google's hosts. --no-sandbox because CI runs as root.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const resultsDir = fileURLToPath(new URL('../test-results/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

/**
 * A fresh context (no cookies, no storage) whose relative `page.goto('/...')` resolves against baseUrl. `options`
 * adds to or overrides the defaults, e.g. a phone's user agent and a granted geolocation.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 1280, height: 800 },
    // Dialogs appear at once rather than fading in, so a check never reads one half-drawn.
    reducedMotion: 'reduce',
    // The app's service worker downloads every built file in the background on a first visit: a megabyte per
    // page on a busy machine, for nothing a test looks at. The offline tests allow it.
    serviceWorkers: 'block',
    ...options,
  });
  return context.newPage();
}

/**
 * Saves a PNG as e2e/test-results/<name>.png and returns its path: the full page by default, or only the
 * window with `fullPage: false` (an open dialog's overlay covers only the window, so a full-page picture of
 * it looks cut in two).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/**
 * One browser for the whole test file, launched in beforeAll and closed in afterAll. Read `browser` inside
 * tests or hooks, not at module level.
 */
export function useBrowser(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser is not running: use it inside a test or hook');
      return browser;
    },
  };
}
