import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { migrationStatusSchema, migrationYearParamsSchema } from '@headland/domain/api/holdingsApi';
import { requireSession } from '../../auth/accessHook.ts';
import { getMigrationStatus, migrateFromYear } from './migration.service.ts';

const tags = ['nutrition'];

/** The selected holding's move to second-generation nutrition data (holdings spec §7). */
export async function migrationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    '/api/nutrition2/v1/migration/status',
    {
      config: { access: { area: 'nutritionPlans', level: 'read' } },
      schema: { tags, response: { 200: migrationStatusSchema } },
    },
    async (request) => getMigrationStatus(db(), requireSession(request).holdingId),
  );

  api.post(
    '/api/nutrition2/v1/migration/status/:year',
    {
      config: { access: { area: 'nutritionPlans', level: 'write' } },
      schema: { tags, params: migrationYearParamsSchema, response: { 200: migrationStatusSchema } },
    },
    async (request) => {
      const session = requireSession(request);
      const actor = { userId: session.auth.user.id, holdingId: session.holdingId, sessionId: session.id };
      return migrateFromYear(db(), actor, request.params.year);
    },
  );
}
