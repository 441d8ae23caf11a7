import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addZoneRequestSchema,
  applicationRequestSchema,
  createLayerRequestSchema,
  cutZonesRequestSchema,
  dataLayerSchema,
  deletedResponseSchema,
  editLayerRequestSchema,
  editZoneRequestSchema,
  geometryQuerySchema,
  layerIdParamsSchema,
  layerListParamsSchema,
  layerListResponseSchema,
  layersRoutes as paths,
  layerTypesResponseSchema,
  mergeZonesRequestSchema,
  pointsResponseSchema,
  requirementRequestSchema,
  splitZoneRequestSchema,
  totalsResponseSchema,
  zoneChangeResponseSchema,
  zoneIdParamsSchema,
  zoneOperationQuerySchema,
  zonesResponseSchema,
} from '@headland/domain/api/layersApi';
import { encodeBinary1 } from '@headland/domain/layers/binary1';
import { layerTypes } from '@headland/domain/layers/layerTypes';
import { canViewSatelliteClouds, isAdminOrHigher } from '@headland/domain/roles';
import { routeBodyLimits } from '../../http/requestLimits.ts';
import { fieldsCallerOf } from '../fields/fieldsCaller.ts';
import { requireSession } from '../session/accessHook.ts';
import {
  addZone,
  createApplication,
  createLayer,
  createRequirement,
  cutZones,
  deleteLayer,
  deleteZone,
  editLayer,
  editZone,
  listLayers,
  loadPoints,
  loadZones,
  mergeZones,
  productTotals,
  resetZones,
  splitZone,
  type LayersCaller,
} from './layers.service.ts';

/** Reading layers needs map-layers read; every change needs map-layers write (a read-only session only reads). */
const readAccess = { access: { area: 'mapLayers' as const, level: 'read' as const } };
const writeAccess = { access: { area: 'mapLayers' as const, level: 'write' as const } };
const tags = ['layers'];

function layersCallerOf(request: FastifyRequest): LayersCaller {
  return { ...fieldsCallerOf(request), role: requireSession(request).auth.user.role };
}

/** A binary1 answer: the numeric geometries, then the JSON payload. */
function sendBinary1(reply: FastifyReply, geometries: number[][][][][], payload: unknown) {
  return reply.type('application/octet-stream').send(Buffer.from(encodeBinary1(geometries, payload)));
}

/** The data layers API (docs/layers-api.md). */
export async function layersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    paths.types,
    {
      config: readAccess,
      schema: {
        tags,
        description: 'The layer types of §9 and the caller’s variant and cloud rights.',
        response: { 200: layerTypesResponseSchema },
      },
    },
    async (request) => {
      const role = requireSession(request).auth.user.role;
      return {
        Types: layerTypes.map((type) => ({
          TypeId: type.TypeId,
          Key: type.Key,
          Name: type.Name,
          GroupId: type.GroupId,
          ValueType: type.ValueType,
          Units: [...type.Units],
          Values: type.Values.map((value) => ({ ...value })),
          ValueLabel: type.ValueLabel,
        })),
        CanEditVariants: isAdminOrHigher(role),
        CanViewClouds: canViewSatelliteClouds(role),
      };
    },
  );

  api.get(
    paths.list,
    {
      config: readAccess,
      schema: {
        tags,
        description: 'The layers of a holding’s crop year, without geometry.',
        params: layerListParamsSchema,
        response: { 200: layerListResponseSchema },
      },
    },
    async (request) => ({
      Layers: await listLayers(
        db(),
        fieldsCallerOf(request),
        request.params.holdingId,
        request.params.yearId,
      ),
    }),
  );

  api.get(
    paths.totals,
    {
      config: readAccess,
      schema: {
        tags,
        description: 'Product totals of the crop year’s application layers, per field and per plan.',
        params: layerListParamsSchema,
        response: { 200: totalsResponseSchema },
      },
    },
    async (request) =>
      productTotals(db(), fieldsCallerOf(request), request.params.holdingId, request.params.yearId),
  );

  api.post(
    paths.create,
    {
      bodyLimit: routeBodyLimits.boundary * 4,
      config: writeAccess,
      schema: { tags, body: createLayerRequestSchema, response: { 201: dataLayerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createLayer(db(), layersCallerOf(request), request.body)),
  );

  api.put(
    paths.layer,
    {
      config: writeAccess,
      schema: {
        tags,
        params: layerIdParamsSchema,
        body: editLayerRequestSchema,
        response: { 200: dataLayerSchema },
      },
    },
    async (request) => editLayer(db(), layersCallerOf(request), request.params.id, request.body),
  );

  api.delete(
    paths.layer,
    {
      config: writeAccess,
      schema: { tags, params: layerIdParamsSchema, response: { 200: deletedResponseSchema } },
    },
    async (request) => ({ Deleted: await deleteLayer(db(), layersCallerOf(request), request.params.id) }),
  );

  api.get(
    paths.zones,
    {
      config: readAccess,
      schema: {
        tags,
        description: 'One layer with its zones, geometry in the format asked for (binary1: octet stream).',
        params: layerIdParamsSchema,
        querystring: geometryQuerySchema,
        response: { 200: zonesResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await loadZones(db(), fieldsCallerOf(request), request.params.id, request.query);
      const payload = { Layer: result.layer, Zones: result.zones };
      if (result.geometries) return sendBinary1(reply, result.geometries, payload);
      return payload;
    },
  );

  api.get(
    paths.points,
    {
      config: readAccess,
      schema: {
        tags,
        description: 'One layer’s point data, geometry in the format asked for (binary1: octet stream).',
        params: layerIdParamsSchema,
        querystring: geometryQuerySchema,
        response: { 200: pointsResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await loadPoints(db(), fieldsCallerOf(request), request.params.id, request.query);
      const payload = { LayerId: request.params.id, Points: result.points };
      if (result.geometries) return sendBinary1(reply, result.geometries, payload);
      return payload;
    },
  );

  const zoneRoute = {
    config: writeAccess,
    bodyLimit: routeBodyLimits.boundary,
  };

  api.post(
    paths.addZone,
    {
      ...zoneRoute,
      schema: {
        tags,
        description: 'Adds a zone on top: it is subtracted from the zones it overlaps.',
        params: layerIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        body: addZoneRequestSchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      addZone(db(), layersCallerOf(request), request.params.id, request.body, request.query.geometryFormat),
  );

  api.post(
    paths.cutZones,
    {
      ...zoneRoute,
      schema: {
        tags,
        description: 'Cuts a shape out of the zones it overlaps.',
        params: layerIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        body: cutZonesRequestSchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      cutZones(db(), layersCallerOf(request), request.params.id, request.body, request.query.geometryFormat),
  );

  api.post(
    paths.splitZone,
    {
      ...zoneRoute,
      schema: {
        tags,
        description: 'Splits a zone by a line.',
        params: layerIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        body: splitZoneRequestSchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      splitZone(db(), layersCallerOf(request), request.params.id, request.body, request.query.geometryFormat),
  );

  api.post(
    paths.mergeZones,
    {
      config: writeAccess,
      schema: {
        tags,
        description: 'Merges two or more zones into one polygon.',
        params: layerIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        body: mergeZonesRequestSchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      mergeZones(
        db(),
        layersCallerOf(request),
        request.params.id,
        request.body,
        request.query.geometryFormat,
      ),
  );

  api.post(
    paths.resetLayer,
    {
      config: writeAccess,
      schema: {
        tags,
        description:
          'Resets every zone: requirement zones to the calculated value, application zones to the initial rate.',
        params: layerIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      resetZones(db(), layersCallerOf(request), request.params.id, null, request.query.geometryFormat),
  );

  api.put(
    paths.zone,
    {
      ...zoneRoute,
      schema: {
        tags,
        description:
          'Changes a zone’s values or shape; a new shape is subtracted from the zones it overlaps.',
        params: zoneIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        body: editZoneRequestSchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      editZone(
        db(),
        layersCallerOf(request),
        request.params.id,
        request.params.zoneId,
        request.body,
        request.query.geometryFormat,
      ),
  );

  api.delete(
    paths.zone,
    {
      config: writeAccess,
      schema: {
        tags,
        params: zoneIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      deleteZone(
        db(),
        layersCallerOf(request),
        request.params.id,
        request.params.zoneId,
        request.query.geometryFormat,
      ),
  );

  api.post(
    paths.zoneReset,
    {
      config: writeAccess,
      schema: {
        tags,
        params: zoneIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      resetZones(
        db(),
        layersCallerOf(request),
        request.params.id,
        request.params.zoneId,
        request.query.geometryFormat,
      ),
  );

  api.post(
    paths.requirement,
    {
      config: writeAccess,
      schema: {
        tags,
        description: 'A nutrient requirement layer from a soil analysis layer and a cropping’s crop (RB209).',
        body: requirementRequestSchema,
        response: { 201: dataLayerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRequirement(db(), layersCallerOf(request), request.body)),
  );

  api.post(
    paths.application,
    {
      config: writeAccess,
      schema: {
        tags,
        description: 'An application layer from a requirement layer and a fertiliser product.',
        body: applicationRequestSchema,
        response: { 201: dataLayerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApplication(db(), layersCallerOf(request), request.body)),
  );
}
