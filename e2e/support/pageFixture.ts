import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { newPage, useBrowser } from './browser.ts';
import { stepTimeoutMs } from './loginPage.ts';
import { useServer, type StartServerOptions, type TestServer } from './server.ts';

/** Opens pages on the file's server; each page's context is closed after the test that opened it. */
export interface PageFixture {
  /**
   * A page in a fresh context whose steps and navigations wait up to stepTimeoutMs. `options` adds to or
   * overrides the context's defaults, e.g. a phone's user agent and a granted geolocation.
   */
  open(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Registers the afterEach that closes every page a test opened, so that no test sees another's session.
 * Takes the holders useBrowser and useServer return, read only once a test opens a page.
 */
export function usePages(
  chromium: { readonly browser: Browser },
  running: { readonly server: TestServer },
): PageFixture {
  const pages: Page[] = [];
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.context().close();
  });
  return {
    async open(options = {}) {
      const page = await newPage(chromium.browser, running.server.url, options);
      page.setDefaultTimeout(stepTimeoutMs);
      page.setDefaultNavigationTimeout(stepTimeoutMs);
      pages.push(page);
      return page;
    },
  };
}

/**
 * The usual set-up of a browser test file: its own server (started with `options`), a browser, and pages on
 * that server closed after each test.
 */
export function useAppPages(options: StartServerOptions = {}): PageFixture {
  const running = useServer(options);
  return usePages(useBrowser(), running);
}
