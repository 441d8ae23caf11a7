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

/**
 * The text files of one language other than English (src/i18n/de.json, src/i18n/de.fields.json …) go into one
 * chunk named after it, loaded when that language is chosen. English stays in the main bundle.
 */
const otherLanguageTexts = /[\\/]src[\\/]i18n[\\/](?!en\.)([a-z]{2})(?:\.[\w-]+)?\.json$/;
const textsChunk = {
  name: (moduleId: string) => {
    const language = otherLanguageTexts.exec(moduleId)?.[1];
    return language ? `texts-${language}` : null;
  },
  test: otherLanguageTexts,
  priority: vendorChunks.length + 1,
};

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/oauth': apiTarget,
      '/maintenance.json': apiTarget,
      '/resources': apiTarget,
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            textsChunk,
            ...vendorChunks.map((chunk, index) => ({ ...chunk, priority: vendorChunks.length - index })),
          ],
        },
      },
    },
  },
});
