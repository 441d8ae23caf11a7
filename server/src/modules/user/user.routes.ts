import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptTermsQuerySchema,
  changePasswordRequestSchema,
  updateUserRequestSchema,
  userSchema,
} from '@headland/domain/api/sessionApi';
import { requireAuth } from '../session/accessHook.ts';
import { acceptTerms, changePassword, updateUser, type UserDeps } from './user.service.ts';

/** The caller's own account: terms acceptance, password change and the user record (session-shell §7). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: UserDeps = { db: app.deps.database.db, authCache: app.authCache };

  routes.post(
    '/api/user/v1/tcs/accept',
    {
      config: { access: 'user' },
      schema: { tags: ['user'], querystring: acceptTermsQuerySchema, response: { 200: z.literal(true) } },
    },
    // Sending a copy of the terms by e-mail (send=true) waits for the outgoing-mail service: the flag is
    // validated and not acted on until then.
    async (request) => acceptTerms(deps, requireAuth(request), request.query.version),
  );

  routes.post(
    '/api/user/v1/password/change',
    {
      config: { access: 'user' },
      schema: { tags: ['user'], body: changePasswordRequestSchema, response: { 200: z.literal(true) } },
    },
    async (request) => changePassword(deps, requireAuth(request), request.body),
  );

  routes.post(
    '/api/user/v1/user',
    {
      config: { access: 'user' },
      schema: { tags: ['user'], body: updateUserRequestSchema, response: { 200: userSchema } },
    },
    async (request) => updateUser(deps, requireAuth(request), request.body),
  );
}
