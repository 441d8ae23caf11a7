import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createLoadedI18n } from '../../i18n/createI18n.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { connectivity } from './browserConnectivity.ts';
import { OfflineNotice } from './OfflineNotice.tsx';

describe('OfflineNotice', () => {
  afterEach(() => connectivity.report(true));

  it('says the app is offline while the server cannot be reached, and goes when it answers again', () => {
    renderWithProviders(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => connectivity.report(false));
    const notice = screen.getByRole('status');
    expect(notice.textContent).toBe('Offline');
    expect(notice.getAttribute('title')).toBe(
      'No connection to the server: what you see may be out of date, and changes cannot be saved until the connection returns.',
    );

    act(() => connectivity.report(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks the shown language', async () => {
    renderWithProviders(<OfflineNotice />, { i18n: await createLoadedI18n('de') });
    act(() => connectivity.report(false));
    expect(screen.getByRole('status').textContent).toBe('Keine Verbindung');
  });
});
