import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** What the front answers on its own while the app is not ready, and how it refuses. */
export interface Front {
  handle: RequestHandler;
  answers(request: IncomingMessage): boolean;
  /** A 503 in the shape and language of every refusal. */
  refuse(
    request: IncomingMessage,
    response: ServerResponse,
    code: 'serverStarting' | 'serverStartFailed',
  ): void;
}

/** Requests held while the database opens; past this, callers are asked to come back. */
export const maxHeldRequests = 1000;

/**
 * The server's one listening socket, open from the first moment of the start: while the database opens, the
 * requests the front can answer alone (the sign-in page, its files, health "starting") are answered at once and
 * every other one is held; once the app is ready, it is handed every held request and every request after.
 */
export class EarlyListener {
  readonly server: Server;
  /**
   * Where the app's live sockets listen for upgrades (never listening itself): the listener passes it the
   * upgrades once the app is ready and closes the ones that come before, rather than let a half-built app
   * route them.
   */
  readonly upgrades: Server = createServer();
  private app: RequestHandler | null = null;
  private appHandler: RequestHandler | null = null;
  private held: { request: IncomingMessage; response: ServerResponse }[] = [];

  constructor(
    private readonly front: Front,
    private readonly maxHeld = maxHeldRequests,
  ) {
    this.server = createServer((request, response) => this.route(request, response));
    // The timeouts the app's own server would have had (Fastify's defaults): keep-alive 72 s, and no cap on
    // how long a request may take, since an upload of a large layer can take minutes on a slow line.
    this.server.keepAliveTimeout = 72_000;
    this.server.requestTimeout = 0;
    this.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.app) this.upgrades.emit('upgrade', request, socket, head);
      else socket.destroy();
    });
  }

  /** For `Fastify({ serverFactory })`: the app is given this server, and its handler is kept for `open`. */
  readonly serverFactory = (handler: RequestHandler): Server => {
    this.appHandler = handler;
    return this.server;
  };

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** The app is ready: the held requests go to it, in the order they came, and so does every later one. */
  open(): void {
    if (!this.appHandler) throw new Error('the app was not built on this listener (serverFactory)');
    this.app = this.appHandler;
    for (const { request, response } of this.held.splice(0)) {
      if (!response.writableEnded && !request.destroyed) this.app(request, response);
    }
  }

  /** The start failed: the held requests are told so rather than left waiting. */
  fail(): void {
    for (const { request, response } of this.held.splice(0))
      this.front.refuse(request, response, 'serverStartFailed');
  }

  get heldCount(): number {
    return this.held.length;
  }

  private route(request: IncomingMessage, response: ServerResponse): void {
    if (this.app) return this.app(request, response);
    if (this.front.answers(request)) return this.front.handle(request, response);
    if (this.held.length >= this.maxHeld) return this.front.refuse(request, response, 'serverStarting');
    this.held.push({ request, response });
    response.once('close', () => {
      const index = this.held.findIndex((entry) => entry.response === response);
      if (index >= 0) this.held.splice(index, 1);
    });
  }
}
