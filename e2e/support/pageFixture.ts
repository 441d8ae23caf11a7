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
  const blocked: string[] = [];
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.context().close();
    // Whatever the test checked, the page must have run within the server's Content-Security-Policy.
    const violations = blocked.splice(0);
    if (violations.length)
      throw new Error(`the page broke its Content-Security-Policy:\n${violations.join('\n')}`);
  });
  return {
    async open(options = {}) {
      const page = await newPage(chromium.browser, running.server.url, options);
      page.setDefaultTimeout(stepTimeoutMs);
      page.setDefaultNavigationTimeout(stepTimeoutMs);
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
          blocked.push(message.text());
        }
      });
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
