import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brandMetaName } from '@headland/domain/brands';
import { formatHelpVideoIds, helpVideosMetaName, type HelpVideoIds } from '@headland/domain/helpLinks';
import { requestBrand } from '../auth/accessHook.ts';

/** Answers a request with the web app's page. */
export type WebPageSender = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** The page as one brand gets it, with the validators a browser asks again with. */
interface BrandPage {
  html: string;
  etag: string;
}

/** True when the browser's copy (If-None-Match) is this version of the page. */
function browserHasPage(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The web app's page, answered with the brand of the request written into it: the page then starts without
 * asking GET /api/service/brand first, one round trip less before the session is restored. The page is read
 * once; the assets it names are served from the same folder. It names the hashed assets of the current build,
 * so browsers ask for it again on every visit (no-cache) and get a 304 while it is unchanged.
 */
export function webPageSender(indexFile: string, helpVideos: HelpVideoIds = {}): WebPageSender {
  const page = readFileSync(indexFile, 'utf8');
  const lastModified = statSync(indexFile).mtime.toUTCString();
  const headEnd = page.indexOf('</head>');
  if (headEnd < 0) throw new Error(`${indexFile} has no </head>`);
  // Only well-formed ids are written (formatHelpVideoIds), which need no escaping in the attribute.
  const videos = formatHelpVideoIds(helpVideos);
  const videosMeta = videos ? `<meta name="${helpVideosMetaName}" content="${videos}" />\n  ` : '';
  const pages = new Map<string, BrandPage>();
  const pageFor = (brand: string): BrandPage => {
    let made = pages.get(brand);
    if (!made) {
      // Brand ids are fixed words of the domain (brandIdSchema), so they need no escaping in the attribute.
      const meta = `<meta name="${brandMetaName}" content="${brand}" />\n  ${videosMeta}`;
      const html = `${page.slice(0, headEnd)}${meta}${page.slice(headEnd)}`;
      made = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      pages.set(brand, made);
    }
    return made;
  };
  return (request, reply) => {
    const { html, etag } = pageFor(requestBrand(request));
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('last-modified', lastModified);
    if (browserHasPage(request, etag)) return reply.code(304).send();
    return reply.send(html);
  };
}
