import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { brands } from '@headland/domain/brands';
import { noPermissions } from '@headland/domain/permissions';
import { Role } from '@headland/domain/roles';
import { AppSessionContext, type AppSession } from '../session/AppSessionContext.tsx';
import { ApiClient } from '../http/apiClient.ts';
import { aSelection, aStart, aUser } from '../../testing/sessionFixtures.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { LiveProvider } from './LiveContext.tsx';
import { NotificationsButton } from './NotificationsPopup.tsx';

class FakeWebSocket {
  static last: FakeWebSocket | null = null;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderBell() {
  const user = aUser();
  const selection = aSelection({
    Sessions: [
      ...aSelection().Sessions,
      {
        SessionId: 'session-admin',
        UserId: 9,
        UserEmail: 'ada@example.com',
        UserName: 'Ada Admin',
        Role: Role.Admin,
        ReadOnly: false,
        CurrentSession: false,
        StartDate: new Date(Date.now() - 3600_000).toISOString(),
        InactiveSince: null,
        SessionType: 1,
        ClientState: { moduleId: 1 },
      },
      {
        SessionId: 'session-scout',
        UserId: 10,
        UserEmail: 'scout@example.com',
        UserName: 'Field Scout',
        Role: Role.Client,
        ReadOnly: false,
        CurrentSession: false,
        StartDate: new Date().toISOString(),
        InactiveSince: null,
        SessionType: 4,
        ClientState: null,
      },
    ],
  });
  const session: AppSession = {
    user,
    start: aStart(),
    selection,
    holding: selection.Holding,
    yearId: selection.YearId,
    permissions: noPermissions(),
    readOnly: false,
    brand: brands.main,
    actions: {} as AppSession['actions'],
  };
  const api = new ApiClient({ fetch: () => Promise.reject(new Error('No fetch in this test')) });
  api.setToken('session-token');
  renderWithProviders(
    <AppSessionContext.Provider value={session}>
      <LiveProvider>
        <NotificationsButton />
      </LiveProvider>
    </AppSessionContext.Provider>,
    { api },
  );
}

describe('NotificationsButton', () => {
  it('counts the users, lists the sessions in order with admins marked, and leaves field scouts out', async () => {
    renderBell();
    expect(screen.getByLabelText('2 users working on this holding')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    fireEvent.click(screen.getByText('Sessions'));
    const items = within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Ann Field \(this tab\).*In Dashboard/),
      expect.stringMatching(/Ada Admin.*admin.*In Fields/),
    ]);
  });

  it('shows an event pushed by another session as an unread sentence', async () => {
    renderBell();
    const socket = FakeWebSocket.last!;
    expect(socket.url).toMatch(/\/api\/ws\/v1\/connect\?sessionId=session-1&authToken=session-token$/);
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
      socket.onmessage?.({
        data: JSON.stringify({
          Type: 'events',
          Data: {
            Events: [
              {
                Id: 40,
                UserId: 12,
                Date: new Date().toISOString(),
                SessionId: 'session-ben',
                Action: 'u',
                Data: { Name: 'Winter wheat', Crop: 'Winter wheat', Field: 'Mill Close', CroppingId: 3 },
                Source: 1,
                ObjectType: 'Cropping',
              },
            ],
            Users: [
              {
                UserId: 12,
                Email: 'ben@example.com',
                FirstName: 'Ben',
                LastName: 'Jones',
                Role: 4,
                HoldingRole: 'Member',
              },
            ],
          },
        }),
      });
    });
    // The client told the server where it is as soon as the socket opened.
    expect(JSON.parse(socket.sent[0]!)).toEqual({
      Type: 'setSessionState',
      Data: { clientState: { moduleId: 18 } },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 2000 });
    fireEvent.click(bell);
    const events = within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(events[0]!.textContent).toContain('New: Ben Jones changed the winter wheat on Mill Close');
    fireEvent.click(bell);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
  });
});
