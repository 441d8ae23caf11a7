import LayerGroup from 'ol/layer/Group.js';
import TileLayer from 'ol/layer/Tile.js';
import OSM from 'ol/source/OSM.js';
import TileWMS from 'ol/source/TileWMS.js';
import XYZ from 'ol/source/XYZ.js';
import { customBasemapKind } from '@headland/domain/basemapRules';
import type TileSource from 'ol/source/Tile.js';
import { viewExtentFromLonLat } from '../projections.ts';
import { basemapMaxZoom } from '../mapConstants.ts';
import type { BasemapDefinition } from './basemapCatalogue.ts';
import { isKeyedBasemapKind, loadKeyedImagery } from './keyedImagery.ts';

export interface BasemapLayerOptions {
  basemap: BasemapDefinition;
  visible?: boolean;
  /** Called once, the first time a tile (or the provider's metadata) fails to load. */
  onUnavailable?: () => void;
}

/** The source of a base map that needs no call before its tiles; null for the keyed maps. */
function directSourceOf(basemap: BasemapDefinition): TileSource | null {
  switch (basemap.kind) {
    case 'aerial':
    case 'ordnanceSurvey':
    case 'road':
      return null;
    case 'osm':
      return basemap.url
        ? new XYZ({ url: basemap.url, maxZoom: basemap.maxZoom, crossOrigin: 'anonymous' })
        : new OSM({ maxZoom: basemap.maxZoom });
    case 'custom':
      if (basemap.url && customBasemapKind(basemap.url) === 'wms') return wmsSourceOf(basemap);
      return new XYZ({
        url: basemap.url,
        minZoom: basemap.minZoom,
        maxZoom: basemap.maxZoom,
        crossOrigin: 'anonymous',
      });
    case 'pSorption':
      return new XYZ({
        url: basemap.url,
        minZoom: basemap.minZoom,
        maxZoom: basemap.maxZoom,
        crossOrigin: 'anonymous',
      });
  }
}

/** Parameters of a GetMap request that the tiles set themselves. */
const wmsTileParameters = new Set(['service', 'request', 'bbox', 'width', 'height', 'crs', 'srs']);

/** A WMS base map: the address without its query, and the query's LAYERS, STYLES, FORMAT... as parameters. */
function wmsSourceOf(basemap: BasemapDefinition): TileSource {
  const url = new URL(basemap.url!);
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!wmsTileParameters.has(key.toLowerCase())) params[key.toUpperCase()] = value;
  }
  url.search = '';
  return new TileWMS({ url: url.toString(), params, crossOrigin: 'anonymous' });
}

/**
 * The tile layers of one base map, as a group: a soil overlay brings the default map beneath it. Tile errors are
 * reported once, so a page without network says so once rather than once per tile.
 */
export function createBasemapLayer(options: BasemapLayerOptions): LayerGroup {
  const { basemap } = options;
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    options.onUnavailable?.();
  };
  const layers: TileLayer<TileSource>[] = [];
  if (basemap.overlayOpacity !== undefined) {
    layers.push(new TileLayer({ source: new OSM({ maxZoom: basemapMaxZoom.default }) }));
  }
  const main = new TileLayer<TileSource>({
    opacity: basemap.overlayOpacity ?? 1,
    extent: basemap.extentLonLat ? viewExtentFromLonLat(basemap.extentLonLat) : undefined,
  });
  layers.push(main);
  const watch = (source: TileSource) => {
    source.on('tileloaderror', report);
    source.on('change', () => {
      if (source.getState() === 'error') report();
    });
  };
  const direct = directSourceOf(basemap);
  if (direct) {
    main.setSource(direct);
  } else if (isKeyedBasemapKind(basemap.kind)) {
    loadKeyedImagery({ kind: basemap.kind, key: basemap.key ?? '', maxZoom: basemap.maxZoom })
      .then((source) => {
        watch(source);
        main.setSource(source);
      })
      .catch(report);
  }
  for (const layer of layers) {
    const source = layer.getSource();
    if (source) watch(source);
  }
  return new LayerGroup({
    layers,
    visible: options.visible ?? true,
    zIndex: 0,
    properties: { name: 'basemap' },
  });
}
