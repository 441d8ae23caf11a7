import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createI18n } from '../../i18n/createI18n.ts';
import { ApiClient } from '../http/apiClient.ts';
import { useShellController } from '../session/useShellController.ts';

vi.mock('../session/reloadToLogin.ts', () => ({ reloadToLogin: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Opens the page at `search` and answers calls by "METHOD /path"; answers the controller and the calls made. */
function openAt(search: string, handlers: Record<string, () => Response>) {
  window.history.replaceState(null, '', `/${search}`);
  const calls: string[] = [];
  const api = new ApiClient({
    sleep: async () => undefined,
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push(`${key}${url.search}`);
      const handler = handlers[key];
      return handler ? handler() : json(404, { Message: `No route ${key}` });
    },
  });
  const i18n = createI18n('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const { result } = renderHook(() => useShellController(api), { wrapper });
  return { api, calls, controller: () => result.current };
}

const invalid = () => json(400, { Message: 'Invalid signup request' });

describe('a sign-up link in the initial login order', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('comes before a kept token: validate, then the token grant, then the wizard', async () => {
    window.sessionStorage.setItem('headland.accessToken', 'kept-token');
    const { api, calls, controller } = openAt('?signup=KEY&email=nell%40farm.example', {
      'POST /api/signup/v1/validate/': () => json(200, { token: 'temporary', email: 'nell@farm.example' }),
      'POST /oauth/token': () =>
        json(200, { access_token: 'signup-login', token_type: 'bearer', expires_in: 60, restricted: true }),
    });
    await waitFor(() => expect(controller().state).toEqual({ kind: 'signup', email: 'nell@farm.example' }));
    expect(calls[0]).toBe('POST /api/signup/v1/validate/?key=KEY&email=nell%40farm.example');
    expect(calls).not.toContain('POST /api/session/v1/start');
    expect(api.getToken()).toBe('signup-login');
  });

  it('carries on with the login the link gave when the page reloads, without opening the spent link again', async () => {
    const first = openAt('?signup=KEY&email=nell%40farm.example', {
      'POST /api/signup/v1/validate/': () => json(200, { token: 'temporary', email: 'nell@farm.example' }),
      'POST /oauth/token': () =>
        json(200, { access_token: 'signup-login', token_type: 'bearer', expires_in: 60, restricted: true }),
    });
    await waitFor(() => expect(first.controller().state.kind).toBe('signup'));
    // The reload: the link is spent on the server, so opening it again would be refused.
    const reloaded = openAt('?signup=KEY&email=nell%40farm.example', {
      'POST /api/signup/v1/validate/': invalid,
    });
    await waitFor(() =>
      expect(reloaded.controller().state).toEqual({ kind: 'signup', email: 'nell@farm.example' }),
    );
    expect(reloaded.calls).not.toContain('POST /api/signup/v1/validate/?key=KEY&email=nell%40farm.example');
    expect(reloaded.api.getToken()).toBe('signup-login');
  });

  it('goes to the sign-up error page with the address when no one was signed in here', async () => {
    const { controller } = openAt('?signup=OLD&email=nell%40farm.example', {
      'POST /api/signup/v1/validate/': invalid,
    });
    await waitFor(() =>
      expect(controller().state).toEqual({ kind: 'signupError', email: 'nell@farm.example' }),
    );
    expect(window.location.search).toBe('');
  });

  it("says 'Invalid signup request' on the login when someone was signed in here before", async () => {
    window.sessionStorage.setItem('headland.accessToken', 'kept-token');
    const { controller } = openAt('?signup=OLD&email=nell%40farm.example', {
      'POST /api/signup/v1/validate/': invalid,
    });
    await waitFor(() =>
      expect(controller().state).toMatchObject({
        kind: 'login',
        step: 'password',
        error: 'Invalid signup request',
      }),
    );
  });
});
