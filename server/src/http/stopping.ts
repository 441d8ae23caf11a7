import type { FastifyInstance } from 'fastify';
import { HttpError } from './httpErrors.ts';

/** Requests under way and whether the server is stopping, per app. */
interface StopState {
  stopping: boolean;
  inFlight: number;
  /** When the last request was refused for the stop (performance.now()). */
  lastRefused: number;
}

// Kept by the HTTP server, which the app and every plugin context share.
const states = new WeakMap<object, StopState>();

/**
 * Counts the requests under way and, once the server is stopping, answers every new one 503 with
 * `X-Omnia-Retry: Yes` (the client tries again, by then against the restarted server) and closes its
 * connection. Registered first, so that a refused request costs nothing else.
 */
export function registerStopRefusal(app: FastifyInstance): void {
  const state: StopState = { stopping: false, inFlight: 0, lastRefused: 0 };
  states.set(app.server, state);
  app.addHook('onRequest', async (request, reply) => {
    if (state.stopping) {
      state.lastRefused = performance.now();
      throw new HttpError(
        503,
        'serverStopping',
        {},
        {},
        { 'X-Omnia-Retry': 'Yes', 'Retry-After': '2', Connection: 'close' },
        'The server is restarting. Try again in a moment.',
      );
    }
    // A live socket stays open for hours: the stop closes it rather than waiting for it.
    if (request.headers.upgrade) return;
    state.inFlight += 1;
    reply.raw.once('close', () => {
      state.inFlight -= 1;
    });
  });
}

/**
 * Starts the stop: new requests are refused from now on, and this resolves once the requests already taken
 * have been answered and no new one was refused for `quietMs` (a client that was sending when the stop began
 * has its answer before the server stops listening), or after `maxMs` at the latest.
 */
export async function drainRequests(app: FastifyInstance, quietMs = 300, maxMs = 10_000): Promise<void> {
  const state = states.get(app.server);
  if (!state) return;
  state.stopping = true;
  state.lastRefused = performance.now();
  const started = performance.now();
  while (performance.now() - started < maxMs) {
    if (state.inFlight <= 0 && performance.now() - state.lastRefused >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Whether this server has been told to stop. Work running in the background (an import) that fails while the
 * server closes failed because of the stop, not because of its input, and says so.
 */
let stopping = false;

export function noteServerStopping(): void {
  stopping = true;
}

export function serverIsStopping(): boolean {
  return stopping;
}
