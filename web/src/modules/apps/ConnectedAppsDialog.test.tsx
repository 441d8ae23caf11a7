import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Connection } from '@headland/domain/api/appsApi';
import { noPermissions } from '@headland/domain/permissions';
import { Role } from '@headland/domain/roles';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { anAppSession } from '../../testing/sessionFixtures.ts';
import { ApiClient } from '../../shell/http/apiClient.ts';
import { AppSessionContext } from '../../shell/session/AppSessionContext.tsx';
import { ConnectedAppsDialog } from './ConnectedAppsDialog.tsx';

const organisations = [
  { id: 'org-1', name: 'Fenland Agri Contracting Ltd' },
  { id: 'org-2', name: 'Marsh Lane Farm' },
];

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A server holding the holding's connections in memory, answering the connected-apps calls as the real one
 * does: the provider's consent is `consented`, and the basic password it takes is `right-password`.
 */
function fakeServer(start: Connection[] = []) {
  const connections = new Map(start.map((connection) => [connection.connectionId, connection]));
  const asked: { method: string; url: string; body: unknown }[] = [];
  let next = 50;
  const state = { consented: true };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    asked.push({ method, url: url.pathname + url.search, body });
    const id = Number(url.searchParams.get('id'));
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/apps/available':
        return json({ apps: [{ appId: 1, modes: [1, 2] }] });
      case 'GET /api/apps/get/all':
        return json([...connections.values()]);
      case 'POST /api/apps/create': {
        const connection: Connection = {
          appId: 1,
          connectionId: next++,
          userId: 7,
          userName: 'Ann Field',
          status: 1,
          holding: { holdingId: 11, organisation: null, config: { firstYear: null } },
        };
        connections.set(connection.connectionId, connection);
        return json({ OAuthAuthorizeUri: 'https://provider.example/oauth/authorize?state=s', connection });
      }
      case 'GET /api/apps/check': {
        const connection = connections.get(id)!;
        if (state.consented) connection.status = 0;
        return json(connection);
      }
      case 'POST /api/apps/validate/basic': {
        const valid = body.password === 'right-password';
        if (valid) connections.get(body.connectionId)!.status = 0;
        return json(valid);
      }
      case 'POST /api/apps/cancel':
      case 'POST /api/apps/disconnect':
        connections.delete(id);
        return json({ connectionId: id });
      case 'POST /api/apps/config': {
        const connection = connections.get(body.connectionId)!;
        connection.holding.organisation = { id: body.org, name: body.orgName };
        return json(connection);
      }
      default:
        if (method === 'GET' && url.pathname.startsWith('/api/apps/config/')) {
          const connection = connections.get(Number(url.pathname.split('/').at(-1)))!;
          return json({
            organisations,
            org: connection.holding.organisation,
            config: { firstYear: null },
            message: null,
          });
        }
        return json({ Message: 'Not found' }, 404);
    }
  };
  return { fetch, asked, state, connections };
}

function renderDialog(server: ReturnType<typeof fakeServer>, role: Role = Role.Client) {
  const permissions = noPermissions();
  permissions.currentHolding = { ...permissions.currentHolding, read: true, write: true };
  const session = anAppSession(permissions, { Role: role });
  const onClose = vi.fn();
  renderWithProviders(
    <AppSessionContext.Provider value={session}>
      <ConnectedAppsDialog onClose={onClose} />
    </AppSessionContext.Provider>,
    { api: new ApiClient({ fetch: server.fetch }) },
  );
  return { onClose };
}

function aConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    appId: 1,
    connectionId: 9,
    userId: 7,
    userName: 'Ann Field',
    status: 0,
    holding: { holdingId: 11, organisation: organisations[1]!, config: { firstYear: null } },
    ...overrides,
  };
}

/** A stand-in for the browser's popup: where it was sent, and whether it was closed. */
function stubPopup() {
  const popup = { location: { href: 'about:blank' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { popup, open };
}

afterEach(() => vi.restoreAllMocks());

describe('the connected-apps dialog', () => {
  it('connects an OAuth app in a popup, polls until it is Ok, then saves the chosen organisation', async () => {
    const server = fakeServer();
    const { popup, open } = stubPopup();
    renderDialog(server);
    const app = await screen.findByRole('region', { name: 'OmniaConnect' });
    expect(within(app).getByText('Not connected')).toBeTruthy();

    fireEvent.click(within(app).getByRole('button', { name: 'Connect OmniaConnect' }));
    await waitFor(() => expect(popup.location.href).toBe('https://provider.example/oauth/authorize?state=s'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText('Waiting for you to give access in the OmniaConnect window...'),
    ).toBeTruthy();
    // The first check comes 2 s after the start (session-shell-connections §9).
    expect(await screen.findByText('OmniaConnect is connected.', {}, { timeout: 6_000 })).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
    expect(server.asked.filter((call) => call.url.startsWith('/api/apps/check'))).toHaveLength(1);

    expect(await within(app).findByText('Choose an organisation', { selector: 'span' })).toBeTruthy();
    fireEvent.click(
      within(app)
        .getAllByLabelText('Organisation')
        .find((element) => element.tagName === 'INPUT')!,
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Marsh Lane Farm' }));
    fireEvent.click(within(app).getByRole('button', { name: 'Save OmniaConnect settings' }));
    expect(await within(app).findByText('Organisation: Marsh Lane Farm')).toBeTruthy();
    expect(server.asked.find((call) => call.url === '/api/apps/config')?.body).toEqual({
      connectionId: 50,
      org: 'org-2',
      orgName: 'Marsh Lane Farm',
    });
    expect(within(app).getByText('Connected')).toBeTruthy();
  }, 20_000);

  it('says so when the browser blocks the popup, and makes no connection', async () => {
    const server = fakeServer();
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderDialog(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect OmniaConnect' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The browser blocked the sign-in window. Allow pop-ups for this site and try again.',
    );
    expect(server.asked.some((call) => call.url.startsWith('/api/apps/create'))).toBe(false);
  });

  it('removes the half-made connection when the user cancels the wait', async () => {
    const server = fakeServer();
    server.state.consented = false;
    const { popup } = stubPopup();
    renderDialog(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect OmniaConnect' }));
    await screen.findByText('Waiting for you to give access in the OmniaConnect window...');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(server.connections.size).toBe(0));
    expect(server.asked.some((call) => call.method === 'POST' && call.url === '/api/apps/cancel?id=50')).toBe(
      true,
    );
    expect(popup.close).toHaveBeenCalled();
  });

  it('shows the error flag for a refused user name and password, and connects with the right one', async () => {
    const server = fakeServer();
    renderDialog(server);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Connect OmniaConnect with user name and password' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Connect OmniaConnect' });
    fireEvent.change(within(dialog).getByLabelText('User name', { exact: false, selector: 'input' }), {
      target: { value: 'contractor@omniaconnect.example' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password', { exact: false, selector: 'input' }), {
      target: { value: 'wrong' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The app did not accept this user name and password.',
    );
    fireEvent.change(within(dialog).getByLabelText('Password', { exact: false, selector: 'input' }), {
      target: { value: 'right-password' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('OmniaConnect is connected.')).toBeTruthy();
    // One record, made on the first try and reused by the second.
    expect(server.asked.filter((call) => call.url.startsWith('/api/apps/create'))).toHaveLength(1);
    expect(server.connections.get(50)?.status).toBe(0);
  });

  it('disconnects after a confirmation', async () => {
    const server = fakeServer([aConnection()]);
    renderDialog(server);
    const app = await screen.findByRole('region', { name: 'OmniaConnect' });
    expect(await within(app).findByText('Organisation: Marsh Lane Farm')).toBeTruthy();
    fireEvent.click(within(app).getByRole('button', { name: 'Disconnect OmniaConnect (Ann Field)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disconnect OmniaConnect?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('OmniaConnect is disconnected.')).toBeTruthy();
    expect(server.asked.some((call) => call.url === '/api/apps/disconnect?id=9&deleteData=false')).toBe(true);
    expect(await within(app).findByText('Not connected')).toBeTruthy();
  });

  it("leaves another user's connection to them or an Admin", async () => {
    const server = fakeServer([aConnection({ userId: 8, userName: 'Bob Tilth' })]);
    renderDialog(server);
    const app = await screen.findByRole('region', { name: 'OmniaConnect' });
    expect(
      await within(app).findByText('Only Bob Tilth or an Admin can change this connection.'),
    ).toBeTruthy();
    expect(within(app).queryByRole('button', { name: /^Disconnect/ })).toBeNull();
    // The caller may still connect an account of their own.
    expect(within(app).getByRole('button', { name: 'Connect OmniaConnect' })).toBeTruthy();
  });

  it('lets an Admin disconnect any connection of the holding', async () => {
    const server = fakeServer([aConnection({ userId: 8, userName: 'Bob Tilth' })]);
    renderDialog(server, Role.Admin);
    const app = await screen.findByRole('region', { name: 'OmniaConnect' });
    expect(
      await within(app).findByRole('button', { name: 'Disconnect OmniaConnect (Bob Tilth)' }),
    ).toBeTruthy();
  });
});
