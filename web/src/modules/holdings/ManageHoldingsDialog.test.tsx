import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@headland/domain/roles';
import type { AppSession } from '../../shell/session/AppSessionContext.tsx';
import { ManageHoldingsDialog } from './ManageHoldingsDialog.tsx';
import { aHoldingDetails } from './testing/holdingsFixtures.ts';
import { fakeHoldingsServer, type FakeServerOptions } from './testing/fakeHoldingsServer.ts';
import { renderHoldingsScreen } from './testing/renderHoldingsScreen.tsx';

const brook = aHoldingDetails();
const hill = aHoldingDetails({
  HoldingId: 12,
  TradingName: 'Hill Top',
  Town: 'Perth',
  TownId: 4,
  Region: 2,
  AccountNumber: 'HT-9',
});
// A holding the user may change but not export (their owner set Exports to 'Not available').
const meadow = aHoldingDetails({
  HoldingId: 13,
  TradingName: 'Meadow End',
  AccountNumber: null,
  CanExport: false,
});
// A holding the user may export but not change (the Access role).
const shared = aHoldingDetails({ HoldingId: 14, TradingName: 'Shared Acres', ReadOnly: true });

interface SetupOptions extends FakeServerOptions {
  role?: Role;
  session?: Partial<AppSession>;
}

async function setup(options: SetupOptions = {}) {
  const server = fakeHoldingsServer({ holdings: [brook, hill, meadow, shared], ...options });
  vi.stubGlobal('fetch', server.fetch);
  const onClose = vi.fn();
  const onHoldingSaved = vi.fn();
  renderHoldingsScreen(<ManageHoldingsDialog onClose={onClose} onHoldingSaved={onHoldingSaved} />, {
    server,
    // Agronomists may create holdings; Clients only read them.
    role: options.role ?? Role.Agronomist,
    session: options.session,
  });
  await screen.findByRole('table', { name: 'Your holdings' });
  return { server, onClose, onHoldingSaved };
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Your holdings' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

describe('ManageHoldingsDialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:holding'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the holdings by trading name, the open one marked, and filters them by the search box', async () => {
    await setup();
    expect(screen.getByRole('dialog', { name: 'Manage holdings' })).toBeTruthy();
    expect(rowNames()).toEqual(['Brook Farm (open)', 'Hill Top', 'Meadow End', 'Shared Acres']);
    fireEvent.change(screen.getByLabelText('Search holdings'), { target: { value: 'perth' } });
    expect(rowNames()).toEqual(['Hill Top']);
    // Every text has its translation.
    expect(document.body.textContent).not.toMatch(/\(\?|returned an object/);
    fireEvent.change(screen.getByLabelText('Search holdings'), { target: { value: 'zzz' } });
    expect(screen.getByText('No holding matches this search.')).toBeTruthy();
  });

  it('offers edit and delete only on holdings the user may change, and view on the others', async () => {
    await setup();
    expect(button('Edit Hill Top')).toBeTruthy();
    expect(button('Delete Hill Top')).toBeTruthy();
    expect(button('Edit Shared Acres')).toBeNull();
    expect(button('Delete Shared Acres')).toBeNull();
    fireEvent.click(button('View Shared Acres')!);
    expect(await screen.findByRole('dialog', { name: 'Edit Shared Acres' })).toBeTruthy();
    expect(await screen.findByText('You can view this holding but not change it.')).toBeTruthy();
  });

  it('offers no edit, delete, create or import in a read-only session', async () => {
    await setup({ session: { readOnly: true } });
    expect(button('Edit Hill Top')).toBeNull();
    expect(button('Delete Hill Top')).toBeNull();
    expect(button('New holding')).toBeNull();
    expect(screen.queryByLabelText('Holding file')).toBeNull();
  });

  it('offers Export exactly on the holdings the server says the user may export', async () => {
    await setup();
    expect(button('Export Hill Top')).toBeTruthy();
    // Read-only but allowed to export.
    expect(button('View Shared Acres')).toBeTruthy();
    expect(button('Export Shared Acres')).toBeTruthy();
    // Changeable but not exportable.
    expect(button('Edit Meadow End')).toBeTruthy();
    expect(button('Export Meadow End')).toBeNull();
  });

  it('follows the server for an administrator too', async () => {
    await setup({ role: Role.Admin });
    expect(button('Export Shared Acres')).toBeTruthy();
    expect(button('Export Meadow End')).toBeNull();
  });

  it('refuses to delete the holding open in the session', async () => {
    const { server } = await setup();
    fireEvent.click(button('Delete Brook Farm')!);
    const box = await screen.findByRole('dialog', { name: 'Unable to delete holding' });
    expect(
      within(box).getByText(
        'This holding is open in your session. Open another holding before deleting this one.',
      ),
    ).toBeTruthy();
    expect(server.calls.some((call) => call.path.startsWith('/api/dashboard/holding'))).toBe(false);
  });

  it('refuses to delete a holding that is not empty', async () => {
    const { server } = await setup({ emptyIds: [13] });
    fireEvent.click(button('Delete Hill Top')!);
    const box = await screen.findByRole('dialog', { name: 'Unable to delete holding' });
    expect(
      within(box).getByText('This holding is not empty. You can only delete empty holdings.'),
    ).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unable to delete holding' })).toBeNull(),
    );
    expect(server.calls.some((call) => call.path.startsWith('/api/dashboard/holding/delete'))).toBe(false);
  });

  it('deletes an empty holding once the user clicks Delete in the confirmation', async () => {
    const { server } = await setup({ emptyIds: [13] });
    fireEvent.click(button('Delete Meadow End')!);
    const box = await screen.findByRole('dialog', { name: 'Delete holding' });
    expect(
      within(box).getByText(/Click Delete to delete the holding Meadow End\..*irreversible/),
    ).toBeTruthy();

    fireEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete holding' })).toBeNull());
    expect(server.calls.some((call) => call.path.startsWith('/api/dashboard/holding/delete'))).toBe(false);

    fireEvent.click(button('Delete Meadow End')!);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete holding' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('The holding Meadow End has been deleted.')).toBeTruthy();
    const deleteCall = server.calls.find((call) => call.path.startsWith('/api/dashboard/holding/delete'));
    expect(deleteCall).toMatchObject({ method: 'POST', path: '/api/dashboard/holding/delete/13' });
    await waitFor(() => expect(rowNames()).toEqual(['Brook Farm (open)', 'Hill Top', 'Shared Acres']));
  });

  it("shows the server's refusal when the holding gained data meanwhile", async () => {
    const { server } = await setup({ emptyIds: [13] });
    fireEvent.click(button('Delete Meadow End')!);
    const box = await screen.findByRole('dialog', { name: 'Delete holding' });
    // A field is added to the holding before the user confirms.
    server.emptyIds.delete(13);
    fireEvent.click(within(box).getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findByRole('dialog', { name: 'Unable to delete holding' });
    expect(
      within(refusal).getByText('This holding is not empty. You can only delete empty holdings.'),
    ).toBeTruthy();
  });

  it('downloads the export zip of a holding', async () => {
    const { server } = await setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(button('Export Hill Top')!);
    expect(await screen.findByText('The holding Hill Top has been exported.')).toBeTruthy();
    const call = server.calls.find((entry) => entry.path.startsWith('/api/export/omnia/holding/'));
    expect(call).toMatchObject({ method: 'POST', path: '/api/export/omnia/holding/12' });
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('holding-12.zip');
    expect(link.href).toBe('blob:holding');
    click.mockRestore();
  });

  it('imports a holding file and lists the new holding', async () => {
    const { server } = await setup();
    expect(button('Import')!.disabled).toBe(true);
    const file = new File([new Uint8Array([0x50, 0x4b])], 'brook.zip', { type: 'application/zip' });
    fireEvent.change(screen.getByLabelText('Holding file'), { target: { files: [file] } });
    fireEvent.click(button('Import')!);
    expect(await screen.findByText('The holding Imported Acres has been imported.')).toBeTruthy();
    const call = server.calls.find((entry) => entry.path === '/api/import/omnia/holding');
    expect(call?.method).toBe('POST');
    expect((call?.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(rowNames()).toContain('Imported Acres'));
  });

  it('warns of a holding with the same account number, and imports nothing when the user skips', async () => {
    const { server } = await setup({ sameAccountNumber: [{ HoldingId: 12, TradingName: 'Brook Farm' }] });
    const file = new File([new Uint8Array([0x50, 0x4b])], 'brook.zip', { type: 'application/zip' });
    fireEvent.change(screen.getByLabelText('Holding file'), { target: { files: [file] } });
    fireEvent.click(button('Import')!);
    expect(await screen.findByText('This holding may already be here')).toBeTruthy();
    expect(screen.getByText(/You already have a holding with account number IA-1: Brook Farm/)).toBeTruthy();
    expect(button('Replace Brook Farm')).toBeTruthy();
    fireEvent.click(button('Skip')!);
    expect(await screen.findByText('The holding export was not imported.')).toBeTruthy();
    expect(server.calls.some((entry) => entry.path === '/api/import/omnia/holding')).toBe(false);
  });

  it('replaces the holding with the same account number when the user asks', async () => {
    const { server } = await setup({ sameAccountNumber: [{ HoldingId: 12, TradingName: 'Brook Farm' }] });
    const file = new File([new Uint8Array([0x50, 0x4b])], 'brook.zip', { type: 'application/zip' });
    fireEvent.change(screen.getByLabelText('Holding file'), { target: { files: [file] } });
    fireEvent.click(button('Import')!);
    fireEvent.click((await screen.findByText('Replace Brook Farm')).closest('button')!);
    expect(await screen.findByText('Brook Farm was replaced by the holding export.')).toBeTruthy();
    const call = server.calls.find((entry) => entry.path === '/api/import/omnia/holding');
    expect((call?.body as FormData).get('replaceHoldingId')).toBe('12');
  });

  it('offers no create or import to a role that only reads holdings', async () => {
    await setup({ role: Role.Client });
    expect(button('New holding')).toBeNull();
    expect(screen.queryByLabelText('Holding file')).toBeNull();
  });

  it('opens a new holding from "New holding"', async () => {
    await setup();
    fireEvent.click(button('New holding')!);
    expect(await screen.findByRole('dialog', { name: 'New holding' })).toBeTruthy();
  });

  it('lists a saved holding at once and reports the save', async () => {
    const { onHoldingSaved } = await setup();
    fireEvent.click(button('Edit Hill Top')!);
    await screen.findByRole('dialog', { name: 'Edit Hill Top' });
    const name = await screen.findByLabelText('Trading Name');
    fireEvent.change(name, { target: { value: 'Hill Top Farm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onHoldingSaved).toHaveBeenCalledWith(expect.objectContaining({ TradingName: 'Hill Top Farm' })),
    );
    await waitFor(() => expect(rowNames()).toContain('Hill Top Farm'));
    expect(screen.queryByRole('dialog', { name: 'Edit Hill Top' })).toBeNull();
  });
});
