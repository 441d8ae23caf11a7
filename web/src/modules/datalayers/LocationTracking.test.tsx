import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import type { FieldMap } from '../../map/FieldMap.ts';
import { userSeesTrackingInfo } from '../../map/geolocation/geolocationAvailability.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { aUser } from '../../testing/sessionFixtures.ts';
import { LocationTracking } from './LocationTracking.tsx';

const maps: OlMap[] = [];
const realGeolocation = Object.getOwnPropertyDescriptor(navigator, 'geolocation');

afterEach(() => {
  maps.splice(0).forEach((map) => map.dispose());
  if (realGeolocation) Object.defineProperty(navigator, 'geolocation', realGeolocation);
  else delete (navigator as { geolocation?: Geolocation }).geolocation;
});

/** A device that reports one position near Louth as soon as it is watched. */
function fakeDevice() {
  const watchPosition = vi.fn((success: PositionCallback, _error?: unknown, _options?: PositionOptions) => {
    queueMicrotask(() =>
      success({
        timestamp: Date.now(),
        coords: {
          latitude: 53.3671234,
          longitude: -0.0061234,
          accuracy: 12.4,
          altitude: null,
          altitudeAccuracy: null,
          heading: null,
          speed: 1.26,
        },
      } as GeolocationPosition),
    );
    return 1;
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { watchPosition, clearWatch: vi.fn(), getCurrentPosition: vi.fn() },
  });
  return watchPosition;
}

function renderFor(properties: { Debug?: boolean; GeolocationInfo?: boolean }) {
  const map = new OlMap({ view: new View({ center: [0, 0], zoom: 6 }) });
  maps.push(map);
  const user = aUser({ Properties: properties });
  renderWithProviders(
    <LocationTracking fieldMap={{ map } as FieldMap} showInfo={userSeesTrackingInfo(user.Properties)} />,
  );
}

describe('LocationTracking', () => {
  it('shows the tracking info to a user with the geolocation-info property', async () => {
    const watchPosition = fakeDevice();
    renderFor({ GeolocationInfo: true });
    fireEvent.click(screen.getByRole('button', { name: 'Track my location' }));
    const info = await screen.findByRole('status', { name: 'Tracking info' });
    expect(await screen.findByText('Latitude 53.367123, longitude -0.006123')).toBeTruthy();
    expect(info.textContent).toContain('Accuracy 12 m');
    expect(info.textContent).toContain('Speed 1.3 m/s');
    // High accuracy and the 30 s timeout of §9.
    expect(watchPosition.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true, timeout: 30_000 });
    expect(screen.getByRole('button', { name: 'Track my location' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows it in debug mode too', async () => {
    fakeDevice();
    renderFor({ Debug: true, GeolocationInfo: false });
    fireEvent.click(screen.getByRole('button', { name: 'Track my location' }));
    expect(await screen.findByRole('status', { name: 'Tracking info' })).toBeTruthy();
  });

  it('tracks without the info for a user with neither property', async () => {
    const watchPosition = fakeDevice();
    renderFor({});
    fireEvent.click(screen.getByRole('button', { name: 'Track my location' }));
    await vi.waitFor(() => expect(watchPosition).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('status', { name: 'Tracking info' })).toBeNull();
    expect(screen.queryByText(/^Latitude/)).toBeNull();
  });
});
