/**
 * Deployment settings of the map, read from the build's environment (Vite `VITE_*` variables):
 * - VITE_MAPS_KEY: the maps provider's key, used when the session start answers no BingMaps.Key;
 * - VITE_BASEMAP_TILE_URL: a tile URL template ({z}/{x}/{y}) for the default map instead of OpenStreetMap's;
 * - VITE_P_SORPTION_TILE_URL: the tile URL template of Scotland's soil phosphorus sorption map.
 */
export interface MapConfig {
  mapsKey: string | null;
  basemapTileUrl: string | null;
  pSorptionTileUrl: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function readMapConfig(env: Record<string, unknown> = import.meta.env): MapConfig {
  return {
    mapsKey: text(env.VITE_MAPS_KEY),
    basemapTileUrl: text(env.VITE_BASEMAP_TILE_URL),
    pSorptionTileUrl: text(env.VITE_P_SORPTION_TILE_URL),
  };
}
