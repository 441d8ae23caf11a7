import { afterEach, describe, expect, it, vi } from 'vitest';
import { containsExtent } from 'ol/extent.js';
import { fromLonLat, toLonLat } from 'ol/proj.js';
import { aCropping, aField } from '@headland/domain/testing/fieldResponses';
import { availableBasemaps } from './basemaps/basemapCatalogue.ts';
import { FieldMap } from './FieldMap.ts';
import { defaultMapLayerSettings } from './settings/mapLayerSettings.ts';
import { squareBoundary } from './testing/squareBoundary.ts';
import { Role } from '@headland/domain/roles';

const texts = {
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetRotation: 'Reset rotation',
  attributions: 'Sources',
  holdingExtent: 'Holding extent',
};

function makeMap(overrides: Partial<ConstructorParameters<typeof FieldMap>[0]> = {}) {
  const target = document.createElement('div');
  document.body.appendChild(target);
  const fieldMap = new FieldMap({
    target,
    texts,
    describeFeature: () => null,
    formatArea: (hectares) => `${hectares} ha`,
    ...overrides,
  });
  maps.push(fieldMap);
  return { fieldMap, target };
}

const maps: FieldMap[] = [];
afterEach(() => {
  maps.splice(0).forEach((map) => map.dispose());
  document.body.replaceChildren();
});

const fields = [
  aField({
    FieldId: 1,
    Name: 'North',
    Boundary: squareBoundary(-0.07, 53.33),
    Croppings: [aCropping({ FieldId: 1 })],
  }),
  aField({ FieldId: 2, Name: 'South', Boundary: squareBoundary(-0.07, 53.31) }),
];

describe('FieldMap', () => {
  it('puts the holding-extent button and compass on the map with their accessible names', () => {
    const { target } = makeMap();
    expect(target.querySelector('button[aria-label="Holding extent"]')?.textContent).toBe('Holding extent');
    expect(target.querySelector('button[aria-label="Reset rotation"]')).not.toBeNull();
  });

  it('loads fields and croppings into their layers and knows the holding extent', () => {
    const { fieldMap } = makeMap();
    expect(fieldMap.holdingExtent()).toBeNull();
    fieldMap.setFields(fields);
    expect(fieldMap.fields.source.getFeatures()).toHaveLength(2);
    expect(fieldMap.croppings.source.getFeatures()).toHaveLength(1);
    const extent = fieldMap.holdingExtent()!;
    expect(containsExtent(extent, [...fromLonLat([-0.07, 53.31]), ...fromLonLat([-0.06, 53.34])])).toBe(true);
  });

  it('shows a remembered extent until the fields arrive, then fits their own', () => {
    const { fieldMap, target } = makeMap();
    Object.defineProperties(target, {
      offsetWidth: { value: 800, configurable: true },
      offsetHeight: { value: 600, configurable: true },
    });
    const view = fieldMap.map.getView();
    const remembered = [...fromLonLat([-2.1, 52.4]), ...fromLonLat([-2.0, 52.5])];
    fieldMap.previewExtent(remembered);
    const [lon, lat] = toLonLat(view.getCenter()!);
    expect(lon).toBeCloseTo(-2.05, 3);
    expect(lat).toBeCloseTo(52.45, 2);
    fieldMap.setFields(fields);
    expect(containsExtent(view.calculateExtent(fieldMap.map.getSize()), fieldMap.holdingExtent()!)).toBe(
      true,
    );
    // Once the fields have been fitted, a late preview changes nothing.
    const centre = view.getCenter();
    fieldMap.previewExtent(remembered);
    expect(view.getCenter()).toEqual(centre);
  });

  it('keeps the selection to fields that still exist when the fields are replaced', () => {
    const onSelectionChange = vi.fn();
    const { fieldMap } = makeMap({ onSelectionChange });
    fieldMap.setFields(fields);
    fieldMap.selection.set([1, 2]);
    expect(fieldMap.selection.has(2)).toBe(true);
    fieldMap.setFields(fields.slice(0, 1));
    expect([...fieldMap.selection.fieldIds]).toEqual([1]);
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set([1]));
  });

  it('applies layer visibility from the settings', () => {
    const { fieldMap } = makeMap();
    fieldMap.setLayerSettings({
      ...defaultMapLayerSettings,
      croppings: { ...defaultMapLayerSettings.croppings, visible: false },
    });
    expect(fieldMap.croppings.layer.getVisible()).toBe(false);
    expect(fieldMap.fields.layer.getVisible()).toBe(true);
  });

  it('turns the tooltip, context menu and selection off while a tool owns the pointer', () => {
    const { fieldMap } = makeMap();
    fieldMap.setPointerTools(false);
    expect(fieldMap.contextMenu.getActive()).toBe(false);
    expect(fieldMap.selection.click.getActive()).toBe(false);
    fieldMap.setPointerTools(true);
    expect(fieldMap.contextMenu.getActive()).toBe(true);
  });

  it('shows one base map under the fields and swaps it for another', () => {
    const { fieldMap } = makeMap();
    const [osm, custom] = availableBasemaps({
      mapsKey: null,
      role: Role.Master,
      regionId: 1,
      customBasemaps: [
        {
          Name: 'Survey',
          Url: 'https://tiles.example/{z}/{x}/{y}.png',
          Extent: null,
          ZoomMin: null,
          ZoomMax: null,
        },
      ],
    });
    fieldMap.setBasemap(osm!, true);
    fieldMap.setBasemap(custom!, false);
    const names = fieldMap.map
      .getLayers()
      .getArray()
      .map((layer) => layer.get('name'));
    expect(names).toEqual(['basemap', 'fields', 'croppings', 'croppingLabels', 'fieldLabels']);
    expect(fieldMap.map.getLayers().item(0).getVisible()).toBe(false);
  });
});
