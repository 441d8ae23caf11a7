import type { z } from 'zod';
import { liveSocketUnauthorisedCode, type clientSocketMessageSchema } from '@headland/domain/api/liveApi';
import {
  masterDataDebugDelayMs,
  masterDataDelayMs,
  masterDataJitterMs,
  socketReadyWatchMs,
  socketReconnectMaxMs,
  socketReconnectMinMs,
} from '@headland/domain/limits';

/** The part of a browser WebSocket this client uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

const connecting = 0;
const open = 1;

export interface LiveSocketOptions {
  /** The socket's address, or null while there is no session to connect with. */
  url(): string | null;
  createSocket?: (url: string) => SocketLike;
  /** True once the session is known to be unauthorised: no reconnecting then. */
  isUnauthorised(): boolean;
  /** The server closed the socket as unauthorised. */
  onUnauthorised?(): void;
  /** The socket opened again after being closed: what was pushed meanwhile is lost, and must be read. */
  onReopen?(): void;
  /** Debug mode: master-data updates wait 10 ms instead of 10 to 20 s. */
  debug?(): boolean;
  random?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export type LiveHandler = (data: unknown, type: string) => void;

/** The delay before the reconnection after `failures` closings in a row: 5 s doubling up to 60 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(socketReconnectMinMs * 2 ** Math.max(0, failures - 1), socketReconnectMaxMs);
}

/** How long a master-data update waits, so that every client does not reload the catalogues at once. */
export function masterDataWaitMs(random: number, debug: boolean): number {
  return debug ? masterDataDebugDelayMs : masterDataDelayMs + Math.floor(random * masterDataJitterMs);
}

/**
 * The live socket of session-shell §4 and §7: `{Type, Data}` messages, `Type` a slash path handed to every
 * subscriber whose type is a prefix of it. Reconnects after a close code above 1001 (unless the session is
 * unauthorised) with a delay doubling from 5 s to 60 s; a 10 s watch reconnects whenever the socket is not
 * open; messages sent meanwhile wait in a queue; master-data updates are delayed.
 */
export class LiveSocket {
  private socket: SocketLike | null = null;
  private readonly handlers = new Map<string, Set<LiveHandler>>();
  private readonly queue: string[] = [];
  private failures = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private watchTimer: ReturnType<typeof setInterval> | null = null;
  private readonly masterDataTimers = new Set<ReturnType<typeof setTimeout>>();
  private started = false;
  private openedBefore = false;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly random: () => number;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly options: LiveSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.random = options.random ?? Math.random;
    this.log = options.log ?? ((message, error) => console.error(message, error));
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.connect();
    this.watchTimer = setInterval(() => this.watch(), socketReadyWatchMs);
  }

  stop(): void {
    this.started = false;
    if (this.watchTimer) clearInterval(this.watchTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const timer of this.masterDataTimers) clearTimeout(timer);
    this.masterDataTimers.clear();
    this.watchTimer = null;
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
  }

  get isOpen(): boolean {
    return this.socket?.readyState === open;
  }

  /** Hears every message whose Type is `type` or starts with `type/`. */
  subscribe(type: string, handler: LiveHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Sends now when open, else when the socket next opens; typed by the schema the server parses it with. */
  send<Message extends z.input<typeof clientSocketMessageSchema>>(
    type: Message['Type'],
    data: Message['Data'],
  ): void {
    const text = JSON.stringify({ Type: type, Data: data });
    if (this.socket?.readyState === open) this.socket.send(text);
    else this.queue.push(text);
  }

  private connect(): void {
    if (!this.started) return;
    const url = this.options.url();
    if (!url) return;
    const socket = this.createSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      for (const text of this.queue.splice(0)) socket.send(text);
      if (this.openedBefore) this.options.onReopen?.();
      this.openedBefore = true;
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === liveSocketUnauthorisedCode) {
        this.options.onUnauthorised?.();
        return;
      }
      if (event.code > 1001 && !this.options.isUnauthorised()) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || !this.started) return;
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, reconnectDelayMs(this.failures));
  }

  /** Every 10 s: a socket that is neither open nor opening, with no reconnection on its way, is opened again. */
  private watch(): void {
    if (this.options.isUnauthorised() || this.reconnectTimer) return;
    const state = this.socket?.readyState;
    if (state === open || state === connecting) return;
    this.connect();
  }

  private receive(raw: unknown): void {
    let message: { Type: string; Data: unknown };
    try {
      message = JSON.parse(String(raw)) as { Type: string; Data: unknown };
      if (typeof message?.Type !== 'string') throw new Error('no Type');
    } catch (error) {
      this.log('The live socket sent a message that could not be read', error);
      return;
    }
    if (message.Type === 'master-data' || message.Type.startsWith('master-data/')) {
      const timer = setTimeout(
        () => {
          this.masterDataTimers.delete(timer);
          this.dispatch(message);
        },
        masterDataWaitMs(this.random(), this.options.debug?.() ?? false),
      );
      this.masterDataTimers.add(timer);
      return;
    }
    this.dispatch(message);
  }

  private dispatch(message: { Type: string; Data: unknown }): void {
    for (const [type, handlers] of this.handlers) {
      if (message.Type !== type && !message.Type.startsWith(`${type}/`)) continue;
      for (const handler of handlers) handler(message.Data, message.Type);
    }
  }
}
