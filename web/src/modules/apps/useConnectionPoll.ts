import { useEffect, useLayoutEffect, useRef } from 'react';
import { AppStatus, connectionPollMs, firstRevalidationMs } from '@headland/domain/connectedApps';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { checkConnection } from './appsQueries.ts';
import type { Attempt } from './ConnectedAppsDialog.tsx';

/** How long the dialog waits for the user to finish at the provider before it gives the attempt up. */
export const connectWaitMs = 10 * 60_000;

export interface PollHandlers {
  onConnected(attempt: Attempt): void;
  onTimedOut(attempt: Attempt): void;
}

/**
 * Polls a connection being made by OAuth (session-shell-connections §4, §9): the first check 2 s after the
 * popup opens, then every 5 s until the provider's answer makes it Ok. A check that fails (the provider is
 * slow, the network drops) is simply tried again at the next tick. The popup is not watched: once it is at
 * the provider's own site the browser may no longer tell this page whether it is open.
 */
export function useConnectionPoll(attempt: Attempt | null, handlers: PollHandlers): void {
  const api = useApiClient();
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!attempt || attempt.connectionId === null) return;
    const connectionId = attempt.connectionId;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const started = Date.now();
    const poll = async () => {
      try {
        const connection = await checkConnection(api, connectionId);
        if (stopped) return;
        if (connection.status === AppStatus.Ok) {
          latest.current.onConnected(attempt);
          return;
        }
      } catch {
        if (stopped) return;
      }
      if (Date.now() - started >= connectWaitMs) {
        latest.current.onTimedOut(attempt);
        return;
      }
      timer = setTimeout(() => void poll(), connectionPollMs);
    };
    timer = setTimeout(() => void poll(), firstRevalidationMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, attempt]);
}
