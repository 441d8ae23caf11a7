import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createI18n } from '../../i18n/createI18n.ts';
import { aStart } from '../../testing/sessionFixtures.ts';
import { ApiClient } from '../http/apiClient.ts';
import { useShellController } from './useShellController.ts';

vi.mock('./reloadToLogin.ts', () => ({ reloadToLogin: vi.fn() }));

const closed = () =>
  new Response(
    JSON.stringify({
      Message: 'The service is closed for maintenance until 2026-11-28 23:00 UTC.',
      Maintenance: {
        id: 1,
        startDate: '2026-11-28T21:00:00.000Z',
        endDate: '2026-11-28T23:00:00.000Z',
        message: 'Upgrade',
      },
    }),
    { status: 503, headers: { 'Content-Type': 'application/json', 'X-Omnia-Retry': 'No' } },
  );

/** Authorization headers of the session starts made. */
let startedWith: (string | undefined)[] = [];

function startWith(answer: () => Response) {
  const api = new ApiClient({
    fetch: async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (`${init?.method ?? 'GET'} ${path}` === 'POST /api/session/v1/start') {
        startedWith.push((init?.headers as Record<string, string> | undefined)?.Authorization);
        return answer();
      }
      return new Response(JSON.stringify({ Message: 'No route' }), { status: 404 });
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n('en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return renderHook(() => useShellController(api), { wrapper });
}

describe('a kept sign-in and a maintenance window', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.localStorage.setItem('headland.accessToken', 'kept-token');
    window.history.replaceState(null, '', '/');
    startedWith = [];
  });

  it('keeps the token when the session start is refused for maintenance, and carries on after it', async () => {
    const during = startWith(closed);
    await waitFor(() => expect(during.result.current.state.kind).toBe('login'));
    expect(window.localStorage.getItem('headland.accessToken')).toBe('kept-token');
    during.unmount();
    // The window over, the app starts again (the maintenance panel gave way) from the kept token.
    const after = startWith(
      () => new Response(JSON.stringify(aStart()), { headers: { 'Content-Type': 'application/json' } }),
    );
    await waitFor(() => expect(startedWith).toHaveLength(2));
    expect(startedWith).toEqual(['Bearer kept-token', 'Bearer kept-token']);
    await waitFor(() => expect(after.result.current.state.kind).not.toBe('loading'));
    expect(window.localStorage.getItem('headland.accessToken')).toBe('kept-token');
  });

  it('still forgets a token the server no longer knows', async () => {
    const refused = startWith(
      () =>
        new Response(JSON.stringify({ Message: 'Sign in again.', AuthError: true }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await waitFor(() => expect(refused.result.current.state.kind).toBe('login'));
    expect(window.localStorage.getItem('headland.accessToken')).toBeNull();
  });
});
