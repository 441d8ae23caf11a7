import { describe, expect, it } from 'vitest';
import { isAppPagePath } from './appPage.ts';

describe('isAppPagePath', () => {
  it('takes the app addresses', () => {
    for (const path of ['/', '/dashboard', '/fields', '/fields/12', '/map', '/settings/crops']) {
      expect(isAppPagePath(path), path).toBe(true);
    }
  });

  it('leaves the API, sign-in redirects, downloads and files beside the page to the network', () => {
    for (const path of [
      '/api',
      '/api/session/v1/start',
      '/oauth/token',
      '/resources/documents/3',
      '/help/user-guide.pdf',
      '/assets/index-abc.js',
      '/icons/icon-192.png',
      '/robots.txt',
      '/maintenance.json',
      '/sw.js',
      '/manifest.webmanifest',
    ]) {
      expect(isAppPagePath(path), path).toBe(false);
    }
  });
});
