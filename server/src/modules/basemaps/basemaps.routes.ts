import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  basemapIdParamsSchema,
  basemapsRoutes as paths,
  customBasemapInputSchema,
  customBasemapsResponseSchema,
} from '@headland/domain/api/basemapsApi';
import { requireSession } from '../../auth/accessHook.ts';
import {
  addBasemap,
  basemapsCallerOf,
  changeBasemap,
  holdingBasemaps,
  removeBasemap,
} from './basemaps.service.ts';

/**
 * A holding's custom base maps (fields-croppings-maps §3, §6): map-layer readers of the session's holding may
 * list and its writers manage them, and only Master users and above (the service refuses others with a 403).
 */
export async function basemapsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['basemaps'];
  const callerOf = (request: Parameters<typeof requireSession>[0]) => {
    const session = requireSession(request);
    return basemapsCallerOf(session, session.auth.user);
  };
  const response = { 200: customBasemapsResponseSchema };

  api.get(
    paths.list,
    { config: { access: { area: 'mapLayers' } }, schema: { tags, response } },
    async (request) => ({ Basemaps: await holdingBasemaps(db(), callerOf(request)) }),
  );
  api.post(
    paths.create,
    { config: { access: { area: 'mapLayers' } }, schema: { tags, body: customBasemapInputSchema, response } },
    async (request) => ({ Basemaps: await addBasemap(db(), callerOf(request), request.body) }),
  );
  api.put(
    paths.one,
    {
      config: { access: { area: 'mapLayers' } },
      schema: { tags, params: basemapIdParamsSchema, body: customBasemapInputSchema, response },
    },
    async (request) => ({
      Basemaps: await changeBasemap(db(), callerOf(request), request.params.id, request.body),
    }),
  );
  api.delete(
    paths.one,
    { config: { access: { area: 'mapLayers' } }, schema: { tags, params: basemapIdParamsSchema, response } },
    async (request) => ({ Basemaps: await removeBasemap(db(), callerOf(request), request.params.id) }),
  );
}
