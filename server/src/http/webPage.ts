import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brandMetaName } from '@headland/domain/brands';
import { formatHelpVideoIds, helpVideosMetaName, type HelpVideoIds } from '@headland/domain/helpLinks';
import { requestBrand } from '../auth/accessHook.ts';

/** Answers a request with the web app's page. */
export type WebPageSender = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * The web app's page, answered with the brand of the request written into it: the page then starts without
 * asking GET /api/service/brand first, one round trip less before the session is restored. The page is read
 * once; the assets it names are served from the same folder.
 */
export function webPageSender(indexFile: string, helpVideos: HelpVideoIds = {}): WebPageSender {
  const page = readFileSync(indexFile, 'utf8');
  const headEnd = page.indexOf('</head>');
  if (headEnd < 0) throw new Error(`${indexFile} has no </head>`);
  // Only well-formed ids are written (formatHelpVideoIds), which need no escaping in the attribute.
  const videos = formatHelpVideoIds(helpVideos);
  const videosMeta = videos ? `<meta name="${helpVideosMetaName}" content="${videos}" />\n  ` : '';
  return (request, reply) => {
    // Brand ids are fixed words of the domain (brandIdSchema), so they need no escaping in the attribute.
    const meta = `<meta name="${brandMetaName}" content="${requestBrand(request)}" />\n  ${videosMeta}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(`${page.slice(0, headEnd)}${meta}${page.slice(headEnd)}`);
  };
}
