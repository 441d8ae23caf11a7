import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requestIssueOf } from '@headland/domain/api/requestIssues';
import { HttpError, type FieldError } from './httpErrors.ts';
import { fieldErrorOf } from './requestIssueWords.ts';
import { bodyTooLargeMessage } from './requestLimits.ts';
import type { WebPageSender } from './webPage.ts';

/**
 * Turns every error into the spec's shapes: `{ Message, Errors? }` for 4xx, a bare generic message for 5xx.
 * Stack traces and driver messages never reach a client.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { sendWebPage: WebPageSender | null },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 429) reply.header('Retry-After', String(error.body.RetryAfter ?? 1));
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(error.statusCode).send({ Message: error.message, ...error.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A route compiled with another validator than ours: its issues get the same words.
      const where = error.validationContext ?? 'body';
      const errors: FieldError[] = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
        const zodIssue = { ...issue.params, code: issue.keyword, path, message: issue.message };
        return fieldErrorOf(requestIssueOf(zodIssue as never, where, undefined));
      });
      return reply
        .status(400)
        .send({ Message: errors[0]?.Message ?? 'The request is invalid.', Errors: errors });
    }
    const tooLarge = bodyTooLargeMessage(error, request);
    if (tooLarge) return reply.status(413).send({ Message: tooLarge });
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ Message: 'The request has no body: send its values as JSON.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ Message: 'The request body is not valid JSON.', Errors: [] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ Message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ Message: 'An unexpected error has occurred' });
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/oauth/');
    if (isApi || request.method !== 'GET' || !options.sendWebPage) {
      const what = isApi ? 'API route' : 'route';
      return reply
        .status(404)
        .send({ Message: `No ${what} matches ${request.method} ${request.url.split('?')[0]}.` });
    }
    // Client-side routes (/fields/…, /dashboard) all load the one page.
    return options.sendWebPage(request, reply);
  });
}
