import { afterEach, describe, expect, it, vi } from 'vitest';
import Feature from 'ol/Feature.js';
import OlMap from 'ol/Map.js';
import MapBrowserEvent from 'ol/MapBrowserEvent.js';
import View from 'ol/View.js';
import type { Pixel } from 'ol/pixel.js';
import { ContextMenuTrigger, type ContextMenuRequest } from './ContextMenuTrigger.ts';

const maps: OlMap[] = [];
afterEach(() => maps.splice(0).forEach((map) => map.dispose()));

/** A map whose feature lookup answers `feature` anywhere (nothing for null), and a trigger on it. */
function setUp(feature: Feature | null = new Feature()) {
  const map = new OlMap({ view: new View({ center: [0, 0], zoom: 10 }) });
  maps.push(map);
  vi.spyOn(map, 'forEachFeatureAtPixel').mockImplementation((_pixel, callback) =>
    feature ? callback(feature, undefined as never, undefined as never) : undefined,
  );
  vi.spyOn(map, 'getCoordinateFromPixel').mockImplementation((pixel) => [pixel[0]! * 10, pixel[1]! * 10]);
  const opened: ContextMenuRequest[] = [];
  const trigger = new ContextMenuTrigger({
    layerFilter: () => true,
    onOpen: (request) => opened.push(request),
  });
  map.addInteraction(trigger);
  return { map, trigger, opened };
}

interface Contact {
  pointerType: 'touch' | 'pen' | 'mouse';
  timeStamp: number;
}

/** A map browser event as OpenLayers builds it from a pointer event, at a set time and pixel. */
function mapEvent(map: OlMap, type: string, pixel: Pixel, contact: Contact): MapBrowserEvent {
  const original = { ...contact, preventDefault: vi.fn() } as unknown as PointerEvent;
  const event = new MapBrowserEvent(type, map, original);
  event.pixel = pixel;
  return event;
}

/** A tap: OpenLayers' click event for a finger (or pen) lifted at `pixel` after `timeStamp` ms. */
function tap(
  map: OlMap,
  trigger: ContextMenuTrigger,
  timeStamp: number,
  pixel: Pixel,
  pointerType: Contact['pointerType'] = 'touch',
) {
  const event = mapEvent(map, 'click', pixel, { pointerType, timeStamp });
  return { event, passedOn: trigger.handleEvent(event) };
}

describe('ContextMenuTrigger double-tap', () => {
  it.each([
    ['499 ms apart', 499, [130, 100], true],
    ['500 ms apart', 500, [100, 100], true],
    ['501 ms apart', 501, [100, 100], false],
    ['29 px apart', 200, [129, 100], true],
    ['30 px apart', 200, [118, 124], true],
    ['31 px apart', 200, [100, 131], false],
    ['31 px apart diagonally', 200, [122, 122], false],
  ] as const)('two taps %s open the menu: %s', (_case, delay, second, opens) => {
    const { map, trigger, opened } = setUp();
    expect(tap(map, trigger, 1_000, [100, 100]).passedOn).toBe(true);
    const { passedOn } = tap(map, trigger, 1_000 + delay, [...second]);
    expect(opened).toHaveLength(opens ? 1 : 0);
    // The tap that opens the menu goes no further; one that does not is left to the map.
    expect(passedOn).toBe(!opens);
    if (opens) expect(opened[0]!.pixel).toEqual(second);
  });

  it('answers the feature and coordinate under the second tap', () => {
    const feature = new Feature();
    const { map, trigger, opened } = setUp(feature);
    tap(map, trigger, 0, [10, 10]);
    const { event } = tap(map, trigger, 300, [12, 14]);
    expect(opened).toEqual([{ pixel: [12, 14], coordinate: [120, 140], feature }]);
    expect(event.originalEvent.preventDefault).toHaveBeenCalled();
  });

  it('counts pen taps as taps, and leaves mouse clicks to the double-click', () => {
    const { map, trigger, opened } = setUp();
    tap(map, trigger, 0, [10, 10], 'pen');
    tap(map, trigger, 400, [10, 10], 'pen');
    expect(opened).toHaveLength(1);
    tap(map, trigger, 1_000, [10, 10], 'mouse');
    tap(map, trigger, 1_100, [10, 10], 'mouse');
    expect(opened).toHaveLength(1);
  });

  it('swallows the double-click OpenLayers sends after the tap that completed a double-tap', () => {
    const { map, trigger, opened } = setUp();
    tap(map, trigger, 0, [10, 10]);
    const second = tap(map, trigger, 200, [10, 10]);
    const dblclick = new MapBrowserEvent('dblclick', map, second.event.originalEvent);
    dblclick.pixel = [10, 10];
    // Passing it on would let the double-click zoom run as well.
    expect(trigger.handleEvent(dblclick)).toBe(false);
    expect(opened).toHaveLength(1);
  });

  it('leaves a double-tap away from any feature to the map (zoom in)', () => {
    const { map, trigger, opened } = setUp(null);
    tap(map, trigger, 0, [10, 10]);
    const second = tap(map, trigger, 200, [10, 10]);
    expect(second.passedOn).toBe(true);
    const dblclick = new MapBrowserEvent('dblclick', map, second.event.originalEvent);
    expect(trigger.handleEvent(dblclick)).toBe(true);
    expect(opened).toHaveLength(0);
  });

  it('starts afresh after a double-tap: a third tap does not open the menu again', () => {
    const { map, trigger, opened } = setUp();
    tap(map, trigger, 0, [10, 10]);
    tap(map, trigger, 200, [10, 10]);
    tap(map, trigger, 400, [10, 10]);
    expect(opened).toHaveLength(1);
    tap(map, trigger, 600, [10, 10]);
    expect(opened).toHaveLength(2);
  });

  it('forgets a tap made before the trigger was switched off and on again', () => {
    const { map, trigger, opened } = setUp();
    tap(map, trigger, 0, [10, 10]);
    trigger.setActive(false);
    trigger.setActive(true);
    tap(map, trigger, 200, [10, 10]);
    expect(opened).toHaveLength(0);
  });

  it('does not open on double-taps when double-clicks are switched off', () => {
    const map = new OlMap({ view: new View({ center: [0, 0], zoom: 10 }) });
    maps.push(map);
    vi.spyOn(map, 'forEachFeatureAtPixel').mockReturnValue(new Feature());
    const onOpen = vi.fn();
    const trigger = new ContextMenuTrigger({ layerFilter: () => true, onOpen, openOnDoubleClick: false });
    tap(map, trigger, 0, [10, 10]);
    tap(map, trigger, 200, [10, 10]);
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe('ContextMenuTrigger right-click and double-click', () => {
  it('opens on a right-click, over a feature or not', () => {
    const { map, trigger, opened } = setUp(null);
    const event = mapEvent(map, 'contextmenu', [5, 6], { pointerType: 'mouse', timeStamp: 0 });
    expect(trigger.handleEvent(event)).toBe(false);
    expect(opened).toEqual([{ pixel: [5, 6], coordinate: [50, 60], feature: undefined }]);
  });

  it('opens on a mouse double-click over a feature, and leaves one elsewhere to zoom', () => {
    const onFeature = setUp();
    const event = mapEvent(onFeature.map, 'dblclick', [5, 6], { pointerType: 'mouse', timeStamp: 0 });
    expect(onFeature.trigger.handleEvent(event)).toBe(false);
    expect(onFeature.opened).toHaveLength(1);

    const elsewhere = setUp(null);
    const away = mapEvent(elsewhere.map, 'dblclick', [5, 6], { pointerType: 'mouse', timeStamp: 0 });
    expect(elsewhere.trigger.handleEvent(away)).toBe(true);
    expect(elsewhere.opened).toHaveLength(0);
  });
});
