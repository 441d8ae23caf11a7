import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PermissionsResponse } from '@headland/domain/api/permissionsApi';
import { HoldingRole } from '@headland/domain/roles';
import { fakePermissionsServer } from './testing/fakePermissionsServer.ts';
import { aCropping, aPermissionsResponse, aPermissionsUser } from './testing/permissionsFixtures.ts';
import { renderPermissionsDialog } from './testing/renderPermissionsDialog.tsx';

/** Cara (restricted, one cropping withheld) and Dan (restricted, any cropping) against three croppings. */
function croppingData(): PermissionsResponse {
  const data = aPermissionsResponse();
  data.croppings.push(
    aCropping({
      croppingId: 503,
      description: 'Top field, Spring barley, 7.10 ha',
      fieldId: 3,
      fieldName: 'Top field',
      fieldGroup: null,
      area: 7.1,
      cropName: 'Spring barley',
      varietyName: null,
    }),
  );
  data.users.push(
    aPermissionsUser({
      userId: 10,
      firstName: 'Dan',
      lastName: 'Owens',
      email: 'dan@example.com',
      holdingRole: HoldingRole.RestrictedMember,
      restrictCroppingAccess: false,
    }),
  );
  return data;
}

async function openCropping(data = croppingData()) {
  const server = fakePermissionsServer({ data });
  renderPermissionsDialog({ server, initialView: 'cropping' });
  await screen.findByRole('table', { name: 'Croppings open to the restricted members' });
  return server;
}

const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const headers = () =>
  within(screen.getByRole('table', { name: 'Croppings open to the restricted members' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
const groupHeadings = () =>
  within(screen.getByRole('table', { name: 'Croppings open to the restricted members' }))
    .getAllByRole('rowheader')
    .filter((header) => header.getAttribute('scope') === 'rowgroup')
    .map((header) => header.textContent);
const state = (input: HTMLInputElement) =>
  input.indeterminate ? 'mixed' : input.checked ? 'checked' : 'unchecked';

describe('Cropping tab', { timeout: 30_000 }, () => {
  it('has a column per restricted member and starts with Access any cropping', async () => {
    await openCropping();
    expect(headers()).toEqual(['Cropping', 'Cara Mills', 'Dan Owens']);
    expect(box('Access any cropping for Cara Mills').checked).toBe(false);
    expect(box('Access any cropping for Dan Owens').checked).toBe(true);
  });

  it('groups the croppings with their total area rounded to 2 decimals', async () => {
    await openCropping();
    expect(groupHeadings()).toEqual(['All crops (22.35 ha)']);
    const grouping = screen.getByLabelText('Group croppings') as HTMLSelectElement;
    expect([...grouping.options].map((option) => option.textContent)).toEqual([
      'All crops',
      'Group by crop',
      'Group by variety',
      'Group by field group',
      'Group by crop description',
    ]);
    fireEvent.change(grouping, { target: { value: 'crop' } });
    expect(groupHeadings()).toEqual(['Spring barley (7.10 ha)', 'Winter wheat (15.25 ha)']);
    fireEvent.change(grouping, { target: { value: 'fieldGroup' } });
    expect(groupHeadings()).toEqual(['North (15.25 ha)', 'No field group (7.10 ha)']);
  });

  it('shows a tri-state group checkbox: indeterminate when its croppings are mixed', async () => {
    await openCropping();
    fireEvent.change(screen.getByLabelText('Group croppings'), { target: { value: 'crop' } });
    const wheat = () => box('Winter wheat for Cara Mills');
    expect(state(wheat())).toBe('mixed');
    expect(state(box('Spring barley for Cara Mills'))).toBe('checked');
    expect(box('Long meadow, Winter wheat, 5.25 ha for Cara Mills').checked).toBe(false);

    // A mixed group's box authorises every cropping of the group; pressed again it withholds them all.
    fireEvent.click(wheat());
    expect(state(wheat())).toBe('checked');
    expect(box('Long meadow, Winter wheat, 5.25 ha for Cara Mills').checked).toBe(true);
    fireEvent.click(wheat());
    expect(state(wheat())).toBe('unchecked');
    expect(box('Home field, Winter wheat, 10.00 ha for Cara Mills').checked).toBe(false);
    // One cropping ticked again makes the group mixed.
    fireEvent.click(box('Home field, Winter wheat, 10.00 ha for Cara Mills'));
    expect(state(wheat())).toBe('mixed');
  });

  it('opens every cropping, locked, while Access any cropping is ticked', async () => {
    await openCropping();
    const home = () => box('Home field, Winter wheat, 10.00 ha for Dan Owens');
    expect(home().checked).toBe(true);
    expect(home().disabled).toBe(true);
    expect(box('All crops for Dan Owens').disabled).toBe(true);
    fireEvent.click(box('Access any cropping for Dan Owens'));
    expect(home().disabled).toBe(false);
    fireEvent.click(home());
    expect(home().checked).toBe(false);
    fireEvent.click(box('Access any cropping for Dan Owens'));
    expect(home().checked).toBe(true);
  });

  it('sends cropping authorisations only for users with restricted access', async () => {
    const server = await openCropping();
    fireEvent.click(box('Long meadow, Winter wheat, 5.25 ha for Cara Mills'));
    fireEvent.click(box('Access any cropping for Dan Owens'));
    fireEvent.click(box('Access any cropping for Dan Owens'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    const users = server.saves()[0]!.users;
    expect(users.map((user) => user.userId)).toEqual([9]);
    expect(users[0]).toMatchObject({
      restrictCroppingAccess: true,
      croppingPermissions: [
        { croppingId: 501, authorized: true },
        { croppingId: 502, authorized: true },
        { croppingId: 503, authorized: true },
      ],
    });
  });

  it('lists a member made restricted in the Users tab', async () => {
    const data = croppingData();
    data.users = data.users.filter((user) => user.userId !== 10);
    await openCropping(data);
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    fireEvent.change(await screen.findByLabelText('Role of Bob Tiller'), {
      target: { value: String(HoldingRole.RestrictedMember) },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Cropping' }));
    await screen.findByRole('table', { name: 'Croppings open to the restricted members' });
    expect(headers()).toEqual(['Cropping', 'Bob Tiller', 'Cara Mills']);
  });

  it('says when there are no restricted members', async () => {
    const data = aPermissionsResponse();
    data.users = data.users.filter((user) => user.holdingRole !== HoldingRole.RestrictedMember);
    renderPermissionsDialog({ server: fakePermissionsServer({ data }), initialView: 'cropping' });
    expect(
      await screen.findByText(
        "There are no users with the 'restricted member' role registered on this holding.",
      ),
    ).toBeTruthy();
  });
});

describe('Cropping tab of a holding with many croppings', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Cara (restricted) against 300 croppings of one crop, the 250th withheld, in a viewport 600 px high. */
  async function openLongGrid() {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const data = aPermissionsResponse();
    data.croppings = Array.from({ length: 300 }, (_, index) => {
      const number = String(index + 1).padStart(3, '0');
      return aCropping({
        croppingId: 1000 + index,
        description: `Field ${number}, Winter wheat, 1.00 ha`,
        area: 1,
      });
    });
    data.users[2] = { ...data.users[2]!, croppingPermissions: [{ croppingId: 1249, authorized: false }] };
    const server = await openCropping(data);
    return { server, table: screen.getByRole('table', { name: 'Croppings open to the restricted members' }) };
  }

  const drawnCroppings = () =>
    within(screen.getByRole('rowgroup', { name: 'All crops' }))
      .getAllByRole('rowheader')
      .filter((header) => header.getAttribute('scope') === 'row')
      .map((header) => header.textContent);

  it('draws the lines in view and tells the full count', async () => {
    const { table } = await openLongGrid();
    // The header, Access any cropping, the group's line and 300 croppings.
    expect(table.getAttribute('aria-rowcount')).toBe('303');
    const drawn = drawnCroppings();
    expect(drawn[0]).toBe('Field 001, Winter wheat, 1.00 ha');
    expect(drawn.length).toBeLessThan(40);
    expect(screen.queryByLabelText('Field 250, Winter wheat, 1.00 ha for Cara Mills')).toBeNull();
  });

  it("keeps the group's tri-state and its box acting on every cropping, drawn or not", async () => {
    const { server, table } = await openLongGrid();
    expect(state(box('All crops for Cara Mills'))).toBe('mixed');
    fireEvent.click(box('All crops for Cara Mills'));
    expect(state(box('All crops for Cara Mills'))).toBe('checked');

    const viewport = table.parentElement!;
    viewport.scrollTop = 249 * 38;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(drawnCroppings()).toContain('Field 250, Winter wheat, 1.00 ha'));
    expect(drawnCroppings()).not.toContain('Field 001, Winter wheat, 1.00 ha');
    // Opened by the group's box although it was not drawn then.
    const opened = box('Field 250, Winter wheat, 1.00 ha for Cara Mills');
    expect(opened.checked).toBe(true);
    expect(opened.closest('tr')!.getAttribute('aria-rowindex')).toBe('253');
    fireEvent.click(box('Field 251, Winter wheat, 1.00 ha for Cara Mills'));
    // The group's line is out of view down here; back at the top it is mixed again.
    expect(screen.queryByLabelText('All crops for Cara Mills')).toBeNull();
    viewport.scrollTop = 0;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(state(box('All crops for Cara Mills'))).toBe('mixed'));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    const sent = server.saves()[0]!.users[0]!.croppingPermissions!;
    expect(sent).toHaveLength(300);
    expect(sent.filter((entry) => !entry.authorized)).toEqual([{ croppingId: 1250, authorized: false }]);
  });
});
