import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toCropDescriptor } from '@headland/domain/cropAttributes';
import { cropDefinitions } from '@headland/domain/crops';
import {
  sharedDataQuerySchema,
  sharedDataResponseSchema,
  type SharedData,
} from '@headland/domain/api/sharedDataApi';
import { forbidden } from '../../http/httpErrors.ts';
import { requireSession } from '../../auth/accessHook.ts';
import { holdingCropManagementOptionsEnabled } from '../croppings/croppings.service.ts';
import { selectVarieties } from './sharedData.queries.ts';
import { fertiliserProducts } from '@headland/domain/layers/fertiliserProducts';

const crops = cropDefinitions.map(toCropDescriptor);
const cropStyles = cropDefinitions.map((crop) => ({
  CropId: crop.id,
  Colour: [crop.colour[0], crop.colour[1], crop.colour[2]] as [number, number, number],
  Pattern: crop.pattern ?? null,
}));

/**
 * The reference lists of the selected holding's screens. Crops and their styles are the product's own table;
 * varieties come from the database. The lists of modules not built yet (soil, nutrition, agri-environment
 * options) are answered empty rather than invented.
 */
export async function sharedDataRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/shared-data/v2/',
    {
      config: { access: { area: 'fields', level: 'read' }, partnerReadable: true },
      schema: {
        tags: ['fields'],
        querystring: sharedDataQuerySchema,
        response: { 200: sharedDataResponseSchema },
      },
    },
    async (request): Promise<SharedData> => {
      const session = requireSession(request);
      if (request.query.holdingId !== undefined && request.query.holdingId !== session.holdingId)
        throw forbidden('holdingNotSelected');
      return {
        Crops: crops,
        Varieties: await selectVarieties(app.deps.database.db),
        CropStyles: cropStyles,
        CropManagementOptions: {},
        CropManagementOptionsEnabled: await holdingCropManagementOptionsEnabled(
          app.deps.database.db,
          session.holdingId,
        ),
        SoilTypes: [],
        SubsoilTypes: [],
        // The layers' fertiliser catalogue; its nutrient contents are in the domain module beside it.
        FertiliserProducts: fertiliserProducts.map((product) => ({ Id: product.Id, Name: product.Name })),
        ManureTypes: [],
        Soil: { SsmClassification: [] },
      };
    },
  );
}
