import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  croppingListResponseSchema,
  croppingResponseSchema,
  croppingWriteSchema,
  deletedResponseSchema,
  fieldYearsQuerySchema,
  idParamsSchema,
  sridOnlyQuerySchema,
  type CroppingResponse,
} from '@headland/domain/api/fieldsApi';
import type { Srid } from '@headland/domain/api/fieldsApi';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/httpErrors.ts';
import { holdingCallerOf, type Caller } from '../../auth/caller.ts';
import { loadCroppingResponses } from './croppingResponses.ts';
import { createCropping, deleteCropping, updateCropping } from './croppings.service.ts';
import { answerYearList } from '../../plugins/keptLists.ts';
import { notModifiedSchema } from '../../http/listRevalidation.ts';
import { croppingCreateSchema } from '@headland/domain/api/croppingCreateApi';
import { routeBodyLimits } from '../../http/requestLimits.ts';

const access = { access: { area: 'fields' as const } };
/** The reads the map draws from: open to map-layer readers as well (routeAccess.ts). */
const readAccess = { access: { area: 'fields' as const, orReadOf: ['mapLayers' as const] } };
const tags = ['croppings'];

async function oneCropping(
  db: Db,
  caller: Caller,
  croppingId: number,
  srid: Srid,
): Promise<CroppingResponse> {
  const [cropping] = await loadCroppingResponses(db, caller, { croppingIds: [croppingId], srid });
  if (!cropping) throw notFound('croppingNotFound');
  return cropping;
}

/** Croppings of the selected holding that the caller may see: list, read one, create, update, delete. */
export async function croppingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    '/api/croppings/v1',
    {
      config: { ...readAccess, partnerReadable: true },
      schema: {
        tags,
        querystring: fieldYearsQuerySchema,
        response: { 200: croppingListResponseSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => {
      const caller = holdingCallerOf(request);
      const yearId = request.query.year ?? caller.yearId;
      const parts = ['croppings', yearId, request.query.srid];
      return answerYearList(request, reply, { db: db(), kept: app.keptLists, caller, parts }, () =>
        loadCroppingResponses(db(), caller, { yearIds: [yearId], srid: request.query.srid }),
      );
    },
  );

  api.get(
    '/api/croppings/v1/:id',
    {
      config: { ...readAccess, partnerReadable: true },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: sridOnlyQuerySchema,
        response: { 200: croppingResponseSchema },
      },
    },
    async (request) => oneCropping(db(), holdingCallerOf(request), request.params.id, request.query.srid),
  );

  api.post(
    '/api/croppings/v1',
    {
      bodyLimit: routeBodyLimits.boundary,
      config: access,
      schema: {
        tags,
        querystring: sridOnlyQuerySchema,
        body: croppingCreateSchema,
        response: { 201: croppingResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = holdingCallerOf(request);
      const croppingId = await createCropping(db(), caller, request.body, request.query.srid);
      return reply.status(201).send(await oneCropping(db(), caller, croppingId, request.query.srid));
    },
  );

  api.put(
    '/api/croppings/v1/:id',
    {
      bodyLimit: routeBodyLimits.boundary,
      config: access,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: sridOnlyQuerySchema,
        body: croppingWriteSchema,
        response: { 200: croppingResponseSchema },
      },
    },
    async (request) => {
      const caller = holdingCallerOf(request);
      await updateCropping(db(), caller, request.params.id, request.body, request.query.srid);
      return oneCropping(db(), caller, request.params.id, request.query.srid);
    },
  );

  api.delete(
    '/api/croppings/v1/:id',
    {
      config: access,
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema } },
    },
    async (request) => {
      await deleteCropping(db(), holdingCallerOf(request), request.params.id);
      return { Deleted: true as const };
    },
  );
}
