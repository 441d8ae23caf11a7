import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { Role } from '@headland/domain/roles';
import { noPermissions } from '@headland/domain/permissions';
import { createI18n } from '../../i18n/createI18n.ts';
import { UserMenu } from '../../shell/layout/UserMenu.tsx';
import type { AppSession } from '../../shell/session/AppSessionContext.tsx';
import { HoldingSavedBanner } from './HoldingSavedBanner.tsx';
import { aHoldingDetails } from './testing/holdingsFixtures.ts';
import { fakeHoldingsServer } from './testing/fakeHoldingsServer.ts';
import { renderHoldingsScreen } from './testing/renderHoldingsScreen.tsx';

function renderMenu(session: Partial<AppSession> = {}) {
  const server = fakeHoldingsServer({
    holdings: [aHoldingDetails(), aHoldingDetails({ HoldingId: 12, TradingName: 'Hill Top' })],
  });
  renderHoldingsScreen(
    <UserMenu
      admin={false}
      debug={false}
      userName="Ann Field"
      onManageUser={vi.fn()}
      onChangePassword={vi.fn()}
      onLogOut={vi.fn()}
    />,
    { server, role: Role.Agronomist, session },
  );
  fireEvent.click(screen.getByRole('button', { name: 'User menu: Ann Field' }));
  return server;
}

const readWrite = { read: true, write: true };

describe('Manage holdings in the user menu', { timeout: 30_000 }, () => {
  it('is offered with holdings write in a session that is not read-only', async () => {
    renderMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage holdings' }));
    expect(await screen.findByRole('dialog', { name: 'Manage holdings' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Your holdings' })).toBeTruthy();
  });

  it('is not offered without holdings write', async () => {
    const permissions = {
      ...noPermissions(),
      currentHolding: readWrite,
      holdings: { read: true, write: false },
    };
    renderMenu({ permissions });
    await screen.findByRole('menuitem', { name: 'Change password' });
    expect(screen.queryByRole('menuitem', { name: 'Manage holdings' })).toBeNull();
  });

  it('is not offered in a read-only session', async () => {
    renderMenu({ readOnly: true });
    await screen.findByRole('menuitem', { name: 'Change password' });
    expect(screen.queryByRole('menuitem', { name: 'Manage holdings' })).toBeNull();
  });

  it('shows the holding-saved banner after a save, over the closed dialogs', async () => {
    renderMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage holdings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Hill Top' }));
    const name = await screen.findByLabelText('Trading Name');
    fireEvent.change(name, { target: { value: 'Hill Top Farm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The holding Hill Top Farm has been saved.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage holdings' })).toBeNull());
    expect(screen.getByText('The holding Hill Top Farm has been saved.')).toBeTruthy();
  });
});

describe('HoldingSavedBanner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends after 10 seconds', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <MantineProvider env="test">
          <HoldingSavedBanner name="Brook Farm" onDone={onDone} />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('The holding Brook Farm has been saved.');
    act(() => vi.advanceTimersByTime(9_999));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
