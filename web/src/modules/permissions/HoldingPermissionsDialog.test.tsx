import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PermissionsResponse } from '@headland/domain/api/permissionsApi';
import { HoldingRole } from '@headland/domain/roles';
import { fakePermissionsServer } from './testing/fakePermissionsServer.ts';
import { aPermissionsResponse, aPermissionsUser, viewerId } from './testing/permissionsFixtures.ts';
import { renderPermissionsDialog, renderPermissionsScreen } from './testing/renderPermissionsDialog.tsx';
import { ApiProblemDialogs } from '../../shell/dialogs/ApiProblemDialogs.tsx';
import { HoldingPermissionsDialog } from './HoldingPermissionsDialog.tsx';

const ownerTitle = 'Manage users and permissions for this holding';
const memberTitle = 'Users and permissions';

/** The response for a viewer who is a plain member of the holding. */
function memberView(): PermissionsResponse {
  const data = aPermissionsResponse({ canManage: false, croppings: [], invites: [] });
  return {
    ...data,
    users: data.users.map((user) =>
      user.userId === viewerId
        ? { ...user, holdingRole: HoldingRole.Member }
        : user.userId === 8
          ? { ...user, holdingRole: HoldingRole.Owner }
          : { ...user, croppingPermissions: [] },
    ),
  };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
const rowNames = () =>
  within(screen.getByRole('table', { name: 'Users of this holding' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('aria-label'));
const roleSelect = (name: string) => screen.getByLabelText(`Role of ${name}`) as HTMLSelectElement;
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);

describe('Users and permissions dialog', { timeout: 30_000 }, () => {
  it('gives owners four tabs, starting on Users', async () => {
    renderPermissionsDialog({ server: fakePermissionsServer() });
    expect(await screen.findByRole('dialog', { name: ownerTitle })).toBeTruthy();
    await screen.findByRole('table', { name: 'Users of this holding' });
    expect(tabNames()).toEqual(['Users', 'Permissions', 'Cropping', 'Invitations']);
    expect(selectedTab()).toBe('Users');
    expect(rowNames()).toEqual(['Ann Field', 'Bob Tiller', 'Cara Mills']);
  });

  it('gives other members Users and Permissions, starting on Permissions', async () => {
    renderPermissionsDialog({ server: fakePermissionsServer({ data: memberView() }), holdingRole: 'Member' });
    expect(await screen.findByRole('dialog', { name: memberTitle })).toBeTruthy();
    await screen.findByRole('table', { name: 'Permissions of the members' });
    expect(tabNames()).toEqual(['Users', 'Permissions']);
    expect(selectedTab()).toBe('Permissions');
  });

  it.each([
    ['invitations', true, 'Invitations'],
    ['cropping', true, 'Cropping'],
    ['permissions', true, 'Permissions'],
    ['cropping', false, 'Permissions'],
    ['users', false, 'Users'],
  ])(
    'starts on the tab the view parameter %s names when the viewer has it (owner %s)',
    async (view, owner, tab) => {
      const server = fakePermissionsServer({ data: owner ? aPermissionsResponse() : memberView() });
      renderPermissionsDialog({ server, initialView: view, holdingRole: owner ? 'Owner' : 'Member' });
      await screen.findByRole('dialog', { name: owner ? ownerTitle : memberTitle });
      await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(owner ? 4 : 2));
      expect(selectedTab()).toBe(tab);
    },
  );
});

describe('Users tab', { timeout: 30_000 }, () => {
  async function openOwner(data = aPermissionsResponse()) {
    const server = fakePermissionsServer({ data });
    const rendered = renderPermissionsDialog({ server });
    await screen.findByRole('table', { name: 'Users of this holding' });
    return { server, ...rendered };
  }

  it('filters users by name or e-mail, ignoring case, and keeps users with unsaved changes', async () => {
    await openOwner();
    const filter = screen.getByLabelText('Filter by user name');
    fireEvent.change(filter, { target: { value: 'MILLS' } });
    expect(rowNames()).toEqual(['Cara Mills']);
    fireEvent.change(filter, { target: { value: 'bob@' } });
    expect(rowNames()).toEqual(['Bob Tiller']);
    fireEvent.change(roleSelect('Bob Tiller'), { target: { value: String(HoldingRole.Owner) } });
    fireEvent.change(filter, { target: { value: 'cara' } });
    expect(rowNames()).toEqual(['Bob Tiller', 'Cara Mills']);
    fireEvent.change(filter, { target: { value: 'nobody' } });
    expect(rowNames()).toEqual(['Bob Tiller']);
  });

  it('keeps the filter text when another tab is chosen', async () => {
    await openOwner();
    fireEvent.change(screen.getByLabelText('Filter by user name'), { target: { value: 'cara' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Cropping' }));
    expect((await screen.findByLabelText('Filter by user name')) as HTMLInputElement).toHaveProperty(
      'value',
      'cara',
    );
  });

  it('offers owners every role and disables their own entry', async () => {
    await openOwner();
    expect(optionTexts(roleSelect('Bob Tiller'))).toEqual(['Owner', 'Member', 'Restricted member']);
    expect(roleSelect('Bob Tiller').disabled).toBe(false);
    expect(optionTexts(roleSelect('Cara Mills'))).toEqual(['Owner', 'Member', 'Restricted member']);
    expect(roleSelect('Ann Field').disabled).toBe(true);
  });

  it('lets a member choose only Restricted member for themselves, and nothing for others', async () => {
    renderPermissionsDialog({
      server: fakePermissionsServer({ data: memberView() }),
      holdingRole: 'Member',
      initialView: 'users',
    });
    await screen.findByRole('table', { name: 'Users of this holding' });
    expect(optionTexts(roleSelect('Ann Field'))).toEqual(['Member', 'Restricted member']);
    expect(roleSelect('Ann Field').disabled).toBe(false);
    expect(roleSelect('Bob Tiller').disabled).toBe(true);
    expect(roleSelect('Cara Mills').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('offers a restricted member nothing for themselves', async () => {
    const data = memberView();
    data.users[0] = { ...data.users[0]!, holdingRole: HoldingRole.RestrictedMember };
    renderPermissionsDialog({
      server: fakePermissionsServer({ data }),
      holdingRole: 'RestrictedMember',
      initialView: 'users',
    });
    await screen.findByRole('table', { name: 'Users of this holding' });
    expect(optionTexts(roleSelect('Ann Field'))).toEqual(['Restricted member']);
    expect(roleSelect('Ann Field').disabled).toBe(true);
  });

  it('shows the remove button on members and restricted members other than the owner viewing', async () => {
    const data = aPermissionsResponse();
    data.users.push(
      aPermissionsUser({
        userId: 20,
        firstName: 'Dan',
        lastName: 'Owens',
        email: 'dan@example.com',
        holdingRole: HoldingRole.Owner,
      }),
    );
    await openOwner(data);
    const removeButtons = screen
      .getAllByRole('button', { name: /^Remove / })
      .map((button) => button.getAttribute('aria-label'));
    expect(removeButtons).toEqual(['Remove Bob Tiller', 'Remove Cara Mills']);
  });

  it('toggles removal with the trash button, disabling the role meanwhile', async () => {
    await openOwner();
    const trash = screen.getByRole('button', { name: 'Remove Bob Tiller' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(trash);
    expect(trash.getAttribute('aria-pressed')).toBe('true');
    expect(roleSelect('Bob Tiller').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    fireEvent.click(trash);
    expect(trash.getAttribute('aria-pressed')).toBe('false');
    expect(roleSelect('Bob Tiller').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('Read-only session', { timeout: 30_000 }, () => {
  it('changes nothing: roles locked, no remove buttons, the grid and invitations read-only', async () => {
    renderPermissionsDialog({ server: fakePermissionsServer(), readOnly: true });
    await screen.findByRole('table', { name: 'Users of this holding' });
    expect(roleSelect('Bob Tiller').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions' }));
    await screen.findByRole('table', { name: 'Permissions of the members' });
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Invitations' }));
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Footer and saving', { timeout: 30_000 }, () => {
  it('offers Refresh and Close without changes, Cancel and Save with them', async () => {
    const server = fakePermissionsServer();
    const { onClose } = renderPermissionsDialog({ server });
    await screen.findByRole('table', { name: 'Users of this holding' });
    const footer = () =>
      screen
        .getAllByRole('button')
        .filter((button) => ['Refresh', 'Close', 'Cancel', 'Save'].includes(button.textContent ?? ''))
        .map((button) => button.textContent);
    expect(footer()).toEqual(['Refresh', 'Close']);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.loads()).toBe(2));
    fireEvent.change(roleSelect('Bob Tiller'), { target: { value: String(HoldingRole.Owner) } });
    expect(footer()).toEqual(['Cancel', 'Save']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(roleSelect('Bob Tiller').value).toBe(String(HoldingRole.Member));
    expect(footer()).toEqual(['Refresh', 'Close']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('gives non-owners Close only', async () => {
    renderPermissionsDialog({ server: fakePermissionsServer({ data: memberView() }), holdingRole: 'Member' });
    await screen.findByRole('table', { name: 'Permissions of the members' });
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  });

  it('saves the changed users without a question when nobody is removed, then loads again', async () => {
    const server = fakePermissionsServer();
    renderPermissionsDialog({ server });
    await screen.findByRole('table', { name: 'Users of this holding' });
    fireEvent.change(roleSelect('Bob Tiller'), { target: { value: String(HoldingRole.Owner) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Remove users from this holding' })).toBeNull();
    expect(server.saves()[0]).toMatchObject({
      year: 2025,
      users: [{ userId: 8, holdingRole: HoldingRole.Owner }],
    });
    await waitFor(() => expect(server.loads()).toBe(2));
  });

  it('asks before saving a removal, warning that it cannot be undone', async () => {
    const server = fakePermissionsServer();
    renderPermissionsDialog({ server });
    await screen.findByRole('table', { name: 'Users of this holding' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob Tiller' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Remove users from this holding' });
    expect(question.textContent).toContain('Bob Tiller will lose access to this holding');
    expect(question.textContent).toContain('This cannot be undone');
    expect(question.textContent).toContain('new invitation');
    fireEvent.click(within(question).getByRole('button', { name: 'Go back' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove users from this holding' })).toBeNull(),
    );
    expect(server.saves()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove and save' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]!.users).toEqual([
      { userId: 8, email: 'bob@example.com', delete: true, version: 1 },
    ]);
  });

  it('shows why a save was refused and keeps the changes', async () => {
    const message = 'A holding must keep at least one owner: make another user an owner first.';
    const server = fakePermissionsServer({ saveFailure: { status: 400, body: { Message: message } } });
    renderPermissionsDialog({ server });
    await screen.findByRole('table', { name: 'Users of this holding' });
    fireEvent.change(roleSelect('Bob Tiller'), { target: { value: String(HoldingRole.Owner) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(roleSelect('Bob Tiller').value).toBe(String(HoldingRole.Owner));
    expect(server.loads()).toBe(1);
  });

  it('leaves a conflict to the conflict dialog, whose Refresh loads what another owner saved', async () => {
    const server = fakePermissionsServer({
      saveFailure: {
        status: 409,
        body: {
          Message: 'Another user has changed this since you opened it.',
          Resources: ['member:11:8'],
          ChangedBy: { UserId: 90, Name: 'Carl Hedge', Self: false },
        },
      },
    });
    renderPermissionsScreen(
      <>
        <HoldingPermissionsDialog onClose={vi.fn()} />
        <ApiProblemDialogs />
      </>,
      { server },
    );
    await screen.findByRole('table', { name: 'Users of this holding' });
    fireEvent.change(roleSelect('Bob Tiller'), { target: { value: String(HoldingRole.Owner) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByRole('dialog', { name: 'Conflict' });
    expect(server.saves()[0]!.users[0]).toMatchObject({ userId: 8, version: 1 });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(within(conflict).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.loads()).toBe(2));
    await waitFor(() => expect(roleSelect('Bob Tiller').value).toBe(String(HoldingRole.Member)));
  });

  it('asks before a member makes themselves restricted, then switches and logs out on Save', async () => {
    const server = fakePermissionsServer({ data: memberView() });
    const { logOut } = renderPermissionsDialog({ server, holdingRole: 'Member', initialView: 'users' });
    await screen.findByRole('table', { name: 'Users of this holding' });
    const choose = () =>
      fireEvent.change(roleSelect('Ann Field'), { target: { value: String(HoldingRole.RestrictedMember) } });

    choose();
    let question = await screen.findByRole('dialog', { name: 'Change to restricted member' });
    expect(question.textContent).toContain('the product will be restarted for the change to take effect');
    fireEvent.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change to restricted member' })).toBeNull(),
    );
    expect(roleSelect('Ann Field').value).toBe(String(HoldingRole.Member));

    choose();
    question = await screen.findByRole('dialog', { name: 'Change to restricted member' });
    fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(roleSelect('Ann Field').value).toBe(String(HoldingRole.RestrictedMember)));
    // The choice cannot be taken back by the member: the control is now locked.
    expect(roleSelect('Ann Field').disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(logOut).toHaveBeenCalledTimes(1));
    const posted = server.calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(posted).toEqual(['/api/holdings/v1/permissions/role/restricted']);
  });
});

describe('Users tab of a holding with many users', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws the rows in view, tells the full count, and reaches the others by scrolling or filtering', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(460);
    const data = aPermissionsResponse();
    data.users = Array.from({ length: 150 }, (_, index) => {
      const number = String(index + 1).padStart(3, '0');
      return aPermissionsUser({
        userId: 100 + index,
        firstName: 'User',
        lastName: number,
        email: `u${number}@x.org`,
      });
    });
    renderPermissionsDialog({ server: fakePermissionsServer({ data }) });
    const table = await screen.findByRole('table', { name: 'Users of this holding' });
    expect(table.getAttribute('aria-rowcount')).toBe('151');
    // Nine rows of 46 px fit under the header; ten more are drawn below them.
    expect(rowNames()).toHaveLength(19);
    expect(rowNames()[0]).toBe('User 001');

    const viewport = table.parentElement!;
    viewport.scrollTop = 110 * 46;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(rowNames()).toContain('User 120'));
    expect(rowNames()).not.toContain('User 001');
    fireEvent.change(roleSelect('User 120'), { target: { value: String(HoldingRole.RestrictedMember) } });
    expect(roleSelect('User 120').value).toBe(String(HoldingRole.RestrictedMember));

    fireEvent.change(screen.getByLabelText('Filter by user name'), { target: { value: 'u007@' } });
    viewport.scrollTop = 0;
    fireEvent.scroll(viewport);
    // The user with unsaved changes stays listed.
    await waitFor(() => expect(rowNames()).toEqual(['User 007', 'User 120']));
    expect(table.getAttribute('aria-rowcount')).toBe('3');
  });
});
