import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  partnersCurrentResponseSchema,
  partnersRoutes as paths,
  partnerUpdateResponseSchema,
  partnerUpdateSchema,
  partnerYearParamsSchema,
  signRequestSchema,
  signResponseSchema,
} from '@headland/domain/api/partnersApi';
import { holdingCallerOf } from '../../auth/caller.ts';
import { currentPartners, signDocuments, updatePartner } from './partners.service.ts';

/**
 * Partners (session-shell-connections §7): the Partners dialog needs current-holding write (§6), reading its
 * list included, since only those who may change the sharing are shown it.
 */
const write = { access: { area: 'currentHolding' as const, level: 'write' as const } };
const tags = ['partners'];

export async function partnersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  api.get(
    paths.current,
    {
      config: write,
      schema: {
        tags,
        operationId: 'listPartners',
        summary: "List the partners of the holding's crop year",
        description:
          'Every partner with the croppings of the year shared with it and whether it is enabled, the latest version of each legal document each partner requires (keyed by partner id), and the holding’s signatures of them.',
        params: partnerYearParamsSchema,
        response: { 200: partnersCurrentResponseSchema },
      },
    },
    async (request) => currentPartners(db(), holdingCallerOf(request), request.params.year),
  );

  api.post(
    paths.update,
    {
      config: write,
      schema: {
        tags,
        operationId: 'updatePartner',
        summary: 'Enable or disable a partner and choose the croppings shared with it',
        description:
          'Enabling needs every required legal document signed. croppings maps a cropping id of the holding’s year to "enabled" (shared) or "disabled" (no longer shared); croppings not named keep their state. Disabling ends the partner users’ access at once.',
        body: partnerUpdateSchema,
        response: { 200: partnerUpdateResponseSchema },
      },
    },
    async (request) => ({
      partner: await updatePartner(db(), app.authCache, holdingCallerOf(request), request.body),
    }),
  );

  api.post(
    paths.sign,
    {
      config: write,
      schema: {
        tags,
        operationId: 'signLegalDocuments',
        summary: 'Sign legal document versions for the holding',
        description:
          'ids are legal document version ids, each the latest version of a partner’s document and not yet signed by the holding. The signer is the caller, with the date and time of signing.',
        body: signRequestSchema,
        response: { 200: signResponseSchema },
      },
    },
    async (request) => ({
      signatures: await signDocuments(db(), holdingCallerOf(request), request.body.ids),
    }),
  );
}
