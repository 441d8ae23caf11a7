import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  holdingValidationQuerySchema,
  holdingValidationResponseSchema,
} from '@headland/domain/api/fieldsApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import { validateHolding } from './holdingValidation.service.ts';

/** The issues of the selected holding's fields and croppings in one crop year. */
export async function holdingValidationRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/holdings/v1/validation',
    {
      config: { access: { area: 'fields' } },
      schema: {
        tags: ['fields'],
        querystring: holdingValidationQuerySchema,
        response: { 200: holdingValidationResponseSchema },
      },
    },
    async (request) => {
      const caller = holdingCallerOf(request);
      return validateHolding(app.deps.database.db, caller, request.query.year ?? caller.yearId);
    },
  );
}
