import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  eventsMessageSchema,
  masterDataMessageSchema,
  sessionsMessageSchema,
} from '@headland/domain/api/liveApi';
import type { z } from 'zod';
import { heartbeatRequestSchema, heartbeatResponseSchema } from '@headland/domain/api/sessionApi';
import { moduleForPath } from '@headland/domain/menu';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { useAppSession } from '../session/AppSessionContext.tsx';
import { liveQueryKeys } from '../../modules/moduleRegistry.ts';
import { installBeacons } from './beacons.ts';
import { DataRefresher, servicesForEvents } from './dataRefresh.ts';
import { isDialogOrFormOpen } from './openForms.ts';
import { Heartbeat } from './heartbeat.ts';
import { parsedLiveHandler } from './liveMessages.ts';
import { LiveSocket } from './liveSocket.ts';
import {
  allRead,
  ChangeMerger,
  initialLiveState,
  newestEventDate,
  withEvents,
  withSessions,
  type ActiveSession,
  type HoldingEvent,
  type HoldingEvents,
  type LiveState,
} from './liveStore.ts';

export interface LiveContextValue {
  state: LiveState;
  markAllRead(): void;
  /**
   * Hears the events other sessions made, after the 500 ms merge: the hook for screens that refresh their data
   * when someone else changes it (fields-croppings-maps §4). Returns the unsubscribe.
   */
  onRemoteEvents(listener: (events: HoldingEvent[]) => void): () => void;
}

const LiveContext = createContext<LiveContextValue | null>(null);

/** The live state of the open holding; null outside the app (and in screens' own tests). */
export function useLive(): LiveContextValue | null {
  return useContext(LiveContext);
}

type Change = { kind: 'sessions'; sessions: ActiveSession[] } | { kind: 'events'; events: HoldingEvents };

/** The live socket's address for a session, on the page's own host. */
function socketUrl(sessionId: string, token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ sessionId, authToken: token });
  return `${scheme}://${window.location.host}/api/ws/v1/connect?${query}`;
}

export interface LiveProviderProps {
  children: ReactNode;
  /** Off in tests of screens that do not care; the heartbeat and the socket stay quiet then. */
  enabled?: boolean;
}

/**
 * Runs the live side of an open holding (session-shell §4): the heartbeat, the live socket, the beacons, and
 * the sessions and events they bring, merged 500 ms and kept for the notifications popup and the menu.
 */
export function LiveProvider({ children, enabled = true }: LiveProviderProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useAppSession();
  const { pathname } = useLocation();
  const { selection, user } = session;
  const sessionId = selection.SessionId;
  const userId = user.Id;
  const [state, setState] = useState(() => initialLiveState(selection.Sessions, selection.Events, userId));
  // Always set together with the state (apply, markAllRead), so that timers and callbacks read the latest.
  const stateRef = useRef(state);
  const listeners = useRef(new Set<(events: HoldingEvent[]) => void>());
  const moduleId = moduleForPath(pathname);
  const clientStateRef = useRef({ moduleId });
  const socketRef = useRef<LiveSocket | null>(null);

  const apply = useCallback(
    (changes: Change[]) => {
      let next = stateRef.current;
      const fresh: HoldingEvent[] = [];
      for (const change of changes) {
        if (change.kind === 'sessions') next = withSessions(next, change.sessions, userId);
        else {
          const result = withEvents(next, change.events, sessionId);
          next = result.state;
          fresh.push(...result.fresh);
        }
      }
      stateRef.current = next;
      setState(next);
      if (fresh.length) for (const listener of listeners.current) listener(fresh);
    },
    [sessionId, userId],
  );

  useEffect(() => {
    if (!enabled) return;
    let unauthorised = false;
    const merger = new ChangeMerger<Change>(apply);
    const stopProblems = api.onProblem((problem) => {
      if (problem.kind === 'unauthorised') unauthorised = true;
    });
    const heartbeat = new Heartbeat({
      enabled: () => !unauthorised && api.getToken() !== null,
      beat: async () => {
        const answer = await api.post('/api/session/v1', {
          body: {
            return: { sessions: true, eventsSince: newestEventDate(stateRef.current) ?? null },
            update: { clientState: clientStateRef.current },
          } satisfies z.input<typeof heartbeatRequestSchema>,
          schema: heartbeatResponseSchema,
          spinner: false,
          errorDialog: false,
        });
        if (answer.Sessions) merger.push({ kind: 'sessions', sessions: answer.Sessions });
        merger.push({ kind: 'events', events: answer.Events });
      },
    });
    const socket = new LiveSocket({
      url: () => {
        const token = api.getToken();
        return token ? socketUrl(sessionId, token) : null;
      },
      isUnauthorised: () => unauthorised,
      onUnauthorised: () => {
        unauthorised = true;
      },
      // Back after a loss (a server restart): the heartbeat reads the sessions and the events missed meanwhile.
      onReopen: () => void heartbeat.beatNow(),
      debug: () => user.Properties.Debug === true,
    });
    // Every message is parsed with its schema; one that does not match is logged and ignored.
    socket.subscribe(
      'sessions',
      parsedLiveHandler(sessionsMessageSchema, (message) =>
        merger.push({ kind: 'sessions', sessions: message.Data }),
      ),
    );
    socket.subscribe(
      'events',
      parsedLiveHandler(eventsMessageSchema, (message) =>
        merger.push({ kind: 'events', events: message.Data }),
      ),
    );
    // The shared catalogues changed (crops, varieties …): read them again.
    socket.subscribe(
      'master-data',
      parsedLiveHandler(
        masterDataMessageSchema,
        () => void queryClient.invalidateQueries({ queryKey: ['sharedData'] }),
      ),
    );
    const uninstallBeacons = installBeacons({ token: () => api.getToken(), sessionId: () => sessionId });
    socketRef.current = socket;
    heartbeat.start();
    socket.start();
    socket.send('setSessionState', { clientState: clientStateRef.current });
    return () => {
      socketRef.current = null;
      heartbeat.stop();
      socket.stop();
      merger.cancel();
      stopProblems();
      uninstallBeacons();
    };
  }, [api, apply, enabled, queryClient, sessionId, user.Properties.Debug]);

  // Other people's changes refresh this holding's data (fields-croppings-maps §4), dependencies first.
  const holdingId = session.holding.HoldingId;
  useEffect(() => {
    if (!enabled) return;
    let reloading = false;
    const handlePageHide = () => {
      reloading = true;
    };
    // Each module names the keys of the services it owns; a service no module owns has nothing to refresh.
    const keys = liveQueryKeys(holdingId);
    const refresher = new DataRefresher({
      run: async (services) => {
        for (const service of services) {
          const queryKey = keys[service];
          if (queryKey) await queryClient.invalidateQueries({ queryKey });
        }
      },
      isReloading: () => reloading,
      isDialogOpen: isDialogOrFormOpen,
    });
    const listener = (events: HoldingEvent[]) => refresher.request('auto', servicesForEvents(events));
    const remoteListeners = listeners.current;
    remoteListeners.add(listener);
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      remoteListeners.delete(listener);
      window.removeEventListener('pagehide', handlePageHide);
      refresher.stop();
    };
  }, [enabled, holdingId, queryClient]);

  // Another module opened: the other sessions learn it at once through the socket (queued until it is open).
  const firstModule = useRef(true);
  useEffect(() => {
    clientStateRef.current = { moduleId };
    if (firstModule.current) {
      firstModule.current = false;
      return;
    }
    socketRef.current?.send('setSessionState', { clientState: { moduleId } });
  }, [moduleId]);

  const value = useMemo<LiveContextValue>(
    () => ({
      state,
      markAllRead: () => {
        const next = allRead(stateRef.current);
        stateRef.current = next;
        setState(next);
      },
      onRemoteEvents: (listener) => {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [state],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}
