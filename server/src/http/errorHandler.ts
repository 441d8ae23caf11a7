import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, type FieldError } from './httpErrors.ts';
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
      const errors: FieldError[] = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const where = error.validationContext ?? 'body';
        return { Field: path || where, Message: `${path || where}: ${issue.message}` };
      });
      return reply.status(400).send({ Message: 'The request is invalid.', Errors: errors });
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
