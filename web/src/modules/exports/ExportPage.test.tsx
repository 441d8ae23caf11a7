import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { brands } from '@headland/domain/brands';
import { noPermissions } from '@headland/domain/permissions';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { aSelection, aStart, aUser } from '../../testing/sessionFixtures.ts';
import { ApiClient } from '../../shell/http/apiClient.ts';
import { AppSessionContext, type AppSession } from '../../shell/session/AppSessionContext.tsx';
import { ExportPage } from './ExportPage.tsx';

/** The Export screen for a user who reads fields (not map layers), talking to a server that answers `answer`. */
function setup(answer: (url: string) => Response) {
  const asked: string[] = [];
  const api = new ApiClient({
    fetch: async (input) => {
      const url = String(input);
      asked.push(url);
      return answer(url);
    },
  });
  const user = aUser();
  const selection = aSelection();
  const permissions = noPermissions();
  permissions.fields = { read: true, write: false };
  permissions.exports = { read: true, write: true, enabled: true };
  const session: AppSession = {
    user,
    start: aStart({ User: user }),
    selection,
    holding: { ...selection.Holding, CropYears: [2024, 2025] },
    yearId: 2025,
    permissions,
    readOnly: false,
    brand: brands.main,
    actions: {} as AppSession['actions'],
  };
  renderWithProviders(
    <AppSessionContext.Provider value={session}>
      <ExportPage />
    </AppSessionContext.Provider>,
    { api },
  );
  return { asked };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('the Export screen', () => {
  it('offers what the permissions allow, and downloads the year’s fields in the format chosen', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { asked } = setup(
      () =>
        new Response('<kml/>', {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.google-earth.kml+xml',
            'Content-Disposition': 'attachment; filename="Farm_fields_2025.kml"',
          },
        }),
    );
    expect(screen.getByRole('radio', { name: 'Fields and croppings of a crop year' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: "A map layer's zones and points" })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^KML: / }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await screen.findByText('Downloaded Farm_fields_2025.kml.');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('/api/export/v1/fields?year=2025&format=kml');
    expect(click).toHaveBeenCalledOnce();
  });

  it('shows the server’s refusal in words beside the button', async () => {
    setup(
      () =>
        new Response(
          JSON.stringify({ Message: 'This export would hold 300000 features.', Code: 'exportTooLarge' }),
          {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This export would hold 300000 features.');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download' }).hasAttribute('disabled')).toBe(false),
    );
  });
});
