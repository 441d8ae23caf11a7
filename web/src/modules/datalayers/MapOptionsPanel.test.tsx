import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Role } from '@headland/domain/roles';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { availableBasemaps } from '../../map/basemaps/basemapCatalogue.ts';
import { defaultMapLayerSettings, type MapLayerSettings } from '../../map/settings/mapLayerSettings.ts';
import { MapOptionsPanel } from './MapOptionsPanel.tsx';

function open(
  overrides: { canSetLabelOptions?: boolean; regionId?: number; settings?: MapLayerSettings } = {},
) {
  const onChange = vi.fn();
  renderWithProviders(
    <MapOptionsPanel
      settings={overrides.settings ?? defaultMapLayerSettings}
      basemaps={availableBasemaps({ mapsKey: 'key', role: Role.Client, regionId: 1, customBasemaps: [] })}
      basemapId="osm"
      canSetLabelOptions={overrides.canSetLabelOptions ?? false}
      regionId={overrides.regionId ?? 1}
      onChange={onChange}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Map options' }));
  return { dialog: screen.getByRole('dialog', { name: 'Map options' }), onChange };
}

describe('MapOptionsPanel', () => {
  it('switches a layer off and saves the whole settings', () => {
    const { dialog, onChange } = open();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Croppings' }));
    expect(onChange).toHaveBeenCalledWith({
      ...defaultMapLayerSettings,
      croppings: { ...defaultMapLayerSettings.croppings, visible: false },
    });
  });

  it('turns the labels of both layers off with one switch', () => {
    const { dialog, onChange } = open();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Show labels' }));
    const saved = onChange.mock.calls[0]![0] as MapLayerSettings;
    expect(saved.fields.showLabels).toBe(false);
    expect(saved.croppings.showLabels).toBe(false);
  });

  it.each([
    [false, true],
    [true, false],
  ])('with label rights %s has the label options disabled: %s', (canSetLabelOptions, disabled) => {
    const { dialog, onChange } = open({ canSetLabelOptions });
    const area = within(dialog).getByRole('checkbox', { name: 'Area' });
    expect((area as HTMLInputElement).disabled).toBe(disabled);
    expect(
      (within(dialog).getByRole('combobox', { name: 'Colour croppings by' }) as HTMLInputElement).disabled,
    ).toBe(disabled);
    expect(within(dialog).queryByText('Label options are set by an administrator.') !== null).toBe(disabled);
    if (!disabled) {
      fireEvent.click(area);
      const saved = onChange.mock.calls[0]![0] as MapLayerSettings;
      expect(saved.croppings.croppingLabels.area).toBe(true);
    }
  });

  it.each([
    [1, 'SFI management options'],
    [2, 'AECS management options'],
  ])('in region %i names the management options %j', (regionId, text) => {
    const { dialog } = open({ regionId, canSetLabelOptions: true });
    expect(within(dialog).getByRole('checkbox', { name: text })).toBeTruthy();
  });

  it('lists the keyed base maps and closes with Close', () => {
    const { dialog } = open();
    expect((within(dialog).getByRole('combobox', { name: 'Base map' }) as HTMLInputElement).value).toBe(
      'Street map',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Map options' })).toBeNull();
  });
});
