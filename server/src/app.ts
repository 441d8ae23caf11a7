import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './appDeps.ts';
import { rewriteSpecPath } from './http/specPaths.ts';
import { webPageSender } from './http/webPage.ts';
import { refuseFrameworkError } from './http/errorHandler.ts';
import { loggerOptions } from './http/logging.ts';
import { defaultBodyLimit } from './http/requestLimits.ts';
import { access } from './plugins/access.ts';
import { accessLog } from './plugins/accessLog.ts';
import { compression } from './plugins/compression.ts';
import { errorAnswers } from './plugins/errorAnswers.ts';
import { keptLists } from './plugins/keptLists.ts';
import { keptTiles } from './plugins/keptTiles.ts';
import { mail } from './plugins/mail.ts';
import { openApi } from './plugins/openApi.ts';
import { requestLimits } from './plugins/requestLimits.ts';
import { securityHeaders } from './plugins/securityHeaders.ts';
import { stopRefusal } from './plugins/stopRefusal.ts';
import { webApp } from './plugins/webApp.ts';
import { registerModules } from './modules/registerModules.ts';

export type { AppDeps };

/**
 * Builds the Fastify app: the core's plugins (server/src/plugins/), then every area's routes, then the built
 * web app. The order matters where noted: hooks that inspect routes come before any route.
 */
export async function buildApp(
  deps: AppDeps,
  options: {
    logStream?: NodeJS.WritableStream;
    /** The server to answer on (the start's early listener); Fastify makes its own otherwise. */
    serverFactory?: FastifyServerFactory;
    /** Where live sockets listen for upgrades, when not on the app's server (the start's early listener). */
    upgradeServer?: Server;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(deps.config.logLevel, options.logStream),
    bodyLimit: defaultBodyLimit,
    // Fastify answers a longer path parameter with its own 414 before any schema runs; the schemas bound each
    // parameter (an address lookup's text, an id) and answer a 400 that names it.
    routerOptions: { maxParamLength: 2048 },
    // Off unless TRUST_PROXY says so: a forged X-Forwarded-For must not choose the client address.
    trustProxy: deps.config.trustProxy ?? false,
    // A path Fastify cannot decode is refused in the shape and language of every other refusal.
    frameworkErrors: refuseFrameworkError,
    rewriteUrl: rewriteSpecPath,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.setSerializerCompiler(serializerCompiler);
  const indexFile = join(deps.config.webDist, 'index.html');
  const sendWebPage = existsSync(indexFile) ? webPageSender(indexFile, deps.config.helpVideos) : null;

  await app.register(errorAnswers, { sendWebPage });
  // Before the other hooks: a request refused because the server is stopping costs nothing else.
  await app.register(stopRefusal);
  await app.register(accessLog);
  await app.register(securityHeaders);
  // Before any route: every route compiles with its validator.
  await app.register(requestLimits);
  await app.register(formbody);
  // A live socket carries small state messages only.
  await app.register(websocket, {
    options: {
      maxPayload: 64 * 1024,
      ...(options.upgradeServer ? { server: options.upgradeServer } : {}),
    },
  });
  // Before any route: the document reads every route as it is added.
  await app.register(openApi);
  // Before any route: it refuses to start with a route that declares no access rule.
  await app.register(access);
  await app.register(compression);
  await app.register(mail);
  await app.register(keptLists);
  await app.register(keptTiles);

  await registerModules(app);

  if (sendWebPage) await app.register(webApp, { sendWebPage });
  return app;
}
