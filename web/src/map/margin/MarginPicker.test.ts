import { afterEach, describe, expect, it } from 'vitest';
import MapBrowserEvent from 'ol/MapBrowserEvent.js';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import Polygon from 'ol/geom/Polygon.js';
import { fromLonLat } from 'ol/proj.js';
import { MarginPicker, type MarginPickerState } from './MarginPicker.ts';

const maps: OlMap[] = [];
afterEach(() => maps.splice(0).forEach((map) => map.dispose()));

// About 200 m by 110 m near Louth, anticlockwise.
const boundary = new Polygon([
  [
    fromLonLat([-0.05, 53.33]),
    fromLonLat([-0.047, 53.33]),
    fromLonLat([-0.047, 53.331]),
    fromLonLat([-0.05, 53.331]),
    fromLonLat([-0.05, 53.33]),
  ],
]);

function setUp() {
  const map = new OlMap({ view: new View({ center: fromLonLat([-0.0485, 53.3305]), resolution: 1 }) });
  maps.push(map);
  const states: MarginPickerState[] = [];
  const picker = new MarginPicker({ boundary, onChange: (state) => states.push(state) });
  map.addInteraction(picker);
  return { map, picker, states };
}

describe('MarginPicker', () => {
  it('starts by picking a first point, 10 m wide', () => {
    const { picker } = setUp();
    expect(picker.state).toEqual({
      step: 'pickFirst',
      direction: 1,
      wholeRing: false,
      widthMetres: 10,
      area: null,
      length: null,
    });
  });

  it('takes the whole ring with its area and length, and Escape clears it', () => {
    const { picker, map } = setUp();
    picker.setWholeRing(true);
    const { area, length, step } = picker.state;
    expect(step).toBe('committed');
    // A 200 m × 111 m field less its 180 m × 91 m core.
    expect(area! / (200 * 111.2 - 180 * 91.2)).toBeCloseTo(1, 1);
    expect(length! / (2 * (200 + 111.2))).toBeCloseTo(1, 1);
    expect(
      map
        .getLayers()
        .getArray()
        .some((layer) => layer.get('name') === 'margin'),
    ).toBe(true);
    picker.setWidth(20);
    expect(picker.state.area!).toBeGreaterThan(area!);
    picker.escape();
    expect(picker.state).toMatchObject({ step: 'pickFirst', wholeRing: false, area: null });
  });

  it('removes its layer when taken off the map', () => {
    const { picker, map } = setUp();
    map.removeInteraction(picker);
    expect(
      map
        .getLayers()
        .getArray()
        .some((layer) => layer.get('name') === 'margin'),
    ).toBe(false);
  });

  it('keeps the double-click of two quick picks from reaching the map, which would zoom in', () => {
    const { picker, map } = setUp();
    const dblclick = new MapBrowserEvent('dblclick', map, new PointerEvent('pointerup'));
    expect(picker.handleEvent(dblclick)).toBe(false);
    const move = new MapBrowserEvent('pointermove', map, new PointerEvent('pointermove'));
    move.pixel = [0, 0];
    move.coordinate = [0, 0];
    expect(picker.handleEvent(move)).toBe(true);
  });
});
