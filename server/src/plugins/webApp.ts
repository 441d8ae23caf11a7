import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { WebPageSender } from '../http/webPage.ts';

/** The built web app: its files, and its page at `/` (other deep links get it from the error answers). */
export const webApp = fp<{ sendWebPage: WebPageSender }>(
  async (app, { sendWebPage }) => {
    await app.register(fastifyStatic, { root: app.deps.config.webDist, wildcard: false, index: false });
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, sendWebPage);
  },
  { name: 'web-app' },
);
