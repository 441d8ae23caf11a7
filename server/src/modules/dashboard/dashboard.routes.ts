import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardResponseSchema } from '@headland/domain/api/dashboardApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import { dashboardSummary, type CroppingCards } from './dashboard.service.ts';
import { KeptCards } from './keptCards.ts';

/** The dashboard's cards for the session's holding in one crop year (issue 26). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const kept = new KeptCards<CroppingCards>();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/holdings/v1/dashboard',
    {
      // Every member opens the dashboard; each card inside is answered by the caller's rights on its area.
      config: { access: { area: 'currentHolding', level: 'read' } },
      schema: {
        tags: ['holdings'],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request) => {
      const caller = holdingCallerOf(request);
      // Decorated by the live area, registered after this one: read when a request comes, not at registration.
      const maintenance = request.server.maintenanceNotices.list();
      const yearId = request.query.year ?? caller.yearId;
      return dashboardSummary(app.deps.database.db, caller, yearId, maintenance, kept);
    },
  );
}
