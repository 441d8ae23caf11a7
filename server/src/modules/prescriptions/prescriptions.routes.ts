import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  planCreateSchema,
  planDeletedSchema,
  planFileQuerySchema,
  planIdParamsSchema,
  planListQuerySchema,
  planListResponseSchema,
  planResponseSchema,
  planUpdateSchema,
  planValidateRequestSchema,
  planValidateResponseSchema,
  plansRoutes as paths,
} from '@headland/domain/api/plansApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import {
  changePlan,
  createPlan,
  listPlans,
  planFile,
  readPlan,
  removePlan,
  validatePlans,
} from './prescriptions.service.ts';

/**
 * Prescription plans follow the map-layers permission, as their menu entry does (docs/decisions.md, Shell):
 * reading needs map-layers read, every change map-layers write. The validate call changes nothing, so read is
 * enough for it.
 */
const read = { access: { area: 'mapLayers' as const, level: 'read' as const } };
const write = { access: { area: 'mapLayers' as const, level: 'write' as const } };
const tags = ['plans'];

export async function prescriptionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.post(
    paths.validate,
    {
      config: read,
      schema: {
        tags,
        operationId: 'validatePlans',
        summary: 'Check plan names before saving',
        description:
          'Plans each with Key (the plan id as text, or any other text for a new plan) and Name. Answers the plans whose name cannot be kept (empty when all can), each with a code and, for a taken name, a free one (names are unique in the holding, whatever their case).',
        body: planValidateRequestSchema,
        response: { 200: planValidateResponseSchema },
      },
    },
    async (request) => validatePlans(db(), holdingCallerOf(request), request.body.Plans),
  );

  api.get(
    paths.list,
    {
      config: read,
      schema: {
        tags,
        operationId: 'listPrescriptionPlans',
        summary: "List the holding's prescription plans",
        description:
          'With each plan’s area and total over the fields the caller may see; optionally of one year.',
        querystring: planListQuerySchema,
        response: { 200: planListResponseSchema },
      },
    },
    async (request) => ({ Plans: await listPlans(db(), holdingCallerOf(request), request.query.year) }),
  );

  api.post(
    paths.list,
    {
      config: write,
      schema: {
        tags,
        operationId: 'createPrescriptionPlan',
        summary: 'Make a prescription plan from a data layer',
        description:
          'The layer’s zones clipped by PostGIS to each field boundary the caller may see, less HeadlandMetres of the edge; each zone starts at its product rate (application layers) or its value.',
        body: planCreateSchema,
        response: { 200: planResponseSchema },
      },
    },
    async (request) => ({ Plan: await createPlan(db(), holdingCallerOf(request), request.body) }),
  );

  api.get(
    paths.one,
    {
      config: read,
      schema: {
        tags,
        operationId: 'readPrescriptionPlan',
        summary: 'Read a prescription plan with its fields, zones and totals',
        params: planIdParamsSchema,
        response: { 200: planResponseSchema },
      },
    },
    async (request) => ({ Plan: await readPlan(db(), holdingCallerOf(request), request.params.id) }),
  );

  api.put(
    paths.one,
    {
      config: write,
      schema: {
        tags,
        operationId: 'updatePrescriptionPlan',
        summary: 'Change a prescription plan: name, status, product, unit or zone rates',
        description: 'Complete and Abandoned plans are read-only: any change is refused.',
        params: planIdParamsSchema,
        body: planUpdateSchema,
        response: { 200: planResponseSchema },
      },
    },
    async (request) => ({
      Plan: await changePlan(db(), holdingCallerOf(request), request.params.id, request.body),
    }),
  );

  api.delete(
    paths.one,
    {
      config: write,
      schema: {
        tags,
        operationId: 'deletePrescriptionPlan',
        summary: 'Delete a prescription plan',
        params: planIdParamsSchema,
        response: { 200: planDeletedSchema },
      },
    },
    async (request) => {
      await removePlan(db(), holdingCallerOf(request), request.params.id);
      return { Deleted: true as const };
    },
  );

  api.get(
    paths.file,
    {
      config: read,
      schema: {
        tags,
        operationId: 'downloadPrescriptionFile',
        summary: 'Download a prescription plan as a file a terminal reads',
        description:
          'Formats: `isoxml` (a zipped ISO 11783-10 version 4 TASKDATA, one partfield and task with a type 2 grid of cellSize metres per field), `shapefile` (flat: one WGS 84 shapefile per field, at most 100 zones each) and `shapefileRx` (the same in an `Rx/` folder); shapefile columns Rate, Unit, Product and Zone.',
        params: planIdParamsSchema,
        querystring: planFileQuerySchema,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const file = await planFile(
        db(),
        holdingCallerOf(request),
        request.params.id,
        request.query.format,
        request.query.cellSize,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
}
