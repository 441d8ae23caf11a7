/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import {
  answerAppPage,
  appPageCacheName,
  appPageKey,
  isAppPagePath,
  keepPage,
  type PageStore,
} from './appPage.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// A new build takes over at once: the page always comes from the network while there is one (below), so the
// page and the assets it names are of the same build, and the old build's precache is dropped.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The built scripts, styles and icons (the page itself is left out of the list, see below). Only these are
// answered from the cache; every other request, the API's above all, goes to the network untouched.
precacheAndRoute(self.__WB_MANIFEST);

/** The worker's copy of the page, in a cache of its own. */
const pageStore: PageStore = {
  put: async (key, response) => (await caches.open(appPageCacheName)).put(key, response),
  match: async (key) => (await caches.open(appPageCacheName)).match(key),
};

// The first visit loads its page before the worker exists: the page is fetched once more to be kept.
self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(appPageKey, { cache: 'no-store' })
      .then((response) => keepPage(pageStore, response))
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
  ({ request, event }) =>
    answerAppPage(request, {
      fetch: (pageRequest) => fetch(pageRequest),
      store: pageStore,
      keep: (work) => (event as FetchEvent).waitUntil(work),
    }),
);
