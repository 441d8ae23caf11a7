import type { FastifyInstance } from 'fastify';

/**
 * Marks the routes anyone may call as such in the OpenAPI document (`security: []`), so that clients and the
 * tests generated from the document know them. Register before the OpenAPI plugin reads the routes.
 */
export function documentPublicRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'public' || !route.schema || route.schema.hide) return;
    route.schema = { ...route.schema, security: [] };
  });
}
