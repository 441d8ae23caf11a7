import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/health.routes.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { userRoutes } from './user/user.routes.ts';

/** Every area's routes. Each area registers its own plugin here. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(sessionRoutes, { bingMapsKey: process.env.BING_MAPS_KEY || null });
  await app.register(userRoutes);
  await app.register(settingsRoutes);
}
