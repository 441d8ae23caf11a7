/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { appPageCacheName, appPageKey, isAppPagePath } from './appPage.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// A new build takes over at once: the page always comes from the network while there is one (below), so the
// page and the assets it names are of the same build, and the old build's precache is dropped.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The built scripts, styles and icons (the page itself is left out of the list, see below). Only these are
// answered from the cache; every other request, the API's above all, goes to the network untouched.
precacheAndRoute(self.__WB_MANIFEST);

/** Keeps the server's page (with the brand it writes into it) as the one the app opens with offline. */
async function keepPage(response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || response.redirected || !type.startsWith('text/html')) return;
  const cache = await caches.open(appPageCacheName);
  await cache.put(appPageKey, response);
}

// The first visit loads its page before the worker exists: the page is fetched once more to be kept.
self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(appPageKey, { cache: 'no-store' })
      .then(keepPage)
      .catch(() => undefined),
  );
});

/**
 * The app's addresses (/dashboard, /fields/12 …) all answer the same page. It is asked of the network first,
 * so a new deployment is seen on the next load; only when the network fails does the kept copy answer.
 */
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppPagePath(url.pathname),
  async ({ request, event }) => {
    try {
      const response = await fetch(request);
      (event as FetchEvent).waitUntil(keepPage(response.clone()));
      return response;
    } catch (error) {
      const kept = await caches.match(appPageKey, { cacheName: appPageCacheName });
      if (kept) return kept;
      throw error;
    }
  },
);
