import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fieldTileParamsSchema,
  fieldTileQuerySchema,
  maxFieldTileBytes,
} from '@headland/domain/api/fieldTilesApi';
import { holdingCallerOf } from '../../../auth/caller.ts';
import { listVersion, notModifiedSchema, revalidateList } from '../../../http/listRevalidation.ts';
import { fieldTile } from './fieldTiles.service.ts';

/** The reads the map draws from: open to map-layer readers as well, like the fields list. */
const readAccess = { access: { area: 'fields' as const, orReadOf: ['mapLayers' as const] } };

export const fieldTilesPath = '/api/fields/v1/tiles/:z/:x/:y';
const mvtType = 'application/vnd.mapbox-vector-tile';

/** The holding's fields and croppings of a crop year as Mapbox Vector Tiles (docs/decisions.md). */
export async function fieldTilesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    fieldTilesPath,
    {
      config: readAccess,
      schema: {
        tags: ['fields'],
        operationId: 'getFieldTile',
        summary: "A vector tile of the session holding's fields and croppings of a crop year",
        description:
          'Mapbox Vector Tile (version 2, extent 4096) of the web mercator tile z/x/y with two layers: `fields` ' +
          '(FieldId, Name, FieldNumber when set, Disabled in the year) and `croppings` (CroppingId, FieldId, ' +
          "CropId; the cropping's boundary, or its field's). Croppings hidden from a restricted member are never " +
          'in a tile. Fields under two screen pixels across at the zoom are left out, and a tile is cut to its ' +
          `largest fields until it holds at most ${maxFieldTileBytes} bytes. An empty tile is an empty body. ` +
          'Answered with an ETag that changes with the holding data; If-None-Match gets 304.',
        params: fieldTileParamsSchema,
        querystring: fieldTileQuerySchema,
        produces: [mvtType],
        response: {
          200: z
            .string()
            .describe('The tile as Mapbox Vector Tile bytes; empty when no feature falls in it.'),
          304: notModifiedSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = holdingCallerOf(request);
      const yearId = request.query.year ?? caller.yearId;
      const { z, x, y } = request.params;
      const database = app.deps.database;
      const version = await listVersion(database.db, caller, ['tile', yearId, z, x, y]);
      if (revalidateList(request, reply, version)) return reply.code(304).send(null);
      const bytes = await app.keptTiles.tile(version.slot, version.revision, () =>
        fieldTile(database, caller, yearId, request.params),
      );
      // Bytes, which Fastify sends as they are: past the type provider, whose 200 is the document's description.
      return (reply as FastifyReply).type(mvtType).send(bytes);
    },
  );
}
