import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  permissionsQuerySchema,
  permissionsResponseSchema,
  savePermissionsRequestSchema,
  savePermissionsResponseSchema,
} from '@headland/domain/api/permissionsApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import {
  getPermissions,
  savePermissions,
  switchToRestrictedMember,
  type PermissionsDeps,
} from './permissions.service.ts';
import { routeBodyLimits } from '../../http/requestLimits.ts';

const tags = ['permissions'];
// Every member of the holding opens the dialog; who may change what is decided inside from the membership.
const member = { access: 'user' as const };

/** The holding users and permissions dialog (holdings spec §2.2, §7). */
export async function permissionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): PermissionsDeps => ({ db: app.deps.database.db, authCache: app.authCache });

  api.get(
    '/api/holdings/v1/permissions',
    {
      config: member,
      schema: { tags, querystring: permissionsQuerySchema, response: { 200: permissionsResponseSchema } },
    },
    async (request) => getPermissions(deps().db, holdingCallerOf(request), request.query.year),
  );

  api.post(
    '/api/holdings/v1/permissions',
    {
      bodyLimit: routeBodyLimits.permissions,
      config: member,
      schema: {
        tags,
        summary: 'Save roles, permissions, cropping access and removals',
        body: savePermissionsRequestSchema,
        response: { 200: savePermissionsResponseSchema },
      },
    },
    async (request) => savePermissions(deps(), holdingCallerOf(request), request.body),
  );

  api.post(
    '/api/holdings/v1/permissions/role/restricted',
    {
      config: member,
      schema: {
        tags,
        summary: 'Become a restricted member of the holding and sign out',
        response: { 200: z.literal(true) },
      },
    },
    async (request) => switchToRestrictedMember(deps(), holdingCallerOf(request)),
  );
}
