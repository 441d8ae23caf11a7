import Interaction from 'ol/interaction/Interaction.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import type { Coordinate } from 'ol/coordinate.js';
import type { Pixel } from 'ol/pixel.js';
import type { FeatureLike } from 'ol/Feature.js';
import type Layer from 'ol/layer/Layer.js';
import { doubleTap } from '../mapConstants.ts';

/** Where a context menu was asked for: the pixel in the map's viewport, the view coordinate and the feature there. */
export interface ContextMenuRequest {
  pixel: Pixel;
  coordinate: Coordinate;
  feature: FeatureLike | undefined;
}

export interface ContextMenuTriggerOptions {
  onOpen: (request: ContextMenuRequest) => void;
  /** Which layers the features are looked up in. */
  layerFilter: (layer: Layer) => boolean;
  /** A double-click (or double-tap) on a feature also opens the menu, instead of zooming in. */
  openOnDoubleClick?: boolean;
  hitTolerance?: number;
  /** Two taps at most this many milliseconds apart make a double-tap (500 by default). */
  doubleTapMs?: number;
  /** ...and at most this many pixels apart (30 by default). */
  doubleTapPx?: number;
}

interface Tap {
  time: number;
  pixel: Pixel;
}

/** Touch and pen contacts: their double-taps are recognised here, not by the browser's or OpenLayers' timing. */
function isTapEvent(event: MapBrowserEvent): boolean {
  const pointerType = (event.originalEvent as Partial<PointerEvent>).pointerType;
  return pointerType === 'touch' || pointerType === 'pen';
}

/**
 * Opens the map's context menu on right-click, and on a double-click or double-tap over a feature. The menu
 * itself belongs to the page; this only says where and for what. Editing tools switch it off with setActive.
 *
 * A double-tap is two taps of a finger or pen within 500 ms and 30 px of each other (fields-croppings-maps §9).
 * OpenLayers' own double-click waits only 250 ms, too short for a finger, so taps are timed here from their
 * click events; OpenLayers' double-click that follows a recognised double-tap is swallowed so the map does not
 * also zoom in.
 */
export class ContextMenuTrigger extends Interaction {
  private readonly options: Required<ContextMenuTriggerOptions>;
  private lastTap: Tap | null = null;
  /** The pointer event of the tap that completed a double-tap, so that its own dblclick is not handled twice. */
  private doubleTapEvent: Event | null = null;

  constructor(options: ContextMenuTriggerOptions) {
    super();
    this.options = {
      openOnDoubleClick: true,
      hitTolerance: 3,
      doubleTapMs: doubleTap.withinMs,
      doubleTapPx: doubleTap.withinPx,
      ...options,
    };
  }

  override setActive(active: boolean): void {
    // Taps made while a tool owned the pointer do not count towards a later double-tap.
    this.lastTap = null;
    super.setActive(active);
  }

  override handleEvent(event: MapBrowserEvent): boolean {
    if (event.type === 'contextmenu') return !this.open(event);
    if (!this.options.openOnDoubleClick) return true;
    if (isTapEvent(event)) {
      if (event.type === 'click') return this.handleTap(event);
      if (event.type === 'dblclick') return event.originalEvent !== this.doubleTapEvent;
      return true;
    }
    // A double-click away from features keeps its usual meaning (zoom in).
    if (event.type === 'dblclick') return !this.open(event, { onFeatureOnly: true });
    return true;
  }

  private handleTap(event: MapBrowserEvent): boolean {
    const tap: Tap = { time: event.originalEvent.timeStamp, pixel: event.pixel };
    const previous = this.lastTap;
    const isDouble =
      previous !== null &&
      tap.time - previous.time <= this.options.doubleTapMs &&
      Math.hypot(tap.pixel[0]! - previous.pixel[0]!, tap.pixel[1]! - previous.pixel[1]!) <=
        this.options.doubleTapPx;
    if (!isDouble) {
      this.lastTap = tap;
      return true;
    }
    // A third tap starts afresh rather than making a second double-tap with the second.
    this.lastTap = null;
    if (!this.open(event, { onFeatureOnly: true })) return true;
    this.doubleTapEvent = event.originalEvent;
    return false;
  }

  /** Opens the menu for the event's pixel; answers whether it did. */
  private open(event: MapBrowserEvent, { onFeatureOnly = false } = {}): boolean {
    const feature = event.map.forEachFeatureAtPixel(event.pixel, (found) => found, {
      layerFilter: this.options.layerFilter,
      hitTolerance: this.options.hitTolerance,
    });
    if (onFeatureOnly && !feature) return false;
    event.originalEvent.preventDefault();
    this.options.onOpen({ pixel: event.pixel, coordinate: event.coordinate, feature });
    return true;
  }
}
