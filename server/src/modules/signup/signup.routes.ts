import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessAccountResponseSchema,
  accessAccountSchema,
  autoSignupResponseSchema,
  autoSignupSchema,
  addressGetParamsSchema,
  addressLookupParamsSchema,
  addressLookupResponseSchema,
  addressSchema,
  signupDataSchema,
  signupMessages,
  signupSetupResponseSchema,
  signupSetupSchema,
  signupRequestQuerySchema,
  signupValidateQuerySchema,
  ssoCheckQuerySchema,
  ssoCheckResponseSchema,
  temporaryLoginTokenSchema,
} from '@headland/domain/api/signupApi';
import { brands } from '@headland/domain/brands';
import { HttpError, notFound } from '../../http/httpErrors.ts';
import { requestBrand, requireAuth } from '../../auth/accessHook.ts';
import {
  AddressServiceError,
  idealPostcodesProvider,
  idealPostcodesUrl,
  offlineAddressProvider,
  type AddressProvider,
} from './addressProviders.ts';
import { townsOfRegions } from './signup.queries.ts';
import {
  autoSignup,
  openAccessAccount,
  cancelSignup,
  requestSignupLink,
  setupSignup,
  signupData,
  ssoLoginLink,
  validateSignup,
  type SignupDeps,
} from './signup.service.ts';
import { parseSsoLoginLinks } from '../../config.ts';

const tags = ['signup'];
// The wizard runs on the restricted login a sign-up link opens; its calls come before the terms are accepted.
const signupLogin = { access: 'user' as const, beforeTerms: true };

export interface SignupRoutesOptions {
  /** Replaces the provider the configuration chooses (tests). */
  addressProvider?: AddressProvider;
}

/** The sign-up calls of session-shell-connections §7 (Sign-up). */
export async function signupRoutes(app: FastifyInstance, options: SignupRoutesOptions = {}): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: SignupDeps = { db: app.deps.database.db, authCache: app.authCache };
  const { config } = app.deps;
  const offline = offlineAddressProvider(async () => {
    const rows = await townsOfRegions(deps.db, [
      ...new Set(Object.values(brands).flatMap((b) => b.regionIds)),
    ]);
    return rows.map((row) => ({ name: row.name, regionName: row.region_name, postCodes: row.post_codes }));
  });
  const addresses: AddressProvider =
    options.addressProvider ??
    (config.addressApiKey
      ? idealPostcodesProvider({
          apiKey: config.addressApiKey,
          baseUrl: config.addressApiUrl ?? idealPostcodesUrl,
        })
      : offline);
  const unavailable = (error: unknown): never => {
    if (error instanceof AddressServiceError) {
      logLookupFailure(app, error);
      throw new HttpError(
        503,
        'signup.addressUnavailable',
        {},
        {},
        { 'X-Omnia-Retry': 'No' },
        signupMessages.addressUnavailable,
      );
    }
    throw error;
  };

  api.post(
    '/api/signup/v1/validate/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Check a sign-up link and answer a temporary login token',
        description:
          "Any failure answers 400 'Invalid signup request', whether or not the address has an account.",
        querystring: signupValidateQuerySchema,
        response: { 200: temporaryLoginTokenSchema },
      },
    },
    async (request) => validateSignup(deps, request.query.key, request.query.email),
  );

  api.post(
    '/api/signup/v1/request',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a sign-up link to an address without an account',
        description: 'Answers the same whether or not the address has an account.',
        querystring: signupRequestQuerySchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) =>
      requestSignupLink(
        {
          db: deps.db,
          publicUrl: config.publicUrl,
          productName: brands[requestBrand(request)].name,
          wakeMailer: () => app.mailer.wake(),
          log: request.log,
        },
        request.query.email,
        request.query.lang,
      ),
  );

  const ssoLinks = parseSsoLoginLinks(config.ssoLoginLinks ?? '') ?? new Map<string, string>();
  api.get(
    '/api/session/v1/login/sso/check',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'The single sign-on login link of an address, or null to sign in with a password',
        querystring: ssoCheckQuerySchema,
        response: { 200: ssoCheckResponseSchema },
      },
    },
    async (request) =>
      ssoLoginLink(ssoLinks, requestBrand(request), request.query.email, request.query.invite),
  );

  api.get(
    '/api/signup/v1/data',
    { config: signupLogin, schema: { tags, response: { 200: signupDataSchema } } },
    async (request) => signupData(deps, requireAuth(request), requestBrand(request)),
  );

  api.post(
    '/api/signup/v1/setup',
    {
      config: signupLogin,
      schema: { tags, body: signupSetupSchema, response: { 200: signupSetupResponseSchema } },
    },
    async (request) => setupSignup(deps, requireAuth(request), requestBrand(request), request.body),
  );

  api.post(
    '/api/signup/v1/auto',
    {
      config: signupLogin,
      schema: {
        tags,
        summary: 'The automatic set-up of an Access-role account opened for someone',
        description:
          "Only the pending Access account's own sign-up login; any other answers 'Invalid signup request'.",
        body: autoSignupSchema,
        response: { 200: autoSignupResponseSchema },
      },
    },
    async (request) => autoSignup(deps, requireAuth(request), requestBrand(request), request.body),
  );

  api.post(
    '/api/signup/v1/access',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Open an Access-role account for someone (administrators): mails and answers its sign-up link',
        body: accessAccountSchema,
        response: { 200: accessAccountResponseSchema },
      },
    },
    async (request) =>
      openAccessAccount(
        {
          db: deps.db,
          publicUrl: config.publicUrl,
          productName: brands[requestBrand(request)].name,
          wakeMailer: () => app.mailer.wake(),
        },
        requireAuth(request),
        request.body,
      ),
  );

  api.post(
    '/api/signup/v1/cancel',
    { config: signupLogin, schema: { tags, response: { 200: z.literal(true) } } },
    async (request) => {
      await cancelSignup(deps, requireAuth(request));
      return true as const;
    },
  );

  api.get(
    '/api/signup/v1/addresses/lookup/:text',
    {
      config: signupLogin,
      schema: { tags, params: addressLookupParamsSchema, response: { 200: addressLookupResponseSchema } },
    },
    async (request) => addresses.lookup(request.params.text).catch(unavailable),
  );

  api.get(
    '/api/signup/v1/addresses/get/:udprn',
    {
      config: signupLogin,
      schema: { tags, params: addressGetParamsSchema, response: { 200: addressSchema } },
    },
    async (request) => {
      const found = await addresses.get(request.params.udprn).catch(unavailable);
      if (!found)
        throw new HttpError(404, 'signup.addressNotFound', {}, {}, {}, signupMessages.addressNotFound);
      return found;
    },
  );
}

function logLookupFailure(app: FastifyInstance, error: Error): void {
  app.log.warn({ err: error }, 'address lookup failed');
}
