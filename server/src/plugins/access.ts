import fp from 'fastify-plugin';
import { registerAccessHook } from '../auth/accessHook.ts';

/**
 * Who may call what: refuses to start with a route that declares no access rule, resolves the caller from the
 * bearer token on every non-public route and checks the route's rule (decorates `authCache`, `request.auth`).
 */
export const access = fp(async (app) => registerAccessHook(app, app.deps.database.db), { name: 'access' });
