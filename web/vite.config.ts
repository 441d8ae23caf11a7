import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './buildPlugins/precompress.ts';
import { installableApp } from './buildPlugins/installableApp.ts';

const apiTarget = process.env.HEADLAND_API ?? 'http://localhost:3000';

/**
 * The big libraries go into chunks of their own so that a change to the app does not bust their cache, and so
 * that OpenLayers and proj4 load only with the map routes that import them.
 * Vite 8 bundles with Rolldown, whose `codeSplitting.groups` replaces Rollup's `manualChunks`.
 */
const vendorChunks: readonly { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
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

/** The English texts of the screens behind the sign-in (src/i18n/createI18n.ts loads them with those screens). */
const laterEnglishTexts =
  /[\\/]src[\\/]i18n[\\/]en\.(crops|documents|exports|fields|holdings|imports|layers|layersServer|map|partners)\.json$/;
const laterEnglishChunk = { name: 'texts-en', test: laterEnglishTexts, priority: vendorChunks.length + 2 };

export default defineConfig({
  plugins: [react(), installableApp(), precompress()],
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
            laterEnglishChunk,
            textsChunk,
            ...vendorChunks.map((chunk, index) => ({ ...chunk, priority: vendorChunks.length - index })),
          ],
        },
      },
    },
  },
});
