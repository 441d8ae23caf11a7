import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importsPaths, importTaskListSchema } from '@headland/domain/api/importsApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import { listImportTasks } from './imports.service.ts';

// Importing writes into the holding: the Import screen, and so its list, needs current-holding write (menu.ts).
const access = { access: { area: 'currentHolding' as const, level: 'write' as const } };
const tags = ['imports'];

/** The Import screen's task list: every import of the caller on the session holding, with its status. */
export async function importsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    importsPaths.tasks,
    {
      config: access,
      schema: {
        tags,
        summary: "The caller's imports on the session holding, newest first, with their status and progress",
        response: { 200: importTaskListSchema },
      },
    },
    async (request) => listImportTasks(db(), holdingCallerOf(request)),
  );
}
