import { describe, expect, it } from 'vitest';
import { CroppingStyleMode } from '@headland/domain/crops';
import {
  defaultCroppingLabelFlags,
  defaultMapLayerSettings,
  effectiveMapLayerSettings,
  parseMapLayerSettings,
} from './mapLayerSettings.ts';

describe('map layer settings', () => {
  it('defaults to the street map, both layers and their labels shown, crop colours, field and crop names', () => {
    expect(defaultMapLayerSettings).toEqual({
      basemap: 'osm',
      basemapVisible: true,
      fields: { visible: true, showLabels: true, alwaysVisible: false },
      croppings: {
        visible: true,
        showLabels: true,
        alwaysVisible: false,
        croppingStyleMode: 'crop',
        croppingLabels: defaultCroppingLabelFlags,
      },
    });
  });

  it.each([
    ['nothing', null],
    ['an empty text', ''],
    ['text that is not JSON', '{oops'],
    ['JSON that is not an object', '42'],
  ])('reads %s as the defaults', (_case, value) => {
    expect(parseMapLayerSettings(value)).toEqual(defaultMapLayerSettings);
  });

  it('keeps what is valid and defaults each bad member on its own', () => {
    const parsed = parseMapLayerSettings(
      JSON.stringify({
        basemap: 'aerial',
        basemapVisible: 'yes',
        fields: { visible: false },
        croppings: { croppingStyleMode: 'rainbow', croppingLabels: { area: true, plotId: 3 } },
      }),
    );
    expect(parsed.basemap).toBe('aerial');
    expect(parsed.basemapVisible).toBe(true);
    expect(parsed.fields).toEqual({ visible: false, showLabels: true, alwaysVisible: false });
    expect(parsed.croppings.croppingStyleMode).toBe(CroppingStyleMode.Crop);
    expect(parsed.croppings.croppingLabels).toEqual({ ...defaultCroppingLabelFlags, area: true });
  });

  it.each([
    [true, 'variety', true],
    [false, 'crop', false],
  ] as const)('with label rights %s shows style mode %s and the area flag %s', (canSet, mode, area) => {
    const saved = {
      ...defaultMapLayerSettings,
      croppings: {
        ...defaultMapLayerSettings.croppings,
        visible: false,
        croppingStyleMode: CroppingStyleMode.Variety,
        croppingLabels: { ...defaultCroppingLabelFlags, area: true },
      },
    };
    const effective = effectiveMapLayerSettings(saved, canSet);
    expect(effective.croppings.croppingStyleMode).toBe(mode);
    expect(effective.croppings.croppingLabels.area).toBe(area);
    // Visibility is everyone's own choice.
    expect(effective.croppings.visible).toBe(false);
  });
});
