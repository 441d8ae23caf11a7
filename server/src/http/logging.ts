import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';

/**
 * The server's logs: one access line per answered request at the default level (info), each line of a request
 * carrying its id (also sent back as X-Request-Id, for a user to quote). Nothing personal or secret goes in:
 * the access line names the route's pattern (`/api/fields/v1/:id`), never the path or query a client sent;
 * fields named like personal data or secrets are dropped; e-mail addresses and long token-like strings left
 * in any text are replaced; a failed query is logged without its parameters.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return {
    logger: {
      level,
      ...(stream ? { stream } : {}),
      serializers: { err: safeError, error: safeError },
      formatters: { log: (object) => scrubObject(object) as Record<string, unknown> },
    },
    genReqId: () => randomUUID(),
    // Fastify's own request lines hold the raw URL; the access line below replaces them.
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** Logs every answer once: method, route pattern, status and time taken. */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}

/** Keys whose values are personal data or secrets, wherever they appear in a log object. */
const hiddenKeys = new Set([
  'to',
  'from',
  'email',
  'e-mail',
  'username',
  'password',
  'newpassword',
  'currentpassword',
  'token',
  'access_token',
  'secret',
  'authorization',
  'cookie',
  'params',
  'detail',
  'body',
  'headers',
  'query',
]);

const emailPattern = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g;
const tokenPattern = /\b[A-Za-z0-9_-]{32,}\b/g;

export function scrubText(text: string): string {
  return text.replace(emailPattern, '[e-mail]').replace(tokenPattern, '[secret]');
}

function scrubObject(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return value; // left to safeError
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubObject(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = hiddenKeys.has(key.toLowerCase()) ? '[hidden]' : scrubObject(item, depth + 1);
  }
  return out;
}

interface DriverError extends Error {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  statusCode?: unknown;
  /** drizzle's DrizzleQueryError: the statement, whose values are in `params` (never logged). */
  query?: unknown;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as logged: its kind, message (without query parameters), database codes and stack frames. */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)), stack: '' };
  const failure = error as DriverError;
  // drizzle writes the parameters into the message itself: "Failed query: …\nparams: …".
  const message =
    error.message.startsWith('Failed query:') && typeof failure.query === 'string'
      ? `Failed query: ${failure.query}`
      : error.message;
  // The stack's first lines repeat the message: keep only its frames.
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const out: LoggedError = { type: error.name, message: scrubText(message), stack: frames.join('\n') };
  for (const key of ['code', 'constraint', 'table', 'column', 'routine', 'statusCode'] as const) {
    const item = failure[key];
    if (typeof item === 'string' || typeof item === 'number') out[key] = item;
  }
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}
