import { loadLaterEnglishTexts } from '../i18n/createI18n.ts';
import { readStoredAccessToken } from './session/tokenStorage.ts';

/**
 * The app behind the sign-in screen (its layout, every module's entry, their data prefetches, the English
 * texts of its screens), loaded on demand: a first visit downloads only what the sign-in screen draws. The same
 * promise serves every caller.
 */
let signedInApp: Promise<typeof import('./signedInAppParts.ts')> | undefined;

export function loadSignedInApp(): Promise<typeof import('./signedInAppParts.ts')> {
  signedInApp ??= Promise.all([import('./signedInAppParts.ts'), loadLaterEnglishTexts()]).then(
    ([parts]) => parts,
  );
  // A failed download may be tried again (the lazy screen reports it, a reload retries).
  signedInApp.catch(() => {
    signedInApp = undefined;
  });
  return signedInApp;
}

/**
 * Starts loading the app, and the screen at `pathname`, as the page opens in a browser that holds a session: it
 * is most likely still open, and the code arrives while it is restored. A visitor without one signs in first,
 * and loads nothing more meanwhile.
 */
export function preloadSignedInApp(pathname: string): void {
  if (!readStoredAccessToken()) return;
  void loadSignedInApp()
    .then((app) => app.preloadModulePage(pathname))
    .catch(() => undefined);
}
