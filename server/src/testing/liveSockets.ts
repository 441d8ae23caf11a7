import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { serverLiveMessageSchema } from '@headland/domain/api/liveApi';

/** A message the live socket pushed; each is checked with the schema the web parses it with. */
export interface PushedMessage {
  Type: string;
  Data: unknown;
}

/** A live socket opened in-process on a test app, with what it has received. */
export interface TestSocket {
  messages: PushedMessage[];
  /** The first message (already received or still to come) of the type that passes the test. */
  next(type: string, test?: (data: unknown) => boolean, timeoutMs?: number): Promise<PushedMessage>;
  /** Resolves with the close code once the socket is closed. */
  closed(timeoutMs?: number): Promise<number>;
  send(message: unknown): void;
  /** Ends the socket. In-process (injectWS) the server never sees the end: see `openNetworkSocket`. */
  close(): void;
}

/** Opens `/api/ws/v1/connect` on the app through `injectWS` (no network). */
export async function openTestSocket(
  app: FastifyInstance,
  query: { sessionId: string; authToken: string },
): Promise<TestSocket> {
  const messages: PushedMessage[] = [];
  const listeners = new Set<() => void>();
  let closeCode: number | null = null;
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const waitFor = <T>(find: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(
            `no ${what} within ${timeoutMs} ms; received ${JSON.stringify(messages.map((m) => m.Type))}`,
          ),
        );
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  const ws = await app.injectWS(
    `/api/ws/v1/connect?${new URLSearchParams({ ...query })}`,
    {},
    {
      onInit(socket) {
        socket.on('message', (data: Buffer) => {
          // A message the web would drop fails the test that received it.
          messages.push(serverLiveMessageSchema.parse(JSON.parse(data.toString('utf8'))));
          changed();
        });
        socket.on('close', (code: number) => {
          closeCode = code;
          changed();
        });
      },
    },
  );
  return {
    messages,
    next: (type, test = () => true, timeoutMs = 3000) =>
      waitFor(
        () => messages.find((message) => message.Type === type && test(message.Data)),
        timeoutMs,
        `${type} message`,
      ),
    closed: (timeoutMs = 3000) => waitFor(() => closeCode ?? undefined, timeoutMs, 'close'),
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.terminate(),
  };
}

/** The client of the `ws` package, which @fastify/websocket is built on (reached through it: not a dependency). */
export interface NetworkSocket {
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(code?: number, reason?: string): void;
}

/** Opens a WebSocket client to `url` with that package. */
export function networkSocket(url: string): NetworkSocket {
  const fromWebsocket = createRequire(createRequire(import.meta.url).resolve('@fastify/websocket'));
  const { WebSocket } = fromWebsocket('ws') as { WebSocket: new (url: string) => NetworkSocket };
  return new WebSocket(url);
}

/**
 * Opens `/api/ws/v1/connect` over the network on an app listening at `baseUrl`, as a browser does, and
 * resolves once it is open: the server then sees the connection end when it is closed.
 */
export async function openNetworkSocket(
  baseUrl: string,
  query: { sessionId: string; authToken: string },
): Promise<{ messages: PushedMessage[]; close(code: number): void }> {
  const socket = networkSocket(
    `${baseUrl.replace(/^http/, 'ws')}/api/ws/v1/connect?${new URLSearchParams(query)}`,
  );
  const messages: PushedMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString('utf8')) as PushedMessage));
  await new Promise<void>((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return { messages, close: (code) => socket.close(code, 'page closed') };
}
