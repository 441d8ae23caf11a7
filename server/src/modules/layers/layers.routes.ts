import multipart from '@fastify/multipart';
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
  importCommitRequestSchema,
  importIdParamsSchema,
  importPreviewResponseSchema,
  importTaskParamsSchema,
  importTaskSchema,
  layerIdParamsSchema,
  layerListParamsSchema,
  layerListResponseSchema,
  layersRoutes as paths,
  layerTypesResponseSchema,
  mergeZonesRequestSchema,
  pointsResponseSchema,
  requirementRequestSchema,
  restoreZonesRequestSchema,
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
import { badRequest } from '../../http/httpErrors.ts';
import { routeBodyLimits } from '../../http/requestLimits.ts';
import { holdingCallerOf } from '../../auth/caller.ts';
import { requireSession } from '../../auth/accessHook.ts';
import { commitImport, previewImport, readTask, type ImportSubject } from './layerImport.service.ts';
import { createLayer, deleteLayer, editLayer, listLayers, loadPoints, loadZones } from './layers.service.ts';
import { createApplication, createRequirement, productTotals } from './recommendations.service.ts';
import {
  addZone,
  cutZones,
  deleteZone,
  editZone,
  mergeZones,
  resetZones,
  restoreZones,
  splitZone,
} from './zones.service.ts';

/** Reading layers needs map-layers read; every change needs map-layers write (a read-only session only reads). */
const readAccess = { access: { area: 'mapLayers' as const, level: 'read' as const } };
const writeAccess = { access: { area: 'mapLayers' as const, level: 'write' as const } };
const tags = ['layers'];

/** A binary1 answer: the numeric geometries, then the JSON payload. */
function sendBinary1(reply: FastifyReply, geometries: number[][][][][], payload: unknown) {
  return reply.type('application/octet-stream').send(Buffer.from(encodeBinary1(geometries, payload)));
}

/** Largest soil or yield file: a 100,000-point yield CSV is about 10 MB. */
const importFileBytes = 64 * 1024 * 1024;

/** The file (field `file`) and subject (field `kind`: soil or yield) of an import preview. */
async function importUpload(
  request: FastifyRequest,
): Promise<{ subject: ImportSubject; fileName: string; bytes: Uint8Array }> {
  if (!request.isMultipart()) throw badRequest('multipartFile');
  let subject: ImportSubject | null = null;
  let file: { fileName: string; bytes: Uint8Array } | null = null;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fileSize: importFileBytes, fields: 5, fieldSize: 100 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        file = { fileName: part.filename, bytes: new Uint8Array(bytes) };
      } else if (part.fieldname === 'kind' && (part.value === 'soil' || part.value === 'yield'))
        subject = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('fileTooLarge', { size: 64 }, [
        { Field: 'file', Message: 'The file is larger than 64 MB.', Code: 'tooLarge' },
      ]);
    if (error instanceof Error && 'statusCode' in error && (error as { statusCode: number }).statusCode < 500)
      throw error;
    throw badRequest('uploadUnreadable');
  }
  if (!subject)
    throw badRequest('layerImportKindRequired', {}, [
      { Field: 'kind', Message: 'Choose soil or yield.', Code: 'required' },
    ]);
  if (!file)
    throw badRequest('noFileSent', {}, [{ Field: 'file', Message: 'No file was sent.', Code: 'required' }]);
  return { subject, ...file };
}

/** The data layers API (docs/layers-api.md). */
export async function layersRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    paths.types,
    {
      config: { ...readAccess, partnerReadable: true },
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
      config: { ...readAccess, partnerReadable: true },
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
        holdingCallerOf(request),
        request.params.holdingId,
        request.params.yearId,
      ),
    }),
  );

  api.get(
    paths.totals,
    {
      config: { ...readAccess, partnerReadable: true },
      schema: {
        tags,
        description: 'Product totals of the crop year’s application layers, per field and per plan.',
        params: layerListParamsSchema,
        response: { 200: totalsResponseSchema },
      },
    },
    async (request) =>
      productTotals(db(), holdingCallerOf(request), request.params.holdingId, request.params.yearId),
  );

  api.post(
    paths.create,
    {
      bodyLimit: routeBodyLimits.boundary * 4,
      config: writeAccess,
      schema: { tags, body: createLayerRequestSchema, response: { 201: dataLayerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createLayer(db(), holdingCallerOf(request), request.body)),
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
    async (request) => editLayer(db(), holdingCallerOf(request), request.params.id, request.body),
  );

  api.delete(
    paths.layer,
    {
      config: writeAccess,
      schema: { tags, params: layerIdParamsSchema, response: { 200: deletedResponseSchema } },
    },
    async (request) => ({ Deleted: await deleteLayer(db(), holdingCallerOf(request), request.params.id) }),
  );

  api.get(
    paths.zones,
    {
      config: { ...readAccess, partnerReadable: true },
      schema: {
        tags,
        description: 'One layer with its zones, geometry in the format asked for (binary1: octet stream).',
        params: layerIdParamsSchema,
        querystring: geometryQuerySchema,
        response: { 200: zonesResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await loadZones(db(), holdingCallerOf(request), request.params.id, request.query);
      const payload = { Layer: result.layer, Zones: result.zones };
      if (result.geometries) return sendBinary1(reply, result.geometries, payload);
      return payload;
    },
  );

  api.get(
    paths.points,
    {
      config: { ...readAccess, partnerReadable: true },
      schema: {
        tags,
        description: 'One layer’s point data, geometry in the format asked for (binary1: octet stream).',
        params: layerIdParamsSchema,
        querystring: geometryQuerySchema,
        response: { 200: pointsResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await loadPoints(db(), holdingCallerOf(request), request.params.id, request.query);
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
      addZone(db(), holdingCallerOf(request), request.params.id, request.body, request.query.geometryFormat),
  );

  api.post(
    paths.restoreZones,
    {
      ...zoneRoute,
      bodyLimit: routeBodyLimits.boundary * 4,
      schema: {
        tags,
        description:
          'The zone editor’s Cancel: the layer’s zones become the set sent (as when editing began), geometry included, in one transaction.',
        params: layerIdParamsSchema,
        querystring: zoneOperationQuerySchema,
        body: restoreZonesRequestSchema,
        response: { 200: zoneChangeResponseSchema },
      },
    },
    async (request) =>
      restoreZones(
        db(),
        holdingCallerOf(request),
        request.params.id,
        request.body,
        request.query.geometryFormat,
      ),
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
      cutZones(db(), holdingCallerOf(request), request.params.id, request.body, request.query.geometryFormat),
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
      splitZone(
        db(),
        holdingCallerOf(request),
        request.params.id,
        request.body,
        request.query.geometryFormat,
      ),
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
        holdingCallerOf(request),
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
      resetZones(db(), holdingCallerOf(request), request.params.id, null, request.query.geometryFormat),
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
        holdingCallerOf(request),
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
        holdingCallerOf(request),
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
        holdingCallerOf(request),
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
      reply.status(201).send(await createRequirement(db(), holdingCallerOf(request), request.body)),
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
      reply.status(201).send(await createApplication(db(), holdingCallerOf(request), request.body)),
  );

  api.post(
    paths.importPreview,
    {
      bodyLimit: importFileBytes + 1024 * 1024,
      config: writeAccess,
      schema: {
        tags,
        description:
          'Reads a soil or yield file (multipart: `file`, `kind` = soil or yield) and answers its columns.',
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewResponseSchema },
      },
    },
    async (request) => {
      const upload = await importUpload(request);
      return previewImport(db(), holdingCallerOf(request), upload.subject, upload.fileName, upload.bytes);
    },
  );

  api.post(
    paths.importCommit,
    {
      config: writeAccess,
      schema: {
        tags,
        description:
          'Starts importing a previewed file with its column mapping; poll the task for its progress.',
        params: importIdParamsSchema,
        body: importCommitRequestSchema,
        response: { 202: importTaskSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await commitImport(db(), holdingCallerOf(request), request.params.importId, request.body)),
  );

  api.get(
    paths.importTask,
    {
      config: readAccess,
      schema: { tags, params: importTaskParamsSchema, response: { 200: importTaskSchema } },
    },
    async (request) => readTask(db(), holdingCallerOf(request), request.params.taskId),
  );
}
