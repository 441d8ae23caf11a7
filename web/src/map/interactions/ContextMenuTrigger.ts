import Interaction from 'ol/interaction/Interaction.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import type { Coordinate } from 'ol/coordinate.js';
import type { Pixel } from 'ol/pixel.js';
import type { FeatureLike } from 'ol/Feature.js';
import type Layer from 'ol/layer/Layer.js';

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
}

/**
 * Opens the map's context menu on right-click, and on a double-click or double-tap over a feature. The menu
 * itself belongs to the page; this only says where and for what. Editing tools switch it off with setActive.
 */
export class ContextMenuTrigger extends Interaction {
  private readonly options: Required<ContextMenuTriggerOptions>;

  constructor(options: ContextMenuTriggerOptions) {
    super();
    this.options = { openOnDoubleClick: true, hitTolerance: 3, ...options };
  }

  override handleEvent(event: MapBrowserEvent): boolean {
    if (event.type !== 'contextmenu' && !(event.type === 'dblclick' && this.options.openOnDoubleClick))
      return true;
    const map = event.map;
    const feature = map.forEachFeatureAtPixel(event.pixel, (found) => found, {
      layerFilter: this.options.layerFilter,
      hitTolerance: this.options.hitTolerance,
    });
    // A double-click away from features keeps its usual meaning (zoom in).
    if (event.type === 'dblclick' && !feature) return true;
    event.originalEvent.preventDefault();
    this.options.onOpen({ pixel: event.pixel, coordinate: event.coordinate, feature });
    return false;
  }
}
