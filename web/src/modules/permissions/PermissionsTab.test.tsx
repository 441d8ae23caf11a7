import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  holdingPermissionFeatures,
  normaliseHoldingPermissions,
  ownerHoldingPermissions,
  permissionCell,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import type { PermissionsResponse } from '@headland/domain/api/permissionsApi';
import { createI18n } from '../../i18n/createI18n.ts';
import { featureTextKey } from './PermissionsTab.tsx';
import { fakePermissionsServer } from './testing/fakePermissionsServer.ts';
import { aPermissionsResponse, aPermissionsUser, viewerId } from './testing/permissionsFixtures.ts';
import { renderPermissionsDialog } from './testing/renderPermissionsDialog.tsx';

async function openGrid(
  data: PermissionsResponse = aPermissionsResponse(),
  holdingRole: 'Owner' | 'Member' = 'Owner',
) {
  const server = fakePermissionsServer({ data });
  renderPermissionsDialog({ server, holdingRole, initialView: 'permissions' });
  await screen.findByRole('table', { name: 'Permissions of the members' });
  return server;
}

const group = (name: 'Main application' | 'Field-scouting application') =>
  within(screen.getByRole('rowgroup', { name }));
const headers = () =>
  within(screen.getByRole('table', { name: 'Permissions of the members' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
/** The cells of a feature's row, one per column after the feature's name. */
const cells = (
  feature: string,
  groupName: 'Main application' | 'Field-scouting application' = 'Main application',
) => within(group(groupName).getByRole('rowheader', { name: feature }).closest('tr')!).getAllByRole('cell');
const cellSelect = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);

describe('Permissions tab', { timeout: 30_000 }, () => {
  it('has a column per member and restricted member, named by first and last name', async () => {
    await openGrid();
    expect(headers()).toEqual(['Feature', 'Bob Tiller', 'Cara Mills']);
  });

  it('offers the option labels of each permission format', async () => {
    await openGrid(
      aPermissionsResponse({
        holdingFeatures: { sprayAudit: true, perHoldingPermissions: true, scoutingLink: true },
      }),
    );
    expect(optionTexts(cellSelect('Fields for Bob Tiller'))).toEqual(['No access', 'View', 'View and edit']);
    expect(optionTexts(cellSelect('Stocks for Bob Tiller'))).toEqual([
      'No access',
      'View',
      'View (including financial data)',
      'View and edit (including financial data)',
    ]);
    expect(optionTexts(cellSelect('Exports for Bob Tiller'))).toEqual(['Available', 'Not available']);
    expect(optionTexts(cellSelect('App access (field scouting) for Bob Tiller'))).toEqual([
      'Available',
      'Not available',
    ]);
  });

  it("reads 'Not available' where the role, the holding or a dependency rules a permission out", async () => {
    const data = aPermissionsResponse({
      holdingFeatures: { sprayAudit: true, perHoldingPermissions: true, scoutingLink: false },
    });
    data.users[1] = aPermissionsUser({ userRole: Role.Agronomist });
    await openGrid(data);
    // Bob (an agronomist) may audit spray plans; Cara's account role (Client) may not.
    expect(cellSelect('Halo audit for Bob Tiller')).toBeTruthy();
    expect(cells('Halo audit')[1]!.textContent).toBe('Not available');
    // A restricted member has no Business Production.
    expect(cellSelect('Business Production for Bob Tiller')).toBeTruthy();
    expect(cells('Business Production')[1]!.textContent).toBe('Not available');
    // The holding has no link to the scouting app.
    expect(cells('App access', 'Field-scouting application').map((cell) => cell.textContent)).toEqual([
      'Not available',
      'Not available',
    ]);
    // Halo audit needs spray plans.
    fireEvent.change(cellSelect('Spray plans for Bob Tiller'), { target: { value: '' } });
    expect(cells('Halo audit')[0]!.textContent).toBe('Not available');
    fireEvent.change(cellSelect('Spray plans for Bob Tiller'), { target: { value: 'view' } });
    expect(cellSelect('Halo audit for Bob Tiller').value).toBe('notAvailable');
  });

  it("reads 'Not available' where the holding's owner lacks a permission, and keeps edits within it", async () => {
    const holdingFeatures = { sprayAudit: true, perHoldingPermissions: true, scoutingLink: true };
    // The owner has the Access role: map layers and exports, climate to view, no stocks or fields.
    const ownerPermissions = ownerHoldingPermissions([Role.Access], holdingFeatures);
    const data = aPermissionsResponse({ holdingFeatures, ownerPermissions });
    const manager = aPermissionsUser({ userRole: Role.Manager });
    manager.holdingPermissions = normaliseHoldingPermissions(
      manager.holdingPermissions,
      Role.Manager,
      HoldingRole.Member,
      ownerPermissions,
    );
    data.users[1] = manager;
    const server = await openGrid(data);
    for (const feature of ['Stocks', 'Fields', 'Reports', 'Business Shed']) {
      expect(cells(feature).map((cell) => cell.textContent)).toEqual(['Not available', 'Not available']);
    }
    expect(cells('App access', 'Field-scouting application')[0]!.textContent).toBe('Not available');
    expect(screen.queryByLabelText('Stocks for Bob Tiller')).toBeNull();
    expect(cellSelect('Map layers for Bob Tiller').value).toBe('edit');
    expect(cellSelect('Climate for Bob Tiller').value).toBe('view');

    fireEvent.change(cellSelect('Climate for Bob Tiller'), { target: { value: 'edit' } });
    expect(cellSelect('Climate for Bob Tiller').value).toBe('view');
    fireEvent.change(cellSelect('Map layers for Bob Tiller'), { target: { value: 'view' } });
    fireEvent.change(cellSelect('Set every Main application permission of Bob Tiller'), {
      target: { value: 'edit' },
    });
    expect(cellSelect('Map layers for Bob Tiller').value).toBe('edit');
    expect(cells('Stocks')[0]!.textContent).toBe('Not available');

    fireEvent.change(cellSelect('Map layers for Bob Tiller'), { target: { value: 'view' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    const sent = server.saves()[0]!.users[0]!.holdingPermissions!;
    expect(permissionCell(sent, 'main.mapLayers')).toBe('view');
    expect(permissionCell(sent, 'main.stocks')).toBeNull();
    expect(permissionCell(sent, 'main.climate')).toBe('view');
  });

  it('sets View or View and edit for every feature of a group with the bulk drop-down', async () => {
    const server = await openGrid();
    const bulk = () => cellSelect('Set every Main application permission of Bob Tiller');
    expect(optionTexts(bulk()).slice(1)).toEqual(['View', 'View and edit']);
    fireEvent.change(cellSelect('Fields for Bob Tiller'), { target: { value: '' } });
    fireEvent.change(bulk(), { target: { value: 'edit' } });
    expect(cellSelect('Fields for Bob Tiller').value).toBe('edit');
    expect(cellSelect('Stocks for Bob Tiller').value).toBe('editFinancial');
    // A client may only view holdings, whatever the bulk choice.
    expect(cellSelect('Holdings for Bob Tiller').value).toBe('view');
    fireEvent.change(bulk(), { target: { value: 'view' } });
    expect(cellSelect('Fields for Bob Tiller').value).toBe('view');
    expect(cellSelect('Stocks for Bob Tiller').value).toBe('view');
    expect(cellSelect('Exports for Bob Tiller').value).toBe('available');
    // The other user's column is untouched.
    expect(cellSelect('Fields for Cara Mills').value).toBe('edit');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    const [sent] = server.saves()[0]!.users;
    expect(sent!.userId).toBe(8);
    expect(permissionCell(sent!.holdingPermissions!, 'main.fields')).toBe('view');
    expect(permissionCell(sent!.holdingPermissions!, 'main.stocks')).toBe('view');
  });

  it('marks a user changed when a cell changes and unchanged when it changes back', async () => {
    await openGrid();
    fireEvent.change(cellSelect('Fields for Bob Tiller'), { target: { value: 'view' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    fireEvent.change(cellSelect('Fields for Bob Tiller'), { target: { value: 'edit' } });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('is read-only for non-owners', async () => {
    const data = aPermissionsResponse({ canManage: false, croppings: [] });
    data.users[0] = { ...data.users[0]!, holdingRole: HoldingRole.Member };
    await openGrid(data, 'Member');
    expect(headers()).toEqual(['Feature', 'Ann Field', 'Bob Tiller', 'Cara Mills']);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(cells('Fields').map((cell) => cell.textContent)).toEqual([
      'View and edit',
      'View and edit',
      'View and edit',
    ]);
  });

  it('shows the e-mail address of a column as its tooltip', async () => {
    await openGrid();
    fireEvent.mouseEnter(screen.getByText('Cara Mills', { selector: 'th span' }));
    expect(await screen.findByText('cara@example.com')).toBeTruthy();
  });

  it('tells owners how to invite users when there are no members', async () => {
    const data = aPermissionsResponse();
    data.users = data.users.filter((user) => user.userId === viewerId);
    const server = fakePermissionsServer({ data });
    renderPermissionsDialog({ server, initialView: 'permissions' });
    expect(
      await screen.findByText("There are no users with the 'member' role registered on this holding."),
    ).toBeTruthy();
    expect(
      screen.getByText('You can invite users to join this holding from the Invitations tab.'),
    ).toBeTruthy();
  });

  it('leaves the invitation hint out for non-owners', async () => {
    const data = aPermissionsResponse({ canManage: false });
    data.users = [];
    const server = fakePermissionsServer({ data });
    renderPermissionsDialog({ server, holdingRole: 'Member' });
    expect(
      await screen.findByText("There are no users with the 'member' role registered on this holding."),
    ).toBeTruthy();
    expect(
      screen.queryByText('You can invite users to join this holding from the Invitations tab.'),
    ).toBeNull();
  });

  it('filters the columns by user name', async () => {
    await openGrid();
    fireEvent.change(screen.getByLabelText('Filter by user name'), { target: { value: 'cara' } });
    expect(headers()).toEqual(['Feature', 'Cara Mills']);
  });
});

describe('Permissions tab of a holding with many members', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The viewer and 40 members, Member 01 to Member 40, in a viewport 1,000 px wide. */
  async function openWideGrid() {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const data = aPermissionsResponse();
    const members = Array.from({ length: 40 }, (_, index) => {
      const number = String(index + 1).padStart(2, '0');
      return aPermissionsUser({
        userId: 100 + index,
        firstName: 'Member',
        lastName: number,
        email: `member${number}@example.com`,
      });
    });
    data.users = [data.users[0]!, ...members];
    await openGrid(data);
    return screen.getByRole('table', { name: 'Permissions of the members' });
  }

  it('draws the member columns in view and tells the full count', async () => {
    const table = await openWideGrid();
    expect(table.getAttribute('aria-colcount')).toBe('41');
    // 780 px after the Feature column show three columns of 300 px; two more are drawn beyond them.
    expect(headers()).toEqual(['Feature', 'Member 01', 'Member 02', 'Member 03', 'Member 04', 'Member 05']);
    expect(screen.queryByLabelText('Fields for Member 20')).toBeNull();
  });

  it('draws the columns scrolled into view, each cell with its label', async () => {
    const table = await openWideGrid();
    const viewport = table.parentElement!;
    viewport.scrollLeft = 5_000;
    fireEvent.scroll(viewport);
    // Columns 16 to 20 are in view from 5,000 px on; 14, 15, 21 and 22 are drawn either side.
    await waitFor(() => expect(headers()[1]).toBe('Member 14'));
    expect(headers()).toHaveLength(10);
    expect(headers().at(-1)).toBe('Member 22');
    const fields = cellSelect('Fields for Member 20');
    expect(fields.closest('td')!.getAttribute('aria-colindex')).toBe('21');
    fireEvent.change(fields, { target: { value: 'view' } });
    expect(cellSelect('Fields for Member 20').value).toBe('view');
    expect(screen.queryByLabelText('Fields for Member 01')).toBeNull();
  });

  it('shows the columns the filter leaves, whatever was scrolled', async () => {
    const table = await openWideGrid();
    const viewport = table.parentElement!;
    viewport.scrollLeft = 5_000;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(headers()[1]).toBe('Member 14'));
    fireEvent.change(screen.getByLabelText('Filter by user name'), { target: { value: 'member3' } });
    // The browser brings the scroll position back within the narrower grid.
    viewport.scrollLeft = 0;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(headers()[1]).toBe('Member 30'));
    expect(table.getAttribute('aria-colcount')).toBe('11');
  });
});

describe('feature texts', () => {
  const i18n = createI18n('en');
  it.each(holdingPermissionFeatures.map((feature) => [feature.id, feature.label] as const))(
    '%s reads %s',
    (id, label) => {
      expect(i18n.t(featureTextKey(id))).toBe(label);
    },
  );
});
