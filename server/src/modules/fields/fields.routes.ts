import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedResponseSchema,
  fieldListResponseSchema,
  fieldResponseSchema,
  fieldWriteSchema,
  fieldYearsQuerySchema,
  idParamsSchema,
  sridOnlyQuerySchema,
} from '@headland/domain/api/fieldsApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import { createField, deleteField, getField, listFields, updateField } from './fields.service.ts';
import { answerYearList } from '../../plugins/keptLists.ts';
import { notModifiedSchema } from '../../http/listRevalidation.ts';
import { routeBodyLimits } from '../../http/requestLimits.ts';

const access = { access: { area: 'fields' as const } };
/** The reads the map draws from: open to map-layer readers as well (routeAccess.ts). */
const readAccess = { access: { area: 'fields' as const, orReadOf: ['mapLayers' as const] } };
const tags = ['fields'];

/** Fields of the selected holding: list, read one, create, update, delete. */
export async function fieldsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    '/api/fields/v1',
    {
      config: { ...readAccess, partnerReadable: true },
      schema: {
        tags,
        querystring: fieldYearsQuerySchema,
        response: { 200: fieldListResponseSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => {
      const caller = holdingCallerOf(request);
      const yearId = request.query.year ?? caller.yearId;
      const parts = ['fields', yearId, request.query.srid];
      return answerYearList(request, reply, { db: db(), kept: app.keptLists, caller, parts }, () =>
        listFields(db(), caller, yearId, request.query.srid),
      );
    },
  );

  api.get(
    '/api/fields/v1/:id',
    {
      config: { ...readAccess, partnerReadable: true },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: sridOnlyQuerySchema,
        response: { 200: fieldResponseSchema },
      },
    },
    async (request) => getField(db(), holdingCallerOf(request), request.params.id, request.query.srid),
  );

  api.post(
    '/api/fields/v1',
    {
      bodyLimit: routeBodyLimits.boundary,
      config: access,
      schema: {
        tags,
        querystring: sridOnlyQuerySchema,
        body: fieldWriteSchema,
        response: { 201: fieldResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = holdingCallerOf(request);
      const fieldId = await createField(db(), caller, request.body, request.query.srid);
      return reply.status(201).send(await getField(db(), caller, fieldId, request.query.srid));
    },
  );

  api.put(
    '/api/fields/v1/:id',
    {
      bodyLimit: routeBodyLimits.boundary,
      config: access,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: sridOnlyQuerySchema,
        body: fieldWriteSchema,
        response: { 200: fieldResponseSchema },
      },
    },
    async (request) => {
      const caller = holdingCallerOf(request);
      await updateField(db(), caller, request.params.id, request.body, request.query.srid);
      return getField(db(), caller, request.params.id, request.query.srid);
    },
  );

  api.delete(
    '/api/fields/v1/:id',
    {
      config: access,
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema } },
    },
    async (request) => {
      await deleteField(db(), holdingCallerOf(request), request.params.id);
      return { Deleted: true as const };
    },
  );
}
