import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { encodeInviteParameter, type PublicInvitation } from '@headland/domain/api/permissionsApi';
import { brands } from '@headland/domain/brands';
import { createI18n } from '../../i18n/createI18n.ts';
import { aHolding, aStart } from '../../testing/sessionFixtures.ts';
import { App } from '../App.tsx';
import { ApiClient } from '../http/apiClient.ts';

vi.mock('./reloadToLogin.ts', () => ({ reloadToLogin: vi.fn() }));

interface Call {
  method: string;
  path: string;
  body: unknown;
  search?: string;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers by "METHOD /path"; every call is recorded with its JSON body. */
function serverWith(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  const api = new ApiClient({
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const text = typeof init?.body === 'string' ? init.body : undefined;
      let body: unknown = text;
      try {
        body = text === undefined ? undefined : (JSON.parse(text) as unknown);
      } catch {
        // A form body (the token call) stays text.
      }
      const call = { method: init?.method ?? 'GET', path: url.pathname, body, search: url.search };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      return route ? route(call) : json(404, { Message: `No route ${call.method} ${call.path}` });
    },
  });
  return { api, calls };
}

const invitation: PublicInvitation = {
  holdingName: 'Hill Top',
  email: 'bob@example.com',
  issuerFirstName: 'Ann',
  issuerLastName: 'Field',
  accepted: false,
};

const token = () =>
  json(200, { access_token: 'bob-token', token_type: 'bearer', expires_in: 3600, restricted: false });
const hillTop = aHolding({ HoldingId: 12, TradingName: 'Hill Top', CropYears: [2025] });
const starts = (calls: Call[]) =>
  calls.filter((call) => call.path === '/api/session/v1/start').map((call) => call.body);

function openPage(search: string, routes: Record<string, (call: Call) => Response>) {
  window.history.replaceState(null, '', `/dashboard${search}`);
  const server = serverWith(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<App api={server.api} queryClient={queryClient} i18n={createI18n('en')} brand={brands.main} />);
  return server;
}

async function signIn(email = 'bob@example.com') {
  const field = (await screen.findByLabelText('Email')) as HTMLInputElement;
  if (field.value !== email) fireEvent.change(field, { target: { value: email } });
  // The main brand has single sign-on: the address first, then the password.
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'Harvest2025' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Signing in from an invitation link', { timeout: 30_000 }, () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    // Someone signed in on this browser before: the invitation must not carry on as them.
    window.localStorage.setItem('headland.accessToken', 'earlier-token');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('says what the invitation is, and accepts it at session start', async () => {
    const { calls } = openPage(
      `?invite=${encodeURIComponent(encodeInviteParameter('inv-1', 's3cret'))}&lang=en`,
      {
        'GET /api/invites/v1/inv-1': () => json(200, invitation),
        'POST /oauth/token': token,
        'POST /api/session/v1/start': () =>
          json(200, aStart({ Holdings: [aHolding(), hillTop], InitialHolding: hillTop })),
      },
    );
    expect(await screen.findByText('Ann Field has invited you to join the holding Hill Top.')).toBeTruthy();
    expect(screen.getByText('Sign in as bob@example.com to accept the invitation.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('bob@example.com');
    expect(starts(calls)).toEqual([]);
    // The description is asked for with the link's secret.
    expect(calls.find((call) => call.path === '/api/invites/v1/inv-1')?.search).toBe('?secret=s3cret');

    await signIn();
    expect(await screen.findByText('You have joined the holding Hill Top.')).toBeTruthy();
    expect(starts(calls)).toEqual([
      { initialHoldingId: null, acceptedInviteId: 'inv-1', inviteSecret: 's3cret' },
    ]);
    // The holding joined is in the list, chosen.
    expect(((await screen.findByRole('radio', { name: 'Hill Top' })) as HTMLInputElement).checked).toBe(true);
    expect(window.location.search).toBe('?lang=en');
  });

  it.each([
    ['not base64', '?invite=not*base64'],
    ['of another type', `?invite=${encodeURIComponent(btoa('{"id":"inv-1","type":"business"}'))}`],
    ['without an id', `?invite=${encodeURIComponent(btoa('{"type":"holding"}'))}`],
  ])('tells a link %s is not valid and signs in without it', async (_name, search) => {
    const { calls } = openPage(search, {
      'POST /oauth/token': token,
      'POST /api/session/v1/start': () => json(200, aStart()),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is not valid.');
    expect(calls.some((call) => call.path.startsWith('/api/invites/'))).toBe(false);
    expect(window.location.search).toBe('');
    await signIn();
    await screen.findByRole('button', { name: 'Continue' });
    expect(starts(calls)).toEqual([{ initialHoldingId: null }]);
  });

  it('says when the invitation has been accepted already, and does not send it again', async () => {
    const { calls } = openPage(`?invite=${encodeURIComponent(encodeInviteParameter('inv-1', 's3cret'))}`, {
      'GET /api/invites/v1/inv-1': () => json(200, { ...invitation, accepted: true }),
      'POST /oauth/token': token,
      'POST /api/session/v1/start': () => json(200, aStart()),
    });
    expect(await screen.findByText('This invitation has already been accepted.')).toBeTruthy();
    await signIn();
    await screen.findByRole('button', { name: 'Continue' });
    expect(starts(calls)).toEqual([{ initialHoldingId: null }]);
  });

  it("shows the server's word when the invitation no longer exists", async () => {
    const gone =
      'This invitation no longer exists: it may have been cancelled. Ask the holding owner for a new one.';
    openPage(`?invite=${encodeURIComponent(encodeInviteParameter('inv-9', 's3cret'))}`, {
      'GET /api/invites/v1/inv-9': () => json(404, { Message: gone }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(gone);
  });

  it('signs in without the invitation when the server refuses it, saying why', async () => {
    const otherEmail =
      'This invitation was sent to another e-mail address: sign in with that address to accept it.';
    const { calls } = openPage(`?invite=${encodeURIComponent(encodeInviteParameter('inv-1', 's3cret'))}`, {
      'GET /api/invites/v1/inv-1': () => json(200, invitation),
      'POST /oauth/token': token,
      'POST /api/session/v1/start': (call) =>
        (call.body as { acceptedInviteId?: string }).acceptedInviteId
          ? json(400, { Message: otherEmail, Errors: [{ Field: 'acceptedInviteId', Message: otherEmail }] })
          : json(200, aStart()),
    });
    await screen.findByText('Ann Field has invited you to join the holding Hill Top.');
    await signIn('carol@example.com');
    await screen.findByRole('button', { name: 'Continue' });
    expect(screen.getByRole('alert').textContent).toContain(otherEmail);
    expect(starts(calls)).toEqual([
      { initialHoldingId: null, acceptedInviteId: 'inv-1', inviteSecret: 's3cret' },
      { initialHoldingId: null },
    ]);
  });

  it('still sends the invitation when its description could not be read', async () => {
    const { calls } = openPage(`?invite=${encodeURIComponent(encodeInviteParameter('inv-1', 's3cret'))}`, {
      'GET /api/invites/v1/inv-1': () => json(500, { Message: 'Internal error' }),
      'POST /oauth/token': token,
      'POST /api/session/v1/start': () =>
        json(200, aStart({ Holdings: [aHolding(), hillTop], InitialHolding: hillTop })),
    });
    expect(await screen.findByText(/The invitation could not be read/)).toBeTruthy();
    await signIn();
    expect(await screen.findByText('You have joined the holding Hill Top.')).toBeTruthy();
    expect(starts(calls)).toEqual([
      { initialHoldingId: null, acceptedInviteId: 'inv-1', inviteSecret: 's3cret' },
    ]);
  });
});
