import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { brands } from '@headland/domain/brands';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { aSelection, aStart, aUser } from '../../testing/sessionFixtures.ts';
import { ApiProblemDialogs } from '../../shell/dialogs/ApiProblemDialogs.tsx';
import { ApiClient } from '../../shell/http/apiClient.ts';
import {
  AppSessionContext,
  permissionsFromSelection,
  type AppSession,
} from '../../shell/session/AppSessionContext.tsx';
import { mapLayerSettingsKey } from '../../map/settings/mapLayerSettings.ts';
import { useMapLayerSettings } from './useMapLayerSettings.ts';

function Toggle() {
  const { settings, change } = useMapLayerSettings();
  const visible = settings.croppings.visible;
  return (
    <button onClick={() => change({ ...settings, croppings: { ...settings.croppings, visible: !visible } })}>
      {visible ? 'Hide croppings' : 'Show croppings'}
    </button>
  );
}

/** The hook on holding 11 with its map settings saved at version 3, talking to a server that answers `answers`. */
function setup(answers: ((version: unknown) => Response)[]) {
  const sent: unknown[] = [];
  const api = new ApiClient({
    fetch: async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as { Version?: unknown };
      sent.push(body.Version);
      return answers[sent.length - 1]!(body.Version);
    },
  });
  const user = aUser();
  const selection = aSelection({
    Settings: [{ HoldingId: 11, UserId: user.Id, Key: mapLayerSettingsKey, Value: '{}', Version: 3 }],
  });
  const session: AppSession = {
    user,
    start: aStart({ User: user }),
    selection,
    holding: selection.Holding,
    yearId: selection.YearId,
    permissions: permissionsFromSelection(selection),
    readOnly: false,
    brand: brands.main,
    actions: {} as AppSession['actions'],
  };
  renderWithProviders(
    <AppSessionContext.Provider value={session}>
      <Toggle />
      <ApiProblemDialogs />
    </AppSessionContext.Provider>,
    { api },
  );
  return { sent };
}

const saved = (version: number) => () =>
  new Response(JSON.stringify({ Version: version }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const conflict = () =>
  new Response(
    JSON.stringify({
      Message: 'Changed meanwhile',
      Resources: ['setting:5'],
      ChangedBy: { UserId: 7, Name: 'Ann Field', Self: true },
    }),
    { status: 409, headers: { 'Content-Type': 'application/json', 'X-Omnia-Retry': 'No' } },
  );

describe('useMapLayerSettings', () => {
  it('saves one change after another, each with the version the one before left', async () => {
    const { sent } = setup([saved(4), saved(5)]);
    fireEvent.click(screen.getByRole('button', { name: 'Hide croppings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show croppings' }));
    await waitFor(() => expect(sent).toEqual([3, 4]));
  });

  it('tells of a choice made meanwhile in another tab in stop mode, and saves the next change over it', async () => {
    const { sent } = setup([conflict, saved(6)]);
    fireEvent.click(screen.getByRole('button', { name: 'Hide croppings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conflict' });
    expect(dialog.textContent).toContain('because you are performing a conflicting operation');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    // The choice still applies here.
    fireEvent.click(screen.getByRole('button', { name: 'Show croppings' }));
    await waitFor(() => expect(sent).toEqual([3, undefined]));
  });
});
