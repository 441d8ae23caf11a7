import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataLayer } from '@headland/domain/api/layersApi';
import { noPermissions } from '@headland/domain/permissions';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { anAppSession } from '../../testing/sessionFixtures.ts';
import { ApiClient } from '../../shell/http/apiClient.ts';
import { AppSessionContext } from '../../shell/session/AppSessionContext.tsx';
import { aField } from '../fields/testing/fieldsFixtures.ts';
import { ExportPage } from './ExportPage.tsx';

/** The Export screen for a user who reads fields (and map layers when asked), talking to a server that answers `answer`. */
function setup(answer: (url: string) => Response, readsLayers = false) {
  const asked: string[] = [];
  const api = new ApiClient({
    fetch: async (input) => {
      const url = String(input);
      asked.push(url);
      return answer(url);
    },
  });
  const permissions = noPermissions();
  permissions.fields = { read: true, write: false };
  permissions.exports = { read: true, write: true, enabled: true };
  if (readsLayers) permissions.mapLayers = { read: true, write: false };
  const session = anAppSession(permissions);
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

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A field layer named as every field's soil layer is named. */
const soilLayer: DataLayer = {
  DataLayerId: 42,
  TypeId: 4,
  GroupId: 1,
  SubtypeId: null,
  Scope: 1,
  HoldingId: 11,
  FieldId: 1,
  CroppingId: null,
  CropId: null,
  ParentId: null,
  Year: 2025,
  Date: null,
  Name: 'P 2025',
  Unit: 'Ppm',
  NutrientId: null,
  ProductId: null,
  RateUnitId: null,
  PlanName: null,
  Calculated: false,
  Inactive: false,
  ShowZoneNumbers: false,
  ShowStroke: true,
  Ranges: null,
  Style: null,
  ZoneCount: 2,
  HasPointData: true,
  PointCount: 3,
  MinValue: 10,
  MaxValue: 30,
  RecommendationMethod: null,
  Recommendation: null,
  CreatedOn: '2025-03-01T00:00:00.000Z',
  UpdatedOn: '2025-03-01T00:00:00.000Z',
};

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

  it('names a layer with its field, and downloads it', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { asked } = setup((url) => {
      if (url.includes('/api/layers/v1/holding/')) return json({ Layers: [soilLayer] });
      if (url.includes('/api/fields/v1')) return json([aField({ FieldId: 1, Name: 'Long Meadow' })]);
      return new Response('{}', {
        status: 200,
        headers: {
          'Content-Type': 'application/geo+json',
          'Content-Disposition': 'attachment; filename="p.geojson"',
        },
      });
    }, true);
    fireEvent.click(screen.getByRole('radio', { name: "A map layer's zones and points" }));
    fireEvent.click(screen.getByRole('radio', { name: /^GeoJSON: / }));
    fireEvent.click(screen.getAllByLabelText('Map layer').find((element) => element.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'P 2025, Long Meadow (zones: 2, points: 3)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await screen.findByText('Downloaded p.geojson.');
    expect(asked.at(-1)).toContain('/api/export/v1/layers/42?format=geojson');
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
