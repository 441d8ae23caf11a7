import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HoldingSummary } from '@headland/domain/api/sessionApi';
import { createI18n } from '../../i18n/createI18n.ts';
import { aHolding, aSelection, aStart } from '../../testing/sessionFixtures.ts';
import { ApiClient, type ApiProblem } from '../http/apiClient.ts';
import { useShellController, type ShellController } from './useShellController.ts';

vi.mock('./reloadToLogin.ts', () => ({ reloadToLogin: vi.fn() }));

interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
}

type Handler = () => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The holding as GET /api/service/holding/current answers it: the summary and the edit dialog's details. */
function currentAnswer(holding: HoldingSummary) {
  return {
    ...holding,
    AccountNumber: 'BF-001',
    Address: null,
    NVZ: false,
    PSorpCapacity: null,
    WeatherStationId: null,
    ExcludeFromUserReports: false,
    CanChangeRegion: true,
    HoldingCropYears: [],
    ReadOnly: false,
  };
}

/** Opens holding 11 in 2025 from a kept token, the way a reload does, answering calls by "METHOD /path". */
async function openSession(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const api = new ApiClient({
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ method, path: url.pathname, authorization: headers.Authorization });
      const handler = handlers[`${method} ${url.pathname}`];
      return handler ? handler() : json(404, { Message: `No route ${method} ${url.pathname}` });
    },
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
  await waitFor(() => expect(result.current.state.kind).toBe('app'));
  return { api, calls, problems, controller: () => result.current };
}

function appState(controller: ShellController) {
  const { state } = controller;
  if (state.kind !== 'app') throw new Error(`Expected the app, not ${state.kind}`);
  return state;
}

const selections = (calls: Call[]) => calls.filter((call) => call.path === '/api/session/v1/holdings/select');

describe('useShellController refreshHolding', () => {
  const renamed = aHolding({ TradingName: 'Brook Farm Ltd', Town: 'Leominster', TownId: 4 });

  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.sessionStorage.setItem('headland.accessToken', 'tab-token');
    window.sessionStorage.setItem('headland.context', JSON.stringify({ holdingId: 11, yearId: 2025 }));
    window.history.replaceState(null, '', '/dashboard');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("reads the session's holding again without a new selection, for the header and the holding list", async () => {
    const { api, calls, controller } = await openSession({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () => json(200, aSelection()),
      'GET /api/service/holding/current': () => json(200, currentAnswer(renamed)),
    });
    const before = appState(controller());
    expect(before.selection.Holding.TradingName).toBe('Brook Farm');

    await act(() => controller().refreshHolding());

    const after = appState(controller());
    // Only the summary the shell keeps: the edit dialog's details are left out.
    expect(after.selection.Holding).toEqual(renamed);
    expect(after.start.Holdings.map((holding) => holding.TradingName)).toEqual([
      'Brook Farm Ltd',
      'Hill Top',
    ]);
    expect(after.start.InitialHolding).toEqual(renamed);
    // The session goes on as it was: same token, year and everything else of the selection.
    expect(after.selection).toEqual({ ...before.selection, Holding: renamed });
    expect(after.start.User).toBe(before.start.User);
    const read = calls.find((call) => call.path === '/api/service/holding/current')!;
    expect(read.authorization).toBe('Bearer session-token');
    expect(selections(calls)).toHaveLength(1);
    expect(api.getToken()).toBe('session-token');
    expect(JSON.parse(window.sessionStorage.getItem('headland.context')!)).toMatchObject({
      holdingId: 11,
      yearId: 2025,
    });
  });

  it('drops an answer that arrives after another holding was opened', async () => {
    let answerRead: (response: Response) => void = () => undefined;
    const hillTop = aStart().Holdings[1]!;
    let selected = 0;
    const { controller } = await openSession({
      'POST /api/session/v1/start': () => json(200, aStart()),
      // The reload opens Brook Farm, then the user opens Hill Top.
      'POST /api/session/v1/holdings/select': () =>
        json(
          200,
          ++selected === 1 ? aSelection() : aSelection({ Holding: hillTop, YearId: 2023, Token: 'token-12' }),
        ),
      'GET /api/service/holding/current': () => new Promise<Response>((resolve) => (answerRead = resolve)),
    });
    let refreshed: Promise<void> = Promise.resolve();
    act(() => {
      refreshed = controller().refreshHolding();
    });
    await act(async () => {
      const opened = await controller().chooseHolding(hillTop, 2023);
      expect(opened).toBe(true);
    });
    await act(async () => {
      answerRead(json(200, currentAnswer(renamed)));
      await refreshed;
    });
    const state = appState(controller());
    expect(state.selection.Holding).toEqual(hillTop);
    expect(state.start.Holdings[0]!.TradingName).toBe('Brook Farm');
  });

  it('keeps the holding as it was, without an error dialog, when the read fails', async () => {
    const { controller, problems } = await openSession({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () => json(200, aSelection()),
      'GET /api/service/holding/current': () => json(500, { Message: 'An unexpected error has occurred' }),
    });
    const before = appState(controller());
    await act(() => controller().refreshHolding());
    expect(controller().state).toBe(before);
    expect(problems).toEqual([]);
  });

  it('ends the session when the server says it has ended', async () => {
    const { controller, problems } = await openSession({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () => json(200, aSelection()),
      'GET /api/service/holding/current': () =>
        json(401, { Message: 'Your session has ended.', AuthError: true }),
    });
    await act(() => controller().refreshHolding());
    expect(problems).toEqual([{ kind: 'unauthorised' }]);
  });
});

describe('useShellController entering the app', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.sessionStorage.setItem('headland.accessToken', 'tab-token');
    window.sessionStorage.setItem('headland.context', JSON.stringify({ holdingId: 11, yearId: 2025 }));
  });

  const session = {
    'POST /api/session/v1/start': () => json(200, aStart()),
    'POST /api/session/v1/holdings/select': () => json(200, aSelection()),
    'GET /api/fields/v1': () => json(200, []),
  };

  it('asks for the map’s fields list with the new session, as soon as the holding is open', async () => {
    window.history.replaceState(null, '', '/datalayers');
    const { calls } = await openSession(session);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/fields/v1'));
    const paths = calls.map((call) => call.path);
    expect(paths.indexOf('/api/fields/v1')).toBeGreaterThan(paths.indexOf('/api/session/v1/holdings/select'));
    expect(calls.find((call) => call.path === '/api/fields/v1')!.authorization).toBe('Bearer session-token');
  });

  it('asks for no list on a screen that does not open on it', async () => {
    window.history.replaceState(null, '', '/fields');
    const { calls } = await openSession(session);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((call) => call.path)).not.toContain('/api/fields/v1');
  });
});
