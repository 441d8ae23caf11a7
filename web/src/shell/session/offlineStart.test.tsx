import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createI18n } from '../../i18n/createI18n.ts';
import { aHolding, aSelection, aStart } from '../../testing/sessionFixtures.ts';
import { ApiClient, type ApiProblem } from '../http/apiClient.ts';
import { connectivity } from '../offline/browserConnectivity.ts';
import { keepOfflineShell } from '../offline/offlineShell.ts';
import { useShellController } from './useShellController.ts';

vi.mock('./reloadToLogin.ts', () => ({ reloadToLogin: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const holding = aHolding({ CropYears: [2024, 2025, 2026] });
const start = aStart({ Holdings: [holding], InitialHolding: holding });

/** Starts the shell from the kept token, with a server that answers only while `reachable()` says so. */
function startShell(reachable: () => boolean) {
  const calls: string[] = [];
  const api = new ApiClient({
    fetch: async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (!reachable()) throw new TypeError('Failed to fetch');
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push(`${init?.method ?? 'GET'} ${path} ${headers.Authorization ?? ''}`);
      if (path === '/api/session/v1/start') return json(200, start);
      if (path === '/api/session/v1/holdings/select') {
        return json(200, aSelection({ Holding: holding, YearId: 2026, Token: 'fresh-session-token' }));
      }
      return json(404, { Message: 'No route' });
    },
    onReach: connectivity.report,
  });
  const problems: ApiProblem[] = [];
  api.onProblem((problem) => problems.push(problem));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n('en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const { result } = renderHook(() => useShellController(api), { wrapper });
  return { api, calls, problems, state: () => result.current.state };
}

describe('useShellController without a server', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.localStorage.setItem('headland.accessToken', 'account-token');
    window.sessionStorage.setItem('headland.accessToken', 'account-token');
    window.history.replaceState(null, '', '/dashboard');
  });
  afterEach(() => {
    connectivity.report(true);
    vi.restoreAllMocks();
  });

  it('opens the kept shell on the tab’s holding and year, then starts the session for real once the server answers', async () => {
    keepOfflineShell(start, aSelection({ Holding: holding, YearId: 2025, Token: 'old-session-token' }));
    window.sessionStorage.setItem(
      'headland.context',
      JSON.stringify({
        holdingId: holding.HoldingId,
        yearId: 2026,
        session: { token: 'tab-session', userId: 7 },
      }),
    );
    let reachable = false;
    const { api, calls, problems, state } = startShell(() => reachable);

    await waitFor(() => expect(state().kind).toBe('app'));
    const offline = state();
    if (offline.kind !== 'app') throw new Error('not the app');
    expect(offline.selection.Holding.TradingName).toBe(holding.TradingName);
    expect(offline.selection.YearId).toBe(2026);
    expect(offline.start.User.Id).toBe(7);
    expect(api.getToken()).toBe('tab-session');
    expect(connectivity.isOffline()).toBe(true);
    // Still signed in, and no dialog: the header's notice says the server cannot be reached.
    expect(window.localStorage.getItem('headland.accessToken')).toBe('account-token');
    expect(problems).toEqual([]);

    reachable = true;
    act(() => connectivity.report(true));
    await waitFor(() => expect(api.getToken()).toBe('fresh-session-token'));
    expect(calls).toEqual([
      'POST /api/session/v1/start Bearer account-token',
      'POST /api/session/v1/holdings/select Bearer tab-session',
    ]);
    const online = state();
    expect(online.kind === 'app' && online.selection.YearId).toBe(2026);
  });

  it('keeps the token and says the server cannot be reached when nothing was kept', async () => {
    const { state } = startShell(() => false);
    await waitFor(() => expect(state().kind).toBe('login'));
    expect(state()).toMatchObject({
      kind: 'login',
      step: 'password',
      error: 'The server cannot be reached. Check the connection and try again.',
    });
    expect(window.localStorage.getItem('headland.accessToken')).toBe('account-token');
  });
});
