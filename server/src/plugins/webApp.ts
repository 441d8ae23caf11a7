import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { WebPageSender } from '../http/webPage.ts';
import { robotsText, setWebAssetHeaders } from '../http/webAssets.ts';

/**
 * The built web app: its files, and its page at `/` (other deep links get it from the error answers). The build
 * writes a brotli and a gzip copy beside each text file (web/buildPlugins/precompress.ts); the copy the browser accepts
 * is sent, the plain file otherwise.
 */
export const webApp = fp<{ sendWebPage: WebPageSender }>(
  async (app, { sendWebPage }) => {
    await app.register(fastifyStatic, {
      root: app.deps.config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => setWebAssetHeaders(reply, filePath),
    });
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, sendWebPage);
    app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(robotsText),
    );
  },
  { name: 'web-app' },
);
