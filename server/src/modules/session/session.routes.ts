import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeYearRequestSchema,
  heartbeatRequestSchema,
  heartbeatResponseSchema,
  holdingQueryResponseSchema,
  holdingQuerySchema,
  loginResponseSchema,
  selectHoldingRequestSchema,
  selectHoldingResponseSchema,
  sessionStartRequestSchema,
  sessionStartResponseSchema,
  tokenErrorSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@headland/domain/api/sessionApi';
import { retryHeaderName } from '@headland/domain/retryRule';
import { defaultLanguage } from '@headland/domain/languages';
import { HttpError } from '../../http/httpErrors.ts';
import { refusalLanguage } from '../../http/refusalTexts.ts';
import { sayRefusal } from '../../http/sayRefusal.ts';
import { requestBrand, requireAuth } from '../../auth/accessHook.ts';
import { createLoginThrottle, type LoginThrottleOptions } from '../../auth/loginThrottle.ts';
import {
  changeYear,
  heartbeat,
  logout,
  searchHoldings,
  selectHolding,
  startSession,
  type SessionDeps,
} from './session.service.ts';
import {
  createDummyHash,
  signInWithLoginToken,
  signInWithPassword,
  TokenGrantError,
  type SignInDeps,
} from '../../auth/signIn.ts';
import { RequestValidationError, routeBodyLimits } from '../../http/requestLimits.ts';

export interface SessionRoutesOptions {
  /** Key of the maps service handed to the client; null when none is configured. */
  bingMapsKey?: string | null;
  /** Overrides of the failed sign-in limits. */
  throttle?: Partial<LoginThrottleOptions>;
}

/** Sign-in, the session start, holding and year selection, the heartbeat and logout (session-shell §7). */
export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: SessionDeps = {
    db: app.deps.database.db,
    config: app.deps.config,
    authCache: app.authCache,
    bingMapsKey: options.bingMapsKey ?? null,
  };
  // Throttle state lives in the database, shared by every server on it.
  const signInDeps: SignInDeps = {
    db: deps.db,
    config: deps.config,
    throttle: createLoginThrottle(deps.db, options.throttle),
    dummyHash: createDummyHash(),
  };

  routes.post(
    '/oauth/token',
    {
      bodyLimit: routeBodyLimits.signIn,
      config: { access: 'public' },
      attachValidation: true,
      errorHandler: handleTokenError,
      schema: {
        tags: ['session'],
        summary: 'Sign in with a password or a temporary login token',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: tokenErrorSchema, 429: tokenErrorSchema },
      },
    },
    async (request) => {
      if (request.validationError) throw tokenRequestError(request.validationError);
      const { body } = request;
      const brandId = requestBrand(request);
      return body.grant_type === 'password'
        ? signInWithPassword(signInDeps, { ...body, ip: request.ip, brandId })
        : signInWithLoginToken(signInDeps, { token: body.token, brandId });
    },
  );

  routes.get(
    '/api/session/v1/login',
    {
      config: { access: 'user', beforeTerms: true },
      schema: { tags: ['session'], response: { 200: loginResponseSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { restricted: auth.restricted || auth.user.mustAcceptTerms };
    },
  );

  routes.delete(
    '/api/session/v1/logout',
    {
      config: { access: 'user', beforeTerms: true },
      schema: { tags: ['session'], response: { 200: z.literal(true) } },
    },
    async (request) => {
      await logout(deps, requireAuth(request));
      return true as const;
    },
  );

  routes.post(
    '/api/session/v1/start',
    {
      config: { access: 'user', beforeTerms: true },
      schema: {
        tags: ['session'],
        body: sessionStartRequestSchema.nullish(),
        response: { 200: sessionStartResponseSchema },
      },
    },
    async (request) => startSession(deps, requireAuth(request), request.body ?? {}, requestBrand(request)),
  );

  routes.post(
    '/api/session/v1/holdings/select',
    {
      config: { access: 'user' },
      schema: {
        tags: ['session'],
        body: selectHoldingRequestSchema,
        response: { 200: selectHoldingResponseSchema },
      },
    },
    async (request) => selectHolding(deps, requireAuth(request), request.body),
  );

  routes.get(
    '/api/session/v1/holdings/query',
    {
      config: { access: 'user' },
      schema: {
        tags: ['session'],
        querystring: holdingQuerySchema,
        response: { 200: holdingQueryResponseSchema },
      },
    },
    async (request) => searchHoldings(deps, requireAuth(request), request.query.query, request.query.limit),
  );

  routes.put(
    '/api/holdings/v1/year',
    {
      // Switching between existing years only needs to see the holding; opening a new one is checked inside.
      config: { access: { area: 'currentHolding', level: 'read' } },
      schema: { tags: ['session'], body: changeYearRequestSchema, response: { 200: z.literal(true) } },
    },
    async (request) => changeYear(deps, requireAuth(request), request.body.YearId),
  );

  routes.post(
    '/api/session/v1',
    {
      config: { access: 'user' },
      schema: {
        tags: ['session'],
        summary: 'Session heartbeat',
        body: heartbeatRequestSchema.nullish(),
        response: { 200: heartbeatResponseSchema },
      },
    },
    async (request) => heartbeat(deps, requireAuth(request), request.body ?? {}),
  );
}

/** A token request the schema refused, described in the OAuth shape. */
function tokenRequestError(error: Error): TokenGrantError {
  if (error instanceof RequestValidationError) {
    if (error.errors.some((entry) => entry.Field === 'grant_type')) {
      return new TokenGrantError(400, 'unsupported_grant_type', new HttpError(400, 'grantTypeUnsupported'));
    }
    const words = [...new Set(error.errors.map((entry) => entry.Message))].join(' ');
    return new TokenGrantError(400, 'invalid_request', error, undefined, undefined, words || error.message);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => issue.instancePath.replace(/^\//, '') || 'body');
    if (fields.includes('grant_type')) {
      return new TokenGrantError(400, 'unsupported_grant_type', new HttpError(400, 'grantTypeUnsupported'));
    }
    const check = new HttpError(400, 'tokenRequestCheck', { fields: [...new Set(fields)].join(', ') });
    return new TokenGrantError(400, 'invalid_request', check);
  }
  return new TokenGrantError(400, 'invalid_request', new HttpError(400, 'invalidRequest'));
}

/** Every failure of the token call answers `{ error, error_description }`, the shape the sign-in screen reads. */
function handleTokenError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof TokenGrantError) {
    if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
    // The spec's clients retry a 429; a refused sign-in must reach the user at once instead (session-shell §7).
    if (error.statusCode === 429) reply.header(retryHeaderName, 'No');
    const language = refusalLanguage(request);
    const said = sayRefusal(error.reason, language);
    return reply.status(error.statusCode).send({
      error: error.error,
      error_description: language === defaultLanguage ? error.description : said.Message,
      ...said,
      ...(error.refusal ? { error_code: error.refusal } : {}),
      ...(error.refusal === 'throttled' && error.retryAfterSeconds !== undefined
        ? { retry_after_seconds: error.retryAfterSeconds }
        : {}),
    });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    const said = sayRefusal(new HttpError(400, 'badJson'), refusalLanguage(request));
    return reply.status(400).send({ error: 'invalid_request', error_description: said.Message, ...said });
  }
  if (error instanceof HttpError && error.statusCode < 500) {
    // A value the request checks refused before the schema (a NUL character, JSON nested too deep).
    const said = sayRefusal(error, refusalLanguage(request));
    return reply.status(400).send({ error: 'invalid_request', error_description: said.Message, ...said });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const refused = new HttpError(400, 'requestRefused', { status }, {}, {}, error.message);
    const said = sayRefusal(refused, refusalLanguage(request));
    return reply.status(400).send({ error: 'invalid_request', error_description: said.Message, ...said });
  }
  request.log.error({ err: error }, 'token request failed');
  return reply
    .status(500)
    .send({ error: 'server_error', error_description: 'An unexpected error has occurred' });
}
