/** The cache holding the server's page, kept apart from the precache so that a new build does not drop it. */
export const appPageCacheName = 'headland-page';
/** Every app address answers the same page: one copy is kept, under the root's address. */
export const appPageKey = '/';

/**
 * Addresses a browser may open that are not the app's page: the API and sign-in redirects, downloads, the help
 * documents and the files beside the page. The worker leaves them to the network and never keeps them.
 */
const notAppPage = /^\/(?:api|oauth|resources|help|icons|assets)(?:\/|$)|^\/[^/]+\.[a-z0-9]+$/i;

/** True for an address the app's page answers (/, /dashboard, /fields/12 …). */
export function isAppPagePath(pathname: string): boolean {
  return !notAppPage.test(pathname);
}

/** Where the worker keeps its copy of the page: a Cache in the browser, a map in tests. */
export interface PageStore {
  put(key: string, response: Response): Promise<void>;
  match(key: string): Promise<Response | undefined>;
}

/** Keeps a copy of the server's page (with the brand it writes into it): only a whole, direct HTML answer. */
export async function keepPage(store: PageStore, response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || response.redirected || !type.startsWith('text/html')) return;
  await store.put(appPageKey, response);
}

/**
 * Answers an app address: from the network first, so that a new deployment's page is taken on the next load
 * (its answer replaces the kept copy); from the kept copy only when the network fails.
 */
export async function answerAppPage(
  request: Request,
  options: {
    fetch: (request: Request) => Promise<Response>;
    store: PageStore;
    keep: (work: Promise<void>) => void;
  },
): Promise<Response> {
  try {
    const response = await options.fetch(request);
    options.keep(keepPage(options.store, response.clone()));
    return response;
  } catch (error) {
    const kept = await options.store.match(appPageKey);
    if (kept) return kept;
    throw error;
  }
}
