import type { PermissionArea } from '@headland/domain/permissions';

/**
 * Who may call a route. Every /api route declares one in `config.access`; the app refuses to start otherwise.
 * - 'public': anyone (sign-in, health, documentation).
 * - 'user': any valid access token, holding or not (session start, holding choice, own account).
 * - { area, level }: a token bound to a selected holding whose derived permissions allow `level` on `area`.
 *   `level` defaults to read for GET and write for every other method. `orReadOf` lists further areas whose
 *   read right also opens the route for reading: the map layers draw the fields and croppings, so their
 *   readers may read those lists (the queries still apply the holding's and the cropping restrictions).
 */
export type RouteAccess =
  | 'public'
  | 'user'
  | { area: PermissionArea; level?: 'read' | 'write'; orReadOf?: readonly PermissionArea[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Reachable by a login that has yet to accept the terms and conditions: the terms themselves, the session
     * check and start (which then answer the terms only) and logout. Every other route refuses it with a 403.
     */
    beforeTerms?: boolean;
    /**
     * Reachable by a partner user's holding session (issue 23): only reads whose queries narrow every answer
     * to the croppings shared with the partner. Every other holding route refuses such a session.
     */
    partnerReadable?: boolean;
  }
}
