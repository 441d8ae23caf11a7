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
