/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' in the map benchmark's build only: the map publishes itself on the window for the bench to drive. */
  readonly VITE_BENCH_HOOKS?: string;
  readonly VITE_MAPS_KEY?: string;
  readonly VITE_BASEMAP_TILE_URL?: string;
  readonly VITE_P_SORPTION_TILE_URL?: string;
}
