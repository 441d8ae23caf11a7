import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { encodeInviteParameter } from '@headland/domain/api/permissionsApi';
import { brands } from '@headland/domain/brands';
import { createI18n } from '../i18n/createI18n.ts';
import { aHolding, aSelection, aStart } from '../testing/sessionFixtures.ts';
import { ApiClient } from './http/apiClient.ts';
import { reloadToLogin } from './session/reloadToLogin.ts';
import { App } from './App.tsx';
import { leaveForAddress } from './login/leavePage.ts';

vi.mock('./session/reloadToLogin.ts', () => ({ reloadToLogin: vi.fn() }));
vi.mock('./login/leavePage.ts', () => ({ leaveForAddress: vi.fn() }));

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string | undefined;
  authorization: string | undefined;
}

type Handler = (call: Call) => Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A stand-in for the server: answers by "METHOD /path" and records every call. */
function fakeServer(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body as string | undefined,
      authorization: headers.Authorization,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    return handler ? handler(call) : json(404, { Message: `No route ${call.method} ${call.path}` });
  });
  return { api: new ApiClient({ fetch }), calls };
}

function renderApp(api: ApiClient, brand = brands.main) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<App api={api} queryClient={queryClient} i18n={createI18n('en')} brand={brand} />);
}

/** Module screens load on demand, which can take a few seconds on a busy machine. */
const lazyPage = { timeout: 10_000 };

/** The e-mail step of the main brand (single sign-on): the address, then Next. */
async function enterEmail(email: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

const tokenResponse = (token: string) => () =>
  json(200, { access_token: token, token_type: 'bearer', expires_in: 3600, restricted: false });

describe('App sign-in', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the server error_description when the password is refused', async () => {
    const { api } = fakeServer({
      'POST /oauth/token': () =>
        json(400, { error: 'invalid_grant', error_description: 'The e-mail or password is incorrect.' }),
    });
    renderApp(api);
    await enterEmail('ann.field@example.com');
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or password is incorrect.');
  });

  it('signs in, accepts the terms, chooses a holding and year, and opens the dashboard', async () => {
    const start = aStart({
      MustAcceptTermsAndConditions: true,
      TermsAndConditions: { Version: 4, Text: 'Use the product kindly.' },
    });
    const { api, calls } = fakeServer({
      'POST /oauth/token': tokenResponse('account-token'),
      'POST /api/session/v1/start': () => json(200, start),
      'POST /api/user/v1/tcs/accept': () => json(200, true),
      'POST /api/session/v1/holdings/select': () => json(200, aSelection({ YearId: 2024 })),
    });
    renderApp(api);

    await enterEmail('ann.field@example.com');
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'Harvest2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByText('Use the product kindly.');
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    const year = (await screen.findByLabelText('Crop year')) as HTMLSelectElement;
    // The initial holding is chosen, with its last crop year.
    expect((screen.getByRole('radio', { name: 'Brook Farm' }) as HTMLInputElement).checked).toBe(true);
    expect(year.value).toBe('2025');
    fireEvent.change(year, { target: { value: '2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage)).toBeTruthy();
    expect(screen.getByText('Long Meadow', { exact: false })).toBeTruthy();

    const token = calls.find((call) => call.path === '/oauth/token')!;
    expect(new URLSearchParams(token.body).get('grant_type')).toBe('password');
    const accept = calls.find((call) => call.path === '/api/user/v1/tcs/accept')!;
    expect(accept.query.get('version')).toBe('4');
    expect(accept.authorization).toBe('Bearer account-token');
    const select = calls.find((call) => call.path === '/api/session/v1/holdings/select')!;
    expect(JSON.parse(select.body!)).toMatchObject({ holdingId: 11, yearId: 2024, reuseSession: false });
    expect(api.getToken()).toBe('session-token');
    expect(window.sessionStorage.getItem('headland.accessToken')).toBe('account-token');
    expect(window.localStorage.getItem('headland.accessToken')).toBe('account-token');
  });

  it('spends a ?login= link through the token grant and takes it out of the address', async () => {
    window.history.replaceState(null, '', '/fields?login=temp-123&lang=en');
    const { api, calls } = fakeServer({
      'POST /oauth/token': tokenResponse('linked-token'),
      'POST /api/session/v1/start': () => json(200, aStart()),
    });
    renderApp(api);
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    const token = new URLSearchParams(calls[0]!.body);
    expect(token.get('grant_type')).toBe('token');
    expect(token.get('token')).toBe('temp-123');
    expect(calls[1]!.authorization).toBe('Bearer linked-token');
    expect(window.location.search).toBe('?lang=en');
  });

  it('uses a ?token= link before a stored token', async () => {
    window.localStorage.setItem('headland.accessToken', 'stored-token');
    window.history.replaceState(null, '', '/?token=link-token');
    const { api, calls } = fakeServer({ 'POST /api/session/v1/start': () => json(200, aStart()) });
    renderApp(api);
    await screen.findByRole('button', { name: 'Continue' });
    expect(calls[0]!.authorization).toBe('Bearer link-token');
  });

  it('opens a ?resetPassword= link signed out, before a stored token, and takes the token out of the address', async () => {
    window.localStorage.setItem('headland.accessToken', 'stored-token');
    window.history.replaceState(null, '', '/?resetPassword=reset-token');
    const { api, calls } = fakeServer({
      'POST /api/user/v1/login/reset': () =>
        json(200, { Email: 'ann.field@example.com', PasswordSet: false }),
    });
    renderApp(api);
    await screen.findByText('Choose a new password for ann.field@example.com.');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/user/v1/login/reset']);
    expect(calls[0]!.query.get('token')).toBe('reset-token');
    expect(calls[0]!.authorization).toBeUndefined();
    expect(window.location.search).toBe('');
    // Cancel leads to the sign-in form, with its "Forgot password?" entry.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Reset password' });
  });

  it('returns to the holding and year of this tab with a stored token', async () => {
    window.sessionStorage.setItem('headland.accessToken', 'tab-token');
    window.localStorage.setItem('headland.accessToken', 'older-token');
    window.sessionStorage.setItem('headland.context', JSON.stringify({ holdingId: 11, yearId: 2024 }));
    const { api, calls } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () => json(200, aSelection({ YearId: 2024 })),
    });
    renderApp(api);
    expect(await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage)).toBeTruthy();
    expect(calls[0]!.authorization).toBe('Bearer tab-token');
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({ initialHoldingId: 11 });
    expect(JSON.parse(calls[1]!.body!)).toMatchObject({ holdingId: 11, yearId: 2024, reuseSession: true });
  });

  it('takes up the holding session of this tab again on a reload, with its own token', async () => {
    window.sessionStorage.setItem('headland.accessToken', 'tab-token');
    window.sessionStorage.setItem(
      'headland.context',
      JSON.stringify({ holdingId: 11, yearId: 2024, session: { token: 'tab-session-token', userId: 7 } }),
    );
    window.history.replaceState(null, '', '/fields');
    const { api, calls } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () =>
        json(200, aSelection({ YearId: 2024, Token: 'resumed-token' })),
    });
    renderApp(api);
    expect(await screen.findByRole('heading', { name: 'Fields', level: 2 }, lazyPage)).toBeTruthy();
    expect(window.location.pathname).toBe('/fields');
    expect(screen.getByLabelText('Current holding and crop year').textContent).toBe('Brook Farm · 2024');
    const [start, select] = calls;
    expect(start!.authorization).toBe('Bearer tab-token');
    expect(select!.authorization).toBe('Bearer tab-session-token');
    expect(JSON.parse(select!.body!)).toMatchObject({ holdingId: 11, yearId: 2024, reuseSession: true });
    expect(api.getToken()).toBe('resumed-token');
    expect(JSON.parse(window.sessionStorage.getItem('headland.context')!)).toEqual({
      holdingId: 11,
      yearId: 2024,
      session: { token: 'resumed-token', userId: 7 },
    });
    // The account token stays the one a new tab starts from.
    expect(window.sessionStorage.getItem('headland.accessToken')).toBe('tab-token');
  });

  it("does not take up a session that another user's sign-in left in this tab", async () => {
    window.history.replaceState(null, '', '/?token=link-token');
    window.sessionStorage.setItem(
      'headland.context',
      JSON.stringify({ holdingId: 11, yearId: 2024, session: { token: 'someone-elses', userId: 99 } }),
    );
    const { api, calls } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () => json(200, aSelection({ YearId: 2024 })),
    });
    renderApp(api);
    await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage);
    const select = calls.find((call) => call.path === '/api/session/v1/holdings/select')!;
    expect(select.authorization).toBe('Bearer link-token');
  });

  it('shows the holding step with the account token when the tab session cannot be taken up', async () => {
    window.sessionStorage.setItem('headland.accessToken', 'tab-token');
    window.sessionStorage.setItem(
      'headland.context',
      JSON.stringify({ holdingId: 11, yearId: 2024, session: { token: 'revoked-token', userId: 7 } }),
    );
    const { api } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': (call) =>
        call.authorization === 'Bearer revoked-token'
          ? json(401, { Message: 'Your session has ended.', AuthError: true })
          : json(200, aSelection()),
    });
    renderApp(api);
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(api.getToken()).toBe('tab-token');
  });

  it('forgets a stored token the server no longer accepts and shows the login', async () => {
    window.localStorage.setItem('headland.accessToken', 'expired-token');
    const { api } = fakeServer({
      'POST /api/session/v1/start': () => json(401, { Message: 'Your session has ended.', AuthError: true }),
    });
    renderApp(api);
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(window.localStorage.getItem('headland.accessToken')).toBeNull();
  });
});

describe('App sign-in with single sign-on', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.clearAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('asks for the e-mail alone first, and sends an address with a login link to it, passing the invitation on', async () => {
    const invite = encodeInviteParameter('inv-1', 's3cret');
    window.history.replaceState(null, '', `/?invite=${encodeURIComponent(invite)}`);
    const { api, calls } = fakeServer({
      'GET /api/invites/v1/inv-1': () => json(404, { Message: 'Not found' }),
      'GET /api/session/v1/login/sso/check': () =>
        json(200, { loginLink: 'https://idp.estate.example/login?user=ann%40estate.example' }),
    });
    renderApp(api);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await enterEmail(' ann@estate.example ');
    await waitFor(() =>
      expect(leaveForAddress).toHaveBeenCalledWith(
        'https://idp.estate.example/login?user=ann%40estate.example',
      ),
    );
    const check = calls.find((call) => call.path === '/api/session/v1/login/sso/check')!;
    expect(check.query.get('email')).toBe('ann@estate.example');
    expect(check.query.get('invite')).toBe(invite);
    expect(await screen.findByText("Taking you to your organisation's sign-in page…")).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(calls.some((call) => call.path === '/oauth/token')).toBe(false);
  });

  it('goes on to the password with the address filled in when no link comes back, and back to change it', async () => {
    const { api, calls } = fakeServer({
      'GET /api/session/v1/login/sso/check': () => json(200, { loginLink: null }),
      'POST /oauth/token': () =>
        json(400, { error: 'invalid_grant', error_description: 'The e-mail or password is incorrect.' }),
    });
    renderApp(api);
    await enterEmail('ann.field@example.com');
    const password = await screen.findByLabelText('Password');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ann.field@example.com');
    expect(email.readOnly).toBe(true);
    fireEvent.change(password, { target: { value: 'Harvest2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or password is incorrect.');
    expect(
      new URLSearchParams(calls.find((call) => call.path === '/oauth/token')!.body).get('username'),
    ).toBe('ann.field@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Use another e-mail address' }));
    const again = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(again.value).toBe('ann.field@example.com');
    expect(again.readOnly).toBe(false);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(leaveForAddress).not.toHaveBeenCalled();
  });

  it('falls back to the password step when the check fails', async () => {
    const { api } = fakeServer({
      'GET /api/session/v1/login/sso/check': () => json(400, { Message: 'Enter a valid e-mail address.' }),
    });
    renderApp(api);
    await enterEmail('not-an-address');
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('not-an-address');
    expect(leaveForAddress).not.toHaveBeenCalled();
  });

  it('starts at the password step in a brand without single sign-on, and asks nothing', async () => {
    const { api, calls } = fakeServer({});
    renderApp(api, brands.second);
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(false);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/session/v1/login/sso/check')).toBe(false);
  });
});

describe('App once a holding is open', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    window.sessionStorage.setItem('headland.accessToken', 'tab-token');
    window.sessionStorage.setItem('headland.context', JSON.stringify({ holdingId: 11, yearId: 2025 }));
    window.history.replaceState(null, '', '/no-such-page');
  });

  it('redirects an unknown path to the dashboard and switches the crop year', async () => {
    const { api, calls } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': (call) =>
        json(
          200,
          aSelection({
            YearId: JSON.parse(call.body!).yearId,
            Token: `token-${JSON.parse(call.body!).yearId}`,
          }),
        ),
    });
    renderApp(api);
    await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage);
    expect(window.location.pathname).toBe('/dashboard');

    fireEvent.click(screen.getByRole('button', { name: /^Crop year \d{4}$/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '2024' }));
    await waitFor(() => expect(api.getToken()).toBe('token-2024'));
    const last = calls.filter((call) => call.path === '/api/session/v1/holdings/select').at(-1)!;
    expect(JSON.parse(last.body!)).toMatchObject({ holdingId: 11, yearId: 2024, reuseSession: true });
    expect(screen.getByLabelText('Current holding and crop year').textContent).toBe('Brook Farm · 2024');
  });

  it('does not open a module whose menu entry the user does not see, even by its address', async () => {
    window.history.replaceState(null, '', '/fields/details/3');
    const readOnly = { read: true, write: false };
    const { api } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () =>
        json(
          200,
          aSelection({ Permissions: { holdings: readOnly, currentHolding: readOnly, mapLayers: readOnly } }),
        ),
    });
    renderApp(api);
    await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage);
    expect(window.location.pathname).toBe('/dashboard');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Fields' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Map layers' })).toBeTruthy();
  });

  it('opens a new crop year after the latest and switches to it', async () => {
    const { api, calls } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'PUT /api/holdings/v1/year': () => json(200, true),
      'POST /api/session/v1/holdings/select': (call) => {
        const yearId = JSON.parse(call.body!).yearId as number;
        const years = yearId === 2026 ? [2024, 2025, 2026] : [2024, 2025];
        return json(200, aSelection({ YearId: yearId, Holding: aHolding({ CropYears: years }) }));
      },
    });
    renderApp(api);
    await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage);
    fireEvent.click(screen.getByRole('button', { name: /^Crop year \d{4}$/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Open a new crop year' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current holding and crop year').textContent).toBe('Brook Farm · 2026'),
    );
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ YearId: 2026 });
  });

  it('opens another holding from Change holding in a new session', async () => {
    const { api, calls } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': (call) => {
        const body = JSON.parse(call.body!) as { holdingId: number; yearId: number };
        const holding = aStart().Holdings.find((entry) => entry.HoldingId === body.holdingId)!;
        return json(
          200,
          aSelection({ Holding: holding, YearId: body.yearId, Token: `token-${body.holdingId}` }),
        );
      },
    });
    renderApp(api);
    await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage);
    // The header's button; the menu has its own for phones (CSS shows one of them, jsdom both).
    fireEvent.click(screen.getAllByRole('button', { name: 'Change holding' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Choose a holding and crop year' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Hill Top' }));
    expect((within(dialog).getByLabelText('Crop year') as HTMLSelectElement).value).toBe('2023');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Hill Top', level: 2 }, lazyPage)).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    expect(api.getToken()).toBe('token-12');
    const select = calls.filter((call) => call.path === '/api/session/v1/holdings/select').at(-1)!;
    expect(JSON.parse(select.body!)).toMatchObject({
      holdingId: 12,
      yearId: 2023,
      reuseSession: false,
    });
    expect(JSON.parse(window.sessionStorage.getItem('headland.context')!)).toEqual({
      holdingId: 12,
      yearId: 2023,
      session: { token: 'token-12', userId: 7 },
    });
  });

  it('logs out: calls logout, forgets the token and reloads to the login', async () => {
    const { api, calls } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () => json(200, aSelection()),
      'DELETE /api/session/v1/logout': () => new Response(null, { status: 204 }),
    });
    renderApp(api);
    await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage);
    fireEvent.click(screen.getByRole('button', { name: /^User menu: / }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(reloadToLogin).toHaveBeenCalledTimes(1));
    const logout = calls.find((call) => call.method === 'DELETE')!;
    expect(logout.authorization).toBe('Bearer session-token');
    expect(window.sessionStorage.getItem('headland.accessToken')).toBeNull();
    expect(api.getToken()).toBeNull();
  });

  it('edits the user from the user menu; a new e-mail address needs the password and waits for its confirmation', async () => {
    const { api, calls } = fakeServer({
      'POST /api/session/v1/start': () => json(200, aStart()),
      'POST /api/session/v1/holdings/select': () => json(200, aSelection()),
      'POST /api/user/v1/user': (call) => {
        const {
          Email,
          CurrentPassword: _password,
          ...changes
        } = JSON.parse(call.body!) as Record<string, unknown>;
        return json(200, { ...aStart().User, ...changes, PendingEmail: Email });
      },
    });
    renderApp(api);
    await screen.findByRole('heading', { name: 'Brook Farm', level: 2 }, lazyPage);
    fireEvent.click(screen.getByRole('button', { name: /^User menu: / }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage user' });
    const email = within(dialog).getByLabelText('Email');
    // The current address asks for no password.
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/user/v1/user')).toBe(false);

    fireEvent.change(email, { target: { value: 'ann@brook.example' } });
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Annie' } });
    // The preferred language: none is chosen yet, and every product language is offered by its own name.
    const language = within(dialog).getByLabelText('Language') as HTMLSelectElement;
    expect(language.value).toBe('');
    expect([...language.options].map((option) => option.text)).toContain('Български');
    fireEvent.change(language, { target: { value: 'de' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter your current password.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/user/v1/user')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Harvest2025' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const sent = await within(dialog).findByRole('status');
    expect(sent.textContent).toContain(
      'A confirmation link has been sent to ann@brook.example. Your e-mail address changes once you open it; until then you sign in with ann.field@example.com.',
    );
    const update = calls.find((call) => call.path === '/api/user/v1/user')!;
    expect(JSON.parse(update.body!)).toEqual({
      Id: 7,
      FirstName: 'Annie',
      LastName: 'Field',
      Email: 'ann@brook.example',
      Language: 'de',
      CurrentPassword: 'Harvest2025',
    });
    // The modal's own close button and the notice's Close button both close it.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage user' })).toBeNull());
  });
});
