import { describe, expect, it } from 'vitest';
import { answerAppPage, appPageKey, isAppPagePath, type PageStore } from './appPage.ts';

function memoryStore() {
  const kept = new Map<string, Response>();
  const store: PageStore = {
    put: async (key, response) => {
      kept.set(key, response);
    },
    match: async (key) => kept.get(key)?.clone(),
  };
  return { kept, store };
}

const page = (build: string) =>
  new Response(`<html>${build}</html>`, { headers: { 'content-type': 'text/html; charset=utf-8' } });

/** Answers the request as the worker does, waiting for the copy to be kept. */
async function answer(request: Request, fetch: () => Promise<Response>, store: PageStore): Promise<string> {
  const pending: Promise<void>[] = [];
  const response = await answerAppPage(request, { fetch, store, keep: (work) => pending.push(work) });
  await Promise.all(pending);
  return response.text();
}

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

describe('answerAppPage', () => {
  const request = new Request('https://farm.example/fields/12');

  it("answers the network's page while there is one, keeping it in place of an older copy", async () => {
    const { kept, store } = memoryStore();
    await store.put(appPageKey, page('old build'));
    expect(await answer(request, async () => page('new build'), store)).toBe('<html>new build</html>');
    expect(await kept.get(appPageKey)?.text()).toBe('<html>new build</html>');
  });

  it('answers the kept page when the network fails', async () => {
    const { store } = memoryStore();
    await answer(request, async () => page('build 1'), store);
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await answer(request, offline, store)).toBe('<html>build 1</html>');
  });

  it('fails as the network did when nothing was kept', async () => {
    const { store } = memoryStore();
    const failure = new TypeError('Failed to fetch');
    await expect(
      answerAppPage(request, { fetch: () => Promise.reject(failure), store, keep: () => undefined }),
    ).rejects.toBe(failure);
  });

  it('keeps no error page or other kind of file in place of the page', async () => {
    const { kept, store } = memoryStore();
    await store.put(appPageKey, page('good'));
    await answer(
      request,
      async () => new Response('down', { status: 503, headers: { 'content-type': 'text/html' } }),
      store,
    );
    await answer(
      request,
      async () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
      store,
    );
    expect(await kept.get(appPageKey)?.text()).toBe('<html>good</html>');
  });
});
