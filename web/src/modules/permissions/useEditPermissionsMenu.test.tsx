import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { UserMenu } from '../../shell/layout/UserMenu.tsx';
import { fakePermissionsServer } from './testing/fakePermissionsServer.ts';
import {
  renderPermissionsScreen,
  type PermissionsScreenOptions,
} from './testing/renderPermissionsDialog.tsx';

function renderMenu(options: Omit<PermissionsScreenOptions, 'server'> = {}) {
  const server = fakePermissionsServer();
  renderPermissionsScreen(
    <UserMenu
      admin={false}
      debug={false}
      userName="Ann Field"
      onManageUser={vi.fn()}
      onChangePassword={vi.fn()}
      onLogOut={vi.fn()}
    />,
    { server, ...options },
  );
  fireEvent.click(screen.getByRole('button', { name: 'User menu: Ann Field' }));
  return server;
}

describe('Edit permissions in the user menu', { timeout: 30_000 }, () => {
  it.each([['Owner' as const], ['Member' as const]])('is offered to a holding %s', async (holdingRole) => {
    renderMenu({ holdingRole });
    expect(await screen.findByRole('menuitem', { name: 'Edit permissions' })).toBeTruthy();
  });

  it.each([
    ['a restricted member', { holdingRole: 'RestrictedMember' as const }],
    ['a user who does not belong to the holding', { holdingRole: null }],
    ['a brand without per-holding permissions', { perHoldingPermissions: false }],
  ])('is not offered to %s', async (_name, options) => {
    renderMenu(options);
    await screen.findByRole('menuitem', { name: 'Change password' });
    expect(screen.queryByRole('menuitem', { name: 'Edit permissions' })).toBeNull();
  });

  it('opens the dialog on the tab the view parameter names', async () => {
    const server = renderMenu({ path: '/dashboard?view=invitations' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit permissions' }));
    expect(
      await screen.findByRole('dialog', { name: 'Manage users and permissions for this holding' }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Send an invitation' })).toBeTruthy();
    expect(server.loads()).toBe(1);
    // The user menu also asks for other areas' data as it opens (the document library): find this dialog's call.
    const load = server.calls.find((call) => call.path === '/api/holdings/v1/permissions');
    expect(load!.query.get('year')).toBe('2025');

    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Manage users and permissions for this holding' }),
      ).toBeNull(),
    );
  });
});
