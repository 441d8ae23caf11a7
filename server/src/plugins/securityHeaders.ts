import fp from 'fastify-plugin';
import { registerSecurityHeaders } from '../http/securityHeaders.ts';

/** CSP, HSTS and the other security headers on every answer (the web page and the API alike). */
export const securityHeaders = fp(async (app) => registerSecurityHeaders(app, app.deps.config), {
  name: 'security-headers',
});
