import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HoldingDetails } from '@headland/domain/api/holdingsApi';
import { holdingMessages } from '@headland/domain/holdingRules';
import { Role } from '@headland/domain/roles';
import { EditHoldingDialog } from './EditHoldingDialog.tsx';
import { nvzGuidance } from './HoldingTab.tsx';
import { aHoldingDetails } from './testing/holdingsFixtures.ts';
import { fakeHoldingsServer, type FakeServerOptions } from './testing/fakeHoldingsServer.ts';
import { renderHoldingsScreen } from './testing/renderHoldingsScreen.tsx';
import type { AppSession } from '../../shell/session/AppSessionContext.tsx';

interface SetupOptions extends FakeServerOptions {
  /** The holding to edit; a new holding when null. Defaults to the session's holding 11. */
  holding?: HoldingDetails | null;
  role?: Role;
  session?: Partial<AppSession>;
}

async function setup(options: SetupOptions = {}) {
  const holding = options.holding === undefined ? aHoldingDetails() : options.holding;
  const server = fakeHoldingsServer({ holdings: holding ? [holding] : [], ...options });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderHoldingsScreen(<EditHoldingDialog holding={holding} onClose={onClose} onSaved={onSaved} />, {
    server,
    role: options.role,
    session: options.session,
  });
  await screen.findByRole('tab', { name: /HOLDING/ });
  return { server, onClose, onSaved };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const checkbox = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const choose = (label: string, value: string) => fireEvent.change(select(label), { target: { value } });
const message = (text: string) => screen.queryByText(text);

async function openWeatherTab() {
  fireEvent.click(screen.getByRole('tab', { name: /WEATHER/ }));
  await screen.findByLabelText('Weather station');
}

async function chooseTown(name: string) {
  const town = screen.getAllByLabelText('Post Town').find((element) => element.tagName === 'INPUT')!;
  fireEvent.click(town);
  fireEvent.change(town, { target: { value: name } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('EditHoldingDialog', () => {
  it('opens on the HOLDING tab titled with the trading name, with a WEATHER tab and the stored values', async () => {
    await setup();
    expect(screen.getByRole('dialog', { name: 'Edit Brook Farm' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /WEATHER/ })).toBeTruthy();
    expect(input('Trading Name').value).toBe('Brook Farm');
    expect(select('Region').value).toBe('1');
    expect(input('Account Number').value).toBe('BF-001');
    expect(input('Starting Year').value).toBe('2024');
    expect(input('Previous year total area (ha)').value).toBe('98.5');
    expect(input('Total area (ha)').value).toBe('100');
    expect(saveButton().disabled).toBe(false);
  });

  it('titles a new holding "New holding" and has no year block', async () => {
    await setup({ holding: null });
    expect(screen.getByRole('dialog', { name: 'New holding' })).toBeTruthy();
    expect(screen.queryByLabelText('Total area (ha)')).toBeNull();
    expect(input('Starting Year').value).toBe('2025');
  });
});
