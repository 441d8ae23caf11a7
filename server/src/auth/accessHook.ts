import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandFromHost, type BrandId } from '@headland/domain/brands';
import { canAccess } from '@headland/domain/permissions';
import type { Db } from '../db/database.ts';
import type {} from '../appDeps.ts';
import { forbidden, unauthorized, areaForbidden } from '../http/httpErrors.ts';
import type { RouteAccess } from '../http/routeAccess.ts';
import { loadAuthContext, type AuthContext } from './authContext.ts';
import { bearerToken, hashToken } from './tokens.ts';
import { createAuthCache, type AuthCache } from './authCache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forget cached callers here whenever a change affects who may do what. */
    authCache: AuthCache;
  }
  interface FastifyRequest {
    /** Set for every route that is not public. */
    auth?: AuthContext;
  }
}

/** The brand serving a request: the configured override, else the host. */
export function requestBrand(request: FastifyRequest): BrandId {
  return brandFromHost(request.hostname, request.server.deps.config.brand);
}

/** The caller of a non-public route; routes declared 'user' or with an area always have one. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The holding session of a route declared with an area. */
export function requireSession(
  request: FastifyRequest,
): NonNullable<AuthContext['session']> & { auth: AuthContext } {
  const auth = requireAuth(request);
  if (!auth.session) throw forbidden('selectHoldingFirst');
  return { ...auth.session, auth };
}

/** A login that has not accepted the latest terms reaches only the routes marked `beforeTerms`. */
export function mustAcceptTermsFirst(auth: AuthContext): boolean {
  return auth.restricted || auth.user.mustAcceptTerms;
}

/**
 * Checks every /api route: that it declares who may call it, and at request time that the caller is allowed.
 */
export function registerAccessHook(app: FastifyInstance, db: Db): void {
  const authCache = createAuthCache();
  app.decorate('authCache', authCache);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && !route.url.startsWith('/oauth/')) return;
    if (route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
  });

  // preParsing: after every onRequest check (a maintenance window refuses first, whoever calls), and before the
  // body is read or any input checked, so a caller without a valid token learns nothing of a route's input
  // rules and no unsigned upload is parsed.
  app.addHook('preParsing', async (request) => {
    const access: RouteAccess | undefined = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized('notSignedIn');
    const tokenHash = hashToken(token);
    const brandId = requestBrand(request);
    let auth = authCache.get(tokenHash);
    if (!auth || auth.brandId !== brandId) {
      auth = (await loadAuthContext(db, tokenHash, brandId)) ?? undefined;
      if (!auth) throw unauthorized();
      authCache.set(tokenHash, auth);
    }
    request.auth = auth;
    if (mustAcceptTermsFirst(auth) && !request.routeOptions.config?.beforeTerms) {
      throw forbidden('termsFirst');
    }
    if (access === 'user') return;
    if (!auth.session) throw forbidden('selectHoldingFirst');
    const level = access.level ?? (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');
    if (auth.session.partnerId !== null && !request.routeOptions.config?.partnerReadable) {
      throw areaForbidden(access.area, level);
    }
    const permissions = auth.session.permissions;
    const readByOther =
      level === 'read' && (access.orReadOf ?? []).some((area) => canAccess(permissions, area, 'read'));
    if (!canAccess(permissions, access.area, level) && !readByOther) {
      throw areaForbidden(access.area, level);
    }
  });
}
