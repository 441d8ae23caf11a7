import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('shows a conflict dialog for a 409 with resources', async () => {
    const api = clientAnswering(409, { Message: 'Busy', Resources: ['holding:11'] });
    renderWithProviders(<ApiProblemDialogs />, { api });
    await failCall(api);
    const dialog = await screen.findByRole('dialog', { name: 'Conflict' });
    expect(dialog.textContent).toMatch(/Another user is making changes that conflict/);
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
