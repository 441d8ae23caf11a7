import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saveSettingRequestSchema, saveSettingResponseSchema } from '@headland/domain/api/sessionApi';
import { requireAuth } from '../../auth/accessHook.ts';
import { saveSetting } from './settings.service.ts';

/** User and holding settings (session-shell §3 Setting, §7 settings save). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/service/settings/save',
    {
      // Who may write which scope depends on the body; the service checks it.
      config: { access: 'user' },
      schema: {
        tags: ['settings'],
        body: saveSettingRequestSchema,
        response: { 200: saveSettingResponseSchema },
      },
    },
    async (request) => saveSetting(app.deps.database.db, requireAuth(request), request.body),
  );
}
