import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The product's green (web/src/shell/theme.ts, fieldGreen 6): the title bar of the installed app. */
const themeColour = '#347745';

/**
 * The installable app: the web app manifest with its icons, and the service worker (src/serviceWorker/sw.ts)
 * with the list of built files it keeps, so that after one visit the app opens with no network.
 * The worker is registered by the app itself (src/shell/offline/registerWorker.ts), not by an injected script:
 * the page's Content-Security-Policy allows no inline script.
 */
export function installableApp(): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/serviceWorker',
    filename: 'sw.ts',
    injectRegister: false,
    includeAssets: ['icons/apple-touch-icon-180.png'],
    manifest: {
      name: 'Headland',
      short_name: 'Headland',
      description: 'Farm management: fields, croppings, maps and records',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: themeColour,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    injectManifest: {
      // The page is left out: the worker asks the network for it first (src/serviceWorker/sw.ts). The help
      // documents are large and open in their own tab.
      // The manifest and its icons are added by the plugin itself.
      globPatterns: ['**/*.{js,css,woff2}'],
      globIgnores: ['index.html', 'help/**'],
      // The map's chunk is the largest file; the default limit (2 MiB) leaves room for it.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}
