import fp from 'fastify-plugin';
import { registerErrorHandler } from '../http/errorHandler.ts';
import type { WebPageSender } from '../http/webPage.ts';

/** Every failure answered in the spec's shapes (4xx with the refusal, 5xx without details). */
export const errorAnswers = fp<{ sendWebPage: WebPageSender | null }>(
  async (app, options) => registerErrorHandler(app, options),
  { name: 'error-answers' },
);
