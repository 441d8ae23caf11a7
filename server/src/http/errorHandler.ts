import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requestIssueOf } from '@headland/domain/api/requestIssues';
import { HttpError, validationFailed, type FieldError } from './httpErrors.ts';
import { fieldErrorOf } from './requestIssueWords.ts';
import { bodyTooLargeSize } from './requestLimits.ts';
import { refusalLanguage } from './refusalTexts.ts';
import { sayRefusal } from './sayRefusal.ts';
import type { WebPageSender } from './webPage.ts';

/**
 * Fastify's refusals made before routing (a path that is not valid percent-encoding): a 400 of the catalogue
 * rather than Fastify's own `{ error, code, message }`.
 */
export function refuseFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ code: error.code }, 'request refused before routing');
  void reply.status(status).send(sayRefusal(new HttpError(status, 'badUrl'), refusalLanguage(request)));
}

/**
 * Turns every error into the spec's shapes: `{ Message, Errors? }` for 4xx, a bare generic message for 5xx.
 * Stack traces and driver messages never reach a client.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { sendWebPage: WebPageSender | null },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refuse = (refusal: HttpError) => {
      if (refusal.statusCode === 429) reply.header('Retry-After', String(refusal.body.RetryAfter ?? 1));
      for (const [name, value] of Object.entries(refusal.headers)) reply.header(name, value);
      return reply.status(refusal.statusCode).send(sayRefusal(refusal, refusalLanguage(request)));
    };
    if (error instanceof HttpError) return refuse(error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A route compiled with another validator than ours: its issues get the same words.
      const where = error.validationContext ?? 'body';
      const errors: FieldError[] = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
        const zodIssue = { ...issue.params, code: issue.keyword, path, message: issue.message };
        return fieldErrorOf(requestIssueOf(zodIssue as never, where, undefined));
      });
      return refuse(validationFailed(errors));
    }
    const tooLarge = bodyTooLargeSize(error, request);
    if (tooLarge) return refuse(new HttpError(413, 'bodyTooLarge', { size: tooLarge }));
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return refuse(new HttpError(400, 'emptyBody'));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return refuse(new HttpError(400, 'badJson', {}, { Errors: [] }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (a media type it does not read, a malformed header): English words of its own,
      // which other languages say by the catalogue's general refusal.
      request.log.info({ code: error.code }, 'request refused by the framework');
      return refuse(new HttpError(status, 'requestRefused', { status }, {}, {}, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ Message: 'An unexpected error has occurred' });
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/oauth/');
    if (isApi || request.method !== 'GET' || !options.sendWebPage) {
      const refusal = new HttpError(404, isApi ? 'apiRouteNotFound' : 'routeNotFound', {
        method: request.method,
        path: request.url.split('?')[0] ?? '',
      });
      return reply.status(404).send(sayRefusal(refusal, refusalLanguage(request)));
    }
    // Client-side routes (/fields/…, /dashboard) all load the one page.
    return options.sendWebPage(request, reply);
  });
}
