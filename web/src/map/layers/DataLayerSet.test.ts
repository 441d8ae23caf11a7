import { afterEach, describe, expect, it } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import type { LayerZone } from '@headland/domain/api/layersApi';
import { soilPresetScale } from '@headland/domain/layers/colourScales';
import { DataLayerSet, type DataLayerDrawing } from './DataLayerSet.ts';

function zone(id: number, value: number, west: number): LayerZone {
  const east = west + 0.001;
  return {
    DataLayerZoneId: id,
    LayerId: 7,
    Number: id,
    Value: value,
    InitValue: value,
    Label: null,
    DocumentId: null,
    Area: 0.5,
    FieldId: 1,
    Buffer: null,
    UserDefined: false,
    RegularShape: null,
    Style: null,
    ProductRate: null,
    NutrientRate: null,
    InitProductRate: null,
    Geometry: {
      WellKnownText: `POLYGON((${west} 52,${east} 52,${east} 52.001,${west} 52.001,${west} 52))`,
      CoordinateSystemId: 4326,
    },
  };
}

const maps: OlMap[] = [];
afterEach(() => {
  maps.splice(0).forEach((map) => map.setTarget(undefined));
});

function setUp() {
  const map = new OlMap({ view: new View({ center: [0, 0], zoom: 2 }) });
  maps.push(map);
  return { map, set: new DataLayerSet({ map }) };
}

function drawing(change: Partial<DataLayerDrawing> = {}): DataLayerDrawing {
  return {
    layerId: 7,
    zones: [zone(1, 1, -1), zone(2, 3, -0.999)],
    scale: soilPresetScale('P2O5', 'Index'),
    opacity: 100,
    showLabels: true,
    showStroke: true,
    showZoneNumbers: false,
    labelOf: (each) => String(each.Value),
    zIndex: 10,
    ...change,
  };
}

describe('DataLayerSet', () => {
  it('draws a layer of zones in the view projection with its opacity and stack position', () => {
    const { map, set } = setUp();
    set.show(drawing({ opacity: 40 }));
    const layer = map.getLayers().getArray().find((each) => each.get('dataLayerId') === 7)!;
    expect(layer.getOpacity()).toBeCloseTo(0.4);
    expect(layer.getZIndex()).toBe(10);
    const extent = set.extentOf(7)!;
    // Web Mercator metres, not degrees.
    expect(Math.abs(extent[0]!)).toBeGreaterThan(100_000);
    expect(set.labelledZoneCount()).toBe(2);
  });

  it('counts no labels when the layer hides them, and keeps the features on a restyle', () => {
    const { map, set } = setUp();
    const shown = drawing();
    set.show(shown);
    set.show({ ...shown, opacity: 15, showLabels: false });
    expect(set.labelledZoneCount()).toBe(0);
    expect(map.getLayers().getLength()).toBe(1);
  });

  it('removes hidden layers and everything on dispose', () => {
    const { map, set } = setUp();
    set.show(drawing());
    set.show(drawing({ layerId: 8 }));
    expect(set.shown()).toEqual([7, 8]);
    set.hide(7);
    expect(set.shown()).toEqual([8]);
    set.dispose();
    expect(map.getLayers().getLength()).toBe(0);
  });
});
