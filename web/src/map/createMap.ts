import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import Attribution from 'ol/control/Attribution.js';
import ScaleLine from 'ol/control/ScaleLine.js';
import Zoom from 'ol/control/Zoom.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import { createCompass } from './controls/createCompass.ts';
import { mapZoom, ukExtentLonLat } from './mapConstants.ts';
import { registerProjections, viewExtentFromLonLat, viewProjection } from './projections.ts';

export interface MapTexts {
  zoomIn: string;
  zoomOut: string;
  resetRotation: string;
  attributions: string;
}

export interface CreateMapOptions {
  target: HTMLElement;
  texts: MapTexts;
  /** [west, south, east, north] in EPSG:4326 shown first; the UK and Ireland by default. */
  initialExtentLonLat?: readonly [number, number, number, number];
  minZoom?: number;
  maxZoom?: number;
}

/**
 * An OpenLayers map in the product's manner: EPSG:3857 view from zoom 5 to 22 opening on the UK, zoom buttons,
 * a compass that resets rotation in 500 ms, a scale line, and the default interactions except Shift-drag zoom
 * (Shift-drag selects fields instead). EPSG:27700 is registered for national-grid measurement.
 */
export function createMap(options: CreateMapOptions): OlMap {
  registerProjections();
  const view = new View({
    projection: viewProjection,
    minZoom: options.minZoom ?? mapZoom.min,
    maxZoom: options.maxZoom ?? mapZoom.max,
    center: [0, 0],
    zoom: mapZoom.min,
    constrainResolution: false,
  });
  const map = new OlMap({
    target: options.target,
    view,
    controls: [
      new Zoom({ zoomInTipLabel: options.texts.zoomIn, zoomOutTipLabel: options.texts.zoomOut }),
      createCompass({ tipLabel: options.texts.resetRotation }),
      new ScaleLine({ units: 'metric' }),
      new Attribution({ collapsible: true, collapsed: true, tipLabel: options.texts.attributions }),
    ],
    interactions: defaultInteractions({ shiftDragZoom: false }),
  });
  // The zoom buttons show '+' and '−'; their accessible names are the tips.
  options.target.querySelector('.ol-zoom-in')?.setAttribute('aria-label', options.texts.zoomIn);
  options.target.querySelector('.ol-zoom-out')?.setAttribute('aria-label', options.texts.zoomOut);
  const size = map.getSize();
  view.fit(viewExtentFromLonLat(options.initialExtentLonLat ?? ukExtentLonLat), {
    size: size && size[0] && size[1] ? size : [800, 600],
  });
  return map;
}
