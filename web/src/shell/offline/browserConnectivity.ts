import { useSyncExternalStore } from 'react';
import { Connectivity } from './connectivity.ts';

/** The page's one view of the connection: the API client reports to it, the shell and the header read it. */
export const connectivity = new Connectivity({
  browserOnline: () => navigator.onLine,
  probe: async () => {
    // Any answer will do: the question is only whether the server can be reached.
    await fetch('/api/health', { cache: 'no-store' });
  },
  watchBrowser(onChange) {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
});

/** True while the server cannot be reached. */
export function useOffline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOffline);
}
