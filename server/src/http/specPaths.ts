import type { IncomingMessage } from 'node:http';

/**
 * The spec gives the partner calls as /partners/... where every other call starts /api/. They are served under
 * /api/ like the rest, which every cross-cutting check (access, refusal shape, maintenance, live) recognises,
 * and the spec's own paths reach the same routes, so that a client written against the spec works.
 */
const unprefixedSpecPaths = ['/partners/'];

export function rewriteSpecPath(request: IncomingMessage): string {
  const url = request.url ?? '/';
  return unprefixedSpecPaths.some((prefix) => url.startsWith(prefix)) ? `/api${url}` : url;
}
