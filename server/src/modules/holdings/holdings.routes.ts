import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  holdingDeletedResponseSchema,
  holdingDetailsSchema,
  holdingEmptyResponseSchema,
  holdingIdParamsSchema,
  holdingSaveRequestSchema,
  holdingsListQuerySchema,
  holdingsListResponseSchema,
  holdingStatusQuerySchema,
  holdingStatusResponseSchema,
} from '@headland/domain/api/holdingsApi';
import { requireSession } from '../../auth/accessHook.ts';
import { deleteHolding } from './holdingDelete.service.ts';
import { createHolding, updateHolding, type HoldingsDeps } from './holdingSave.service.ts';
import { getHoldingDetails, holdingIsEmpty, holdingStatus, listManagedHoldings } from './holdings.service.ts';
import { callerOf } from '../../auth/caller.ts';

const tags = ['holdings'];
// Holdings are managed from any session, even before one is open; each service checks the holding itself.
const user = { access: 'user' as const };

/** The holdings list, the current holding, the edit dialog's status and save, the empty check and delete. */
export async function holdingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): HoldingsDeps => ({ db: app.deps.database.db, authCache: app.authCache });

  api.get(
    '/api/service/holdings',
    {
      config: user,
      schema: { tags, querystring: holdingsListQuerySchema, response: { 200: holdingsListResponseSchema } },
    },
    async (request) => listManagedHoldings(deps().db, callerOf(request)),
  );

  api.get(
    '/api/service/holding/current',
    {
      config: { access: { area: 'currentHolding', level: 'read' } },
      schema: { tags, response: { 200: holdingDetailsSchema } },
    },
    async (request) => getHoldingDetails(deps().db, callerOf(request), requireSession(request).holdingId),
  );

  api.get(
    '/api/holdings/v1/status',
    {
      config: user,
      schema: { tags, querystring: holdingStatusQuerySchema, response: { 200: holdingStatusResponseSchema } },
    },
    async (request) => holdingStatus(deps().db, callerOf(request), request.query),
  );

  api.put(
    '/api/holdings/v1',
    {
      config: user,
      schema: {
        tags,
        summary: 'Create a holding',
        body: holdingSaveRequestSchema,
        response: { 200: holdingDetailsSchema },
      },
    },
    async (request) => createHolding(deps(), callerOf(request), request.body),
  );

  api.post(
    '/api/holdings/v1',
    {
      config: user,
      schema: {
        tags,
        summary: 'Update a holding',
        body: holdingSaveRequestSchema,
        response: { 200: holdingDetailsSchema },
      },
    },
    async (request) => updateHolding(deps(), callerOf(request), request.body),
  );

  api.get(
    '/api/dashboard/holding/empty/:id',
    {
      config: user,
      schema: { tags, params: holdingIdParamsSchema, response: { 200: holdingEmptyResponseSchema } },
    },
    async (request) => ({
      Empty: await holdingIsEmpty(deps().db, callerOf(request), request.params.id),
    }),
  );

  api.post(
    '/api/dashboard/holding/delete/:id',
    {
      config: user,
      schema: { tags, params: holdingIdParamsSchema, response: { 200: holdingDeletedResponseSchema } },
    },
    async (request) => {
      await deleteHolding(deps(), callerOf(request), request.params.id);
      return { Deleted: true as const };
    },
  );
}
