import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { requestIssueOf, type RequestIssue } from '@headland/domain/api/requestIssues';
import { findTextProblem, jsonNestingDepth } from '@headland/domain/api/wireValues';
import { maxJsonDepth } from '@headland/domain/inputLimits';
import { HttpError, type FieldError } from './httpErrors.ts';
import { fieldErrorOf } from './requestIssueWords.ts';

/**
 * What every request meets before its handler: its body's size (per route), its JSON's depth, texts that
 * cannot be stored, and its route's zod schemas, each refused with a 400 (413 for size) that names the field
 * in the user's words.
 */

/** Bytes of a body when the route declares no `bodyLimit`: every JSON call but the few that carry boundaries. */
export const defaultBodyLimit = 256 * 1024;

/** A 400 whose `Errors` carry each issue as code, parameters and words; `Message` is the first one's words. */
export class RequestValidationError extends HttpError {
  constructor(readonly errors: FieldError[]) {
    const first = errors[0];
    super(400, first?.Code ?? 'invalidRequest', first?.Params ?? {}, { Errors: errors }, {}, first?.Message);
  }
}

/** Refuses a request for the issues given (at least one). */
export function requestIssues(...issues: RequestIssue[]): RequestValidationError {
  return new RequestValidationError(issues.map((issue) => fieldErrorOf(issue)));
}

// Stands for "no message of the schema's own": those issues get our words, the others keep theirs.
const ownWords = '\u0000own words';

/**
 * Checks a request part against its zod schema, like fastify-type-provider-zod's compiler, and words each
 * issue: a message the schema gives itself (e.g. 'Type at least 2 characters to search holdings.') is kept,
 * every other one is said from its code and the field's label.
 */
export function requestValidatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const where = httpPart ?? 'body';
  return (data: unknown) => {
    const result = safeParse(schema as $ZodType, data, { error: () => ownWords });
    if (result.success) return { value: result.data };
    const errors = result.error.issues.map((issue) => {
      const requestIssue =
        data === null && issue.path.length === 0
          ? { Field: where, Code: 'required' as const, Params: {} }
          : requestIssueOf(issue, where, data);
      return fieldErrorOf(requestIssue, issue.message === ownWords ? undefined : issue.message);
    });
    return { error: new RequestValidationError(errors) };
  };
}

function checkTexts(request: FastifyRequest): void {
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [where, value] of parts) {
    const found = findTextProblem(value);
    if (found) {
      throw requestIssues({
        Field: found.path.length ? found.path.join('.') : where,
        Code: found.problem,
        Params: {},
      });
    }
  }
}

/** Installs the request checks on the root app (call before any route is added). */
export function registerRequestLimits(app: FastifyInstance): void {
  app.setValidatorCompiler(requestValidatorCompiler);

  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestingDepth(text, maxJsonDepth) > maxJsonDepth) {
      done(requestIssues({ Field: 'body', Code: 'tooDeep', Params: { max: maxJsonDepth } }), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => checkTexts(request));
  // Writing a large answer (a boundary near the vertex limit) takes a while on the server's thread: requests
  // that arrived while the handler ran are taken first.
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return payload;
  });
}

/** The route's own limit, in words ('256 kB'), of a body refused for its size; null for any other error. */
export function bodyTooLargeSize(error: FastifyError, request: FastifyRequest): string | null {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return null;
  const limit = request.routeOptions.bodyLimit ?? defaultBodyLimit;
  const size =
    limit >= 1024 * 1024
      ? `${Math.round((limit / 1024 / 1024) * 10) / 10} MB`
      : `${Math.round(limit / 1024)} kB`;
  return size;
}

/**
 * Body limits of the calls that carry more than `defaultBodyLimit`, each from its largest realistic payload
 * (figures in docs/decisions.md, "Input limits, authorisation matrix and fuzzing").
 */
export const routeBodyLimits = {
  /** A boundary at `maxBoundaryVertices` as GeoJSON or WKT with full double precision is about 0.8 MB. */
  boundary: 3 * 1024 * 1024,
  /** 200 users with their permission grids and a few restricted members' cropping lists. */
  permissions: 4 * 1024 * 1024,
  /** Thousands of imported fields of a few hundred vertices each. */
  importCommit: 48 * 1024 * 1024,
  /** Sign-in: an e-mail address and a password. */
  signIn: 16 * 1024,
} as const;
