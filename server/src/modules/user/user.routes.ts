import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptTermsQuerySchema,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  updateUserRequestSchema,
  updateUserResponseSchema,
} from '@headland/domain/api/sessionApi';
import {
  passwordResetBodySchema,
  passwordResetQuerySchema,
  passwordResetRequestQuerySchema,
  passwordResetResponseSchema,
} from '@headland/domain/api/passwordResetApi';
import { brands } from '@headland/domain/brands';
import { retryHeaderName } from '@headland/domain/retryRule';
import { requestBrand, requireAuth } from '../../auth/accessHook.ts';
import { createLoginThrottle } from '../../auth/loginThrottle.ts';
import {
  acceptTerms,
  changePassword,
  confirmEmailChange,
  updateUser,
  type UserDeps,
} from './user.service.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.service.ts';

/** A throttled password check is shown at once: clients must not retry its 429 (session-shell §7). */
async function refuseRetryOfThrottle(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode === 429) reply.header(retryHeaderName, 'No');
  return payload;
}

const requestBrandName = (brandId: keyof typeof brands) => brands[brandId].name;

/** The caller's own account: terms acceptance, password change and the user record (session-shell §7). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const deps = (brandId: Parameters<typeof requestBrandName>[0]): UserDeps => ({
    db,
    authCache: app.authCache,
    throttle: createLoginThrottle(db),
    // The mailer is decorated on the app after this area registers.
    mailer: () => app.mailer,
    publicUrl: app.deps.config.publicUrl,
    productName: requestBrandName(brandId),
  });

  routes.post(
    '/api/user/v1/tcs/accept',
    {
      config: { access: 'user', beforeTerms: true },
      schema: { tags: ['user'], querystring: acceptTermsQuerySchema, response: { 200: z.literal(true) } },
    },
    // Sending a copy of the terms by e-mail (send=true) waits for the outgoing-mail service: the flag is
    // validated and not acted on until then.
    async (request) => acceptTerms(deps('main'), requireAuth(request), request.query.version),
  );

  routes.post(
    '/api/user/v1/password/change',
    {
      config: { access: 'user' },
      onSend: refuseRetryOfThrottle,
      schema: { tags: ['user'], body: changePasswordRequestSchema, response: { 200: z.literal(true) } },
    },
    async (request) =>
      changePassword(deps(requestBrand(request)), requireAuth(request), request.body, request.ip),
  );

  routes.post(
    '/api/user/v1/user',
    {
      config: { access: 'user' },
      onSend: refuseRetryOfThrottle,
      schema: { tags: ['user'], body: updateUserRequestSchema, response: { 200: updateUserResponseSchema } },
    },
    async (request) =>
      updateUser(deps(requestBrand(request)), requireAuth(request), request.body, request.ip),
  );

  routes.post(
    '/api/user/v1/email/confirm',
    {
      // Opened from the link in the e-mail, signed in or not: the single-use token is the proof.
      config: { access: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Confirm a new e-mail address from the link sent to it',
        body: confirmEmailRequestSchema,
        response: { 200: confirmEmailResponseSchema },
      },
    },
    async (request) => confirmEmailChange(deps(requestBrand(request)), request.body.token),
  );

  routes.post(
    '/api/user/v1/password/reset',
    {
      // Asked from the sign-in screen: whoever knows an address may ask, and learns nothing from the answer.
      config: { access: 'public' },
      schema: {
        tags: ['user'],
        summary: 'E-mail a password reset link to the account of an address, if there is one',
        querystring: passwordResetRequestQuerySchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) =>
      requestPasswordReset(deps(requestBrand(request)), request.query.email, request.query.lang, request.log),
  );

  routes.post(
    '/api/user/v1/login/reset',
    {
      // Opened from the link in the e-mail, signed out: the single-use token is the proof.
      config: { access: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Check a password reset link, or set the new password with it',
        querystring: passwordResetQuerySchema,
        body: passwordResetBodySchema,
        response: { 200: passwordResetResponseSchema },
      },
    },
    async (request) =>
      resetPassword(deps(requestBrand(request)), request.query.token, request.body?.password),
  );
}
