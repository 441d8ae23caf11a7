import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelInvitationQuerySchema,
  invitationIdParamsSchema,
  invitationSecretQuerySchema,
  invitationsResponseSchema,
  publicInvitationSchema,
  sendInvitationRequestSchema,
} from '@headland/domain/api/permissionsApi';
import { requestBrand } from '../../auth/accessHook.ts';
import { holdingCallerOf } from '../../auth/caller.ts';
import {
  cancelInvitation,
  publicInvitation,
  sendInvitation,
  type InvitationsDeps,
} from './invitations.service.ts';

const tags = ['permissions'];
// Owners manage invitations from a session on the holding; the service checks the membership.
const member = { access: 'user' as const };

/** Invitations to the selected holding, and the public description of an invitation link. */
export async function invitationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): InvitationsDeps => ({
    db: app.deps.database.db,
    mailer: app.mailer,
    publicUrl: app.deps.config.publicUrl,
  });

  api.post(
    '/api/holdings/v1/invites/send',
    {
      config: member,
      schema: {
        tags,
        summary: 'Invite an e-mail address to the holding, or send a pending invitation again',
        body: sendInvitationRequestSchema,
        response: { 200: invitationsResponseSchema },
      },
    },
    async (request) => sendInvitation(deps(), holdingCallerOf(request), request.body, requestBrand(request)),
  );

  api.delete(
    '/api/holdings/v1/invites/cancel',
    {
      config: member,
      schema: {
        tags,
        querystring: cancelInvitationQuerySchema,
        response: { 200: invitationsResponseSchema },
      },
    },
    async (request) => cancelInvitation(deps(), holdingCallerOf(request), request.query.email),
  );

  api.get(
    '/api/invites/v1/:id',
    {
      // Read before sign-in from the link in the e-mail.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What an invitation link is about',
        description:
          "The link's secret travels as the query parameter `secret`; without it the answer is 404.",
        params: invitationIdParamsSchema,
        querystring: invitationSecretQuerySchema,
        response: { 200: publicInvitationSchema },
      },
    },
    async (request) => publicInvitation(deps().db, request.params.id, request.query.secret),
  );
}
