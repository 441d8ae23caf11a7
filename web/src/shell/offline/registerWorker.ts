/**
 * Registers the service worker of the built app (web/src/serviceWorker/sw.ts), which keeps the app's files so
 * that it opens with no network. Not in development: Vite serves unbuilt files there, which the worker does not
 * know. `updateViaCache: 'none'` makes the browser ask for the worker's script itself on every check, so a
 * new deployment's worker is found on the next load.
 */
export function registerWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
      // Without the worker the app works as before, online only.
    });
  };
  // After the page's own loading, so that the worker's downloads do not compete with the first screen.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
