import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MaintenanceNotice } from '@headland/domain/api/liveApi';
import { ApiClient } from '../http/apiClient.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { MaintenanceGate } from './MaintenanceGate.tsx';

const hour = 3600_000;
const notice = (startOffset: number, endOffset: number): MaintenanceNotice => ({
  id: 3,
  startDate: new Date(Date.now() + startOffset).toISOString(),
  endDate: new Date(Date.now() + endOffset).toISOString(),
  message: 'Headland is closed from {start} to {end}.',
});

afterEach(() => sessionStorage.clear());

describe('MaintenanceGate', () => {
  it('replaces the app with the maintenance panel while a window runs', async () => {
    renderWithProviders(
      <MaintenanceGate load={async () => [notice(-hour, hour)]}>
        <p>The app</p>
      </MaintenanceGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Closed for maintenance' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Headland is closed from .+ to .+\./);
    expect(screen.queryByText('The app')).toBeNull();
  });

  it('announces a window starting within 24 hours once, and not one further off', async () => {
    const { unmount } = renderWithProviders(
      <MaintenanceGate load={async () => [notice(23 * hour, 24 * hour)]}>
        <p>The app</p>
      </MaintenanceGate>,
    );
    expect(await screen.findByRole('dialog', { name: 'Maintenance planned' })).toBeTruthy();
    expect(screen.getByText('The app')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Understood' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();
    renderWithProviders(
      <MaintenanceGate load={async () => [notice(23 * hour, 24 * hour)]}>
        <p>The app</p>
      </MaintenanceGate>,
    );
    await screen.findByText('The app');
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not announce a window more than 24 hours away', async () => {
    const load = vi.fn(async () => [notice(25 * hour, 26 * hour)]);
    renderWithProviders(
      <MaintenanceGate load={load}>
        <p>The app</p>
      </MaintenanceGate>,
    );
    await waitFor(() => expect(load).toHaveBeenCalled());
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads the notices again at once when the server refuses a call for maintenance', async () => {
    const refusal = new Response(JSON.stringify({ Message: 'Closed.', Maintenance: notice(-hour, hour) }), {
      status: 503,
      headers: { 'Content-Type': 'application/json', 'X-Omnia-Retry': 'No' },
    });
    const api = new ApiClient({ fetch: async () => refusal });
    let notices: MaintenanceNotice[] = [];
    const load = vi.fn(async () => notices);
    renderWithProviders(
      <MaintenanceGate load={load}>
        <p>The app</p>
      </MaintenanceGate>,
      { api },
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    notices = [notice(-hour, hour)];
    await act(async () => {
      await api.get('/api/fields/v1').catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { name: 'Closed for maintenance' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
