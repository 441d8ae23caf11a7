import type { FastifyReply } from 'fastify';

/** Vite names every file it builds under assets/ after a hash of its content. */
const hashedAssetPath = /[\\/]assets[\\/][^\\/]+$/;

/**
 * The cache rule of a built web file: a hashed asset never changes under its name, so a browser keeps it for a
 * year without asking again; any other file (help documents, the page) is asked about again on every use and
 * answered 304 while it is unchanged.
 */
export function cacheControlFor(filePath: string): string {
  return hashedAssetPath.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function setWebAssetHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('cache-control', cacheControlFor(filePath));
}

/**
 * Search engines may read the sign-in page; everything behind it belongs to someone's holding, and the API and
 * the sign-in redirects are no pages at all.
 */
export const robotsText = `User-agent: *
Disallow: /api/
Disallow: /oauth/
Disallow: /resources/
Allow: /
`;
