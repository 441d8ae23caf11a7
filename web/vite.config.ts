import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.HEADLAND_API ?? 'http://localhost:3000';

/**
 * The big libraries go into chunks of their own so that a change to the app does not bust their cache, and so
 * that OpenLayers and proj4 load only with the map routes that import them.
 * Vite 8 bundles with Rolldown, whose `codeSplitting.groups` replaces Rollup's `manualChunks`.
 */
const vendorChunks: readonly { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format)/,
  },
  {
    name: 'map',
    test: /node_modules[\\/](ol|proj4|rbush|earcut|quickselect|color-rgba|color-parse|wkt-parser|mgrs)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/oauth': apiTarget,
      '/maintenance.json': apiTarget,
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorChunks.map((chunk, index) => ({ ...chunk, priority: vendorChunks.length - index })),
        },
      },
    },
  },
});
