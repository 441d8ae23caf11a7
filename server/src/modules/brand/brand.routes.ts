import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandResponseSchema } from '@headland/domain/api/brandApi';
import { requestBrand } from '../../auth/accessHook.ts';

/**
 * Which brand this request is served as: the BRAND setting when the server has one, else the host name.
 * Public, because the sign-in screen is branded too.
 */
export async function brandRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/service/brand',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], response: { 200: brandResponseSchema } },
    },
    async (request) => ({ Brand: requestBrand(request) }),
  );
}
