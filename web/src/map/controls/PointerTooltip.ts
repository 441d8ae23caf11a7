import type Map from 'ol/Map.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import Overlay from 'ol/Overlay.js';
import type { FeatureLike } from 'ol/Feature.js';
import type Layer from 'ol/layer/Layer.js';
import { unByKey } from 'ol/Observable.js';
import type { EventsKey } from 'ol/events.js';
import { tooltipDelayMs, tooltipOffsetPx } from '../mapConstants.ts';

export interface PointerTooltipOptions {
  map: Map;
  /** The lines to show for the feature under the pointer; null or empty shows nothing for it. */
  describe: (feature: FeatureLike) => readonly string[] | null;
  /** Which layers the pointer is tested against. */
  layerFilter: (layer: Layer) => boolean;
  /** How long the pointer rests before the tooltip shows. */
  delayMs?: number;
  /** Distance from the pointer, right and down, in pixels. */
  offsetPx?: number;
  hitTolerance?: number;
}

/**
 * A tooltip that follows the pointer over the map: once the pointer has rested for the delay over a feature, it
 * shows the feature's description beside the pointer. Feature lookups run only after the rest, so moving the
 * pointer across thousands of fields costs nothing.
 */
export class PointerTooltip {
  private readonly options: Required<PointerTooltipOptions>;
  private readonly overlay: Overlay;
  private readonly element: HTMLDivElement;
  private readonly keys: EventsKey[];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private enabled = true;
  private readonly leave = () => this.hide();

  constructor(options: PointerTooltipOptions) {
    this.options = { delayMs: tooltipDelayMs, offsetPx: tooltipOffsetPx, hitTolerance: 0, ...options };
    this.element = document.createElement('div');
    this.element.className = 'hl-map-tooltip';
    this.element.setAttribute('role', 'tooltip');
    this.element.hidden = true;
    this.overlay = new Overlay({
      element: this.element,
      offset: [this.options.offsetPx, this.options.offsetPx],
      positioning: 'top-left',
      stopEvent: false,
    });
    options.map.addOverlay(this.overlay);
    this.keys = [
      options.map.on('pointermove', (event) => this.handleMove(event)),
      options.map.on('movestart', () => this.hide()),
    ];
    options.map.getViewport()?.addEventListener('pointerleave', this.leave);
  }

  /** Editing tools switch the tooltip off while they run. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) this.hide();
  }

  hide(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.element.hidden = true;
    this.overlay.setPosition(undefined);
  }

  dispose(): void {
    this.hide();
    unByKey(this.keys);
    this.options.map.getViewport()?.removeEventListener('pointerleave', this.leave);
    this.options.map.removeOverlay(this.overlay);
  }

  private handleMove(event: MapBrowserEvent): void {
    this.hide();
    if (!this.enabled || event.dragging) return;
    const pixel = event.pixel;
    const coordinate = event.coordinate;
    this.timer = setTimeout(() => {
      const { map, layerFilter, hitTolerance, describe } = this.options;
      const feature = map.forEachFeatureAtPixel(pixel, (found) => found, { layerFilter, hitTolerance });
      const lines = feature ? describe(feature) : null;
      if (!lines || lines.length === 0) return;
      this.element.replaceChildren(
        ...lines.map((line, index) => {
          const row = document.createElement('div');
          row.textContent = line;
          if (index === 0) row.style.fontWeight = '600';
          return row;
        }),
      );
      this.element.hidden = false;
      this.overlay.setPosition(coordinate);
    }, this.options.delayMs);
  }
}
