import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './appDeps.ts';
import { registerCompression } from './http/compression.ts';
import { webPageSender } from './http/webPage.ts';
import { registerErrorHandler } from './http/errorHandler.ts';
import { loggerOptions, registerAccessLog } from './http/logging.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { registerStopRefusal } from './http/stopping.ts';
import { documentPublicRoutes } from './http/publicRoutes.ts';
import { defaultBodyLimit, registerRequestLimits } from './http/requestLimits.ts';
import { registerAccessHook } from './auth/accessHook.ts';
import { registerModules } from './modules/registerModules.ts';

export type { AppDeps };

/** Builds the Fastify app: API, OpenAPI document, live socket and the built web app. */
export async function buildApp(
  deps: AppDeps,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(deps.config.logLevel, options.logStream),
    bodyLimit: defaultBodyLimit,
    // Fastify answers a longer path parameter with its own 414 before any schema runs; the schemas bound each
    // parameter (an address lookup's text, an id) and answer a 400 that names it.
    routerOptions: { maxParamLength: 2048 },
    // Off unless TRUST_PROXY says so: a forged X-Forwarded-For must not choose the client address.
    trustProxy: deps.config.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.setSerializerCompiler(serializerCompiler);
  const indexFile = join(deps.config.webDist, 'index.html');
  const sendWebPage = existsSync(indexFile) ? webPageSender(indexFile) : null;
  registerErrorHandler(app, { sendWebPage });
  registerStopRefusal(app);
  registerAccessLog(app);
  await registerSecurityHeaders(app, deps.config);
  registerRequestLimits(app);
  documentPublicRoutes(app);

  await app.register(formbody);
  // A live socket carries small state messages only.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Headland API', version: '1.0.0', description: 'Farm-management API of Headland.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  registerAccessHook(app, deps.database.db);
  registerCompression(app);
  await registerModules(app);

  if (sendWebPage) {
    await app.register(fastifyStatic, { root: deps.config.webDist, wildcard: false, index: false });
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, sendWebPage);
  }
  return app;
}
