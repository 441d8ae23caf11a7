import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Fastify from 'fastify';
import { knownRoute } from '@headland/domain/menu';
import type { AppDeps } from '../appDeps.ts';
import type { ServerConfig } from '../config.ts';
import { HttpError } from '../http/httpErrors.ts';
import { loggerOptions } from '../http/logging.ts';
import { refusalLanguage } from '../http/refusalTexts.ts';
import { sayRefusal } from '../http/sayRefusal.ts';
import { webPageSender } from '../http/webPage.ts';
import { compression } from '../plugins/compression.ts';
import { errorAnswers } from '../plugins/errorAnswers.ts';
import { securityHeaders } from '../plugins/securityHeaders.ts';
import { webApp } from '../plugins/webApp.ts';
import type { Front, RequestHandler } from './earlyListener.ts';

/** A built web app has a few hundred files; a folder with far more is not one and is not listed further. */
const maxWebFiles = 10_000;

/** The URL paths of the built web app's files (`/assets/index-….js`, `/favicon.svg` …). */
export function webFilePaths(webDist: string): Set<string> {
  const paths = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (paths.size >= maxWebFiles) return;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) paths.add(`/${relative(webDist, full).split(sep).join('/')}`);
    }
  };
  if (existsSync(webDist)) walk(webDist);
  return paths;
}

/** Whether the front answers this request on its own: the sign-in page, its files, and health. */
export function frontAnswers(
  request: Pick<IncomingMessage, 'method' | 'url'>,
  webFiles: Set<string>,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  if (path === '/api/health') return true;
  if (path.startsWith('/api/')) return false;
  return path === '/' || path === '/robots.txt' || webFiles.has(path) || knownRoute(path);
}

/**
 * What answers while the database opens: the built web app with the headers the app gives it, and health
 * saying "starting" (503, so that whatever waits for a healthy server keeps waiting). It reaches no database.
 */
export async function buildStartingFront(config: ServerConfig): Promise<Front> {
  let handle: RequestHandler | null = null;
  const front = Fastify({
    ...loggerOptions(config.logLevel),
    // Never listens: the early listener hands it the requests it answers.
    serverFactory: (handler) => {
      handle = handler;
      return createServer();
    },
  });
  const deps: AppDeps = {
    config,
    get database(): never {
      throw new Error('the database is still opening');
    },
  };
  front.decorate('deps', deps);
  const indexFile = join(config.webDist, 'index.html');
  const sendWebPage = existsSync(indexFile) ? webPageSender(indexFile, config.helpVideos) : null;
  await front.register(errorAnswers, { sendWebPage });
  await front.register(securityHeaders);
  await front.register(compression);
  front.get('/api/health', (_request, reply) =>
    reply.status(503).header('retry-after', '1').send({ status: 'starting' }),
  );
  if (sendWebPage) await front.register(webApp, { sendWebPage });
  await front.ready();
  const webFiles = sendWebPage ? webFilePaths(config.webDist) : new Set<string>();
  return {
    handle: (request, response) => handle!(request, response),
    answers: (request) => sendWebPage !== null && frontAnswers(request, webFiles),
    refuse: (request, response, code) => refuse(request, response, code),
  };
}

function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  code: 'serverStarting' | 'serverStartFailed',
) {
  if (response.headersSent) return;
  const refusal = new HttpError(503, code);
  const body = sayRefusal(refusal, refusalLanguage({ url: request.url ?? '/', headers: request.headers }));
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': '2',
    // A client tries again on a start under way; a start that failed will not answer better in a moment.
    'x-omnia-retry': code === 'serverStarting' ? 'Yes' : 'No',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}
