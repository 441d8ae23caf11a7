import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/health.routes.ts';

/** Every area's routes. Each area registers its own plugin here. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
