import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { createLoadedI18n } from '../../i18n/createI18n.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { ApiClient } from '../http/apiClient.ts';
import { reloadToLogin } from '../session/reloadToLogin.ts';
import { ApiProblemDialogs } from './ApiProblemDialogs.tsx';

vi.mock('../session/reloadToLogin.ts', () => ({ reloadToLogin: vi.fn() }));

function clientAnswering(status: number, body: unknown) {
  return new ApiClient({
    fetch: async () =>
      new Response(JSON.stringify(body), {
        status,
        // No retries here: the retry rule has its own tests.
        headers: { 'Content-Type': 'application/json', 'X-Omnia-Retry': 'No' },
      }),
  });
}

async function failCall(api: ApiClient) {
  await act(async () => {
    await api.get('/api/x').catch(() => undefined);
  });
}

describe('ApiProblemDialogs', () => {
  it('leaves a read that found no server to the offline notice, and says a change was not sent', async () => {
    const api = new ApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithProviders(<ApiProblemDialogs />, { api });
    await failCall(api);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await api.put('/api/x', { body: {} }).catch(() => undefined);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain(
      'No connection to the server: this change was not sent. Try again when the connection returns.',
    );
  });

  it('shows the generic message for a server failure', async () => {
    const api = clientAnswering(500, { Message: 'An unexpected error has occurred' });
    renderWithProviders(<ApiProblemDialogs />, { api });
    await failCall(api);
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain('An unexpected error has occurred');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the first error of a 4xx', async () => {
    const api = clientAnswering(400, {
      Message: 'Invalid',
      Errors: [{ Field: 'Name', Message: 'Name is taken.' }],
    });
    renderWithProviders(<ApiProblemDialogs />, { api });
    await failCall(api);
    expect((await screen.findByRole('dialog', { name: 'Error' })).textContent).toContain('Name is taken.');
  });

  it('says a request issue of a 4xx in the shown language', async () => {
    const api = clientAnswering(400, {
      Message: 'Holding search can be at most 100 characters long.',
      Errors: [
        {
          Field: 'query',
          Code: 'tooLong',
          Params: { max: 100, inclusive: true },
          Message: 'Holding search can be at most 100 characters long.',
        },
      ],
    });
    renderWithProviders(<ApiProblemDialogs />, { api, i18n: await createLoadedI18n('de') });
    await failCall(api);
    expect((await screen.findByRole('dialog')).textContent).toContain(
      '„Betriebssuche“ darf höchstens 100 Zeichen lang sein.',
    );
  });

  it('shows a conflict in retry mode: refresh first, then the user may save again', async () => {
    const api = clientAnswering(409, {
      Message: 'Busy',
      Resources: ['holding:11'],
      ChangedBy: { UserId: 4, Name: 'Anna Field', Self: false },
    });
    let reads = 0;
    function Screen() {
      useQuery({ queryKey: ['screen'], queryFn: async () => ++reads });
      return null;
    }
    renderWithProviders(
      <>
        <Screen />
        <ApiProblemDialogs />
      </>,
      { api },
    );
    await waitFor(() => expect(reads).toBe(1));
    await failCall(api);
    const dialog = await screen.findByRole('dialog', { name: 'Conflict' });
    expect(dialog.textContent).toContain(
      'Another user is making changes that conflict with yours. If you retry later, you may overwrite their changes, so refresh first to see them.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    [
      { UserId: 4, Name: 'Anna Field', Self: false },
      'This action cannot be completed because Anna Field is performing a conflicting operation on the same holding. Check your other tabs, or try again later.',
    ],
    [
      { UserId: 5, Name: 'Ben Ridge', Self: true },
      'This action cannot be completed because you are performing a conflicting operation on the same holding. Check your other tabs, or try again later.',
    ],
    [
      null,
      'This action cannot be completed because another user is performing a conflicting operation on the same holding. Check your other tabs, or try again later.',
    ],
  ])('shows a conflict in stop mode naming who is at work (%o)', async (changedBy, words) => {
    const api = clientAnswering(409, { Message: 'Busy', Resources: ['setting:3'], ChangedBy: changedBy });
    renderWithProviders(<ApiProblemDialogs />, { api });
    await act(async () => {
      await api.post('/api/x', { conflictMode: 'stop' }).catch(() => undefined);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Conflict' });
    expect(dialog.textContent).toContain(words);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    [
      'retry',
      { UserId: 4, Name: 'Anna Field', Self: false },
      ['holding:11'],
      'Anna Field',
      "the holding's details",
    ],
    [
      'retry',
      { UserId: 5, Name: 'Ben Ridge', Self: true },
      ['cropping:7'],
      'you, in another tab or window',
      'the cropping',
    ],
    ['stop', null, ['member:3:8', 'member:3:9'], 'another user', "a member's access"],
    ['retry', null, ['fields'], 'another user', 'data of the holding'],
  ] as const)('says who changed what in %s mode (%o)', async (mode, changedBy, resources, who, what) => {
    const api = clientAnswering(409, { Message: 'Busy', Resources: resources, ChangedBy: changedBy });
    renderWithProviders(<ApiProblemDialogs />, { api });
    await act(async () => {
      await api.post('/api/x', { conflictMode: mode }).catch(() => undefined);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Conflict' });
    expect(dialog.textContent).toContain(`Changed by: ${who}`);
    expect(dialog.textContent).toContain(`What changed: ${what}`);
  });

  it('ends the session on a 401 auth error once a holding is selected', async () => {
    const api = clientAnswering(401, { Message: 'Your session has ended.', AuthError: true });
    api.setUnauthorisedHandling(true);
    window.sessionStorage.setItem('headland.accessToken', 'old');
    renderWithProviders(<ApiProblemDialogs />, { api });
    await failCall(api);
    const dialog = await screen.findByRole('dialog', { name: 'Session ended' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(reloadToLogin).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('headland.accessToken')).toBeNull();
    expect(dialog).toBeTruthy();
  });
});
