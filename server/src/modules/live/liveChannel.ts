import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { notifyLive } from './live.queries.ts';

/** The one channel every server listens on. Payloads are ids only (NOTIFY allows under 8,000 bytes). */
export const liveChannelName = 'headland_live';

/**
 * What travels on the channel:
 * - `e`: event `e` was written on holding `h` (trigger of migration 0014);
 * - `r`: the data revision of holding `h` moved on (0 is the shared catalogues; trigger of migration 0014);
 * - `s`: the active sessions of holding `h` changed;
 * - `a`: server `from` forgot cached callers (a logout, a membership or permission change);
 * - `m`: the maintenance notices changed.
 */
export const liveChannelMessageSchema = z.discriminatedUnion('k', [
  z.object({ k: z.literal('e'), e: z.number().int(), h: z.number().int() }),
  z.object({ k: z.literal('r'), h: z.number().int() }),
  z.object({ k: z.literal('s'), h: z.number().int() }),
  z.object({ k: z.literal('a'), from: z.string() }),
  z.object({ k: z.literal('m') }),
]);
export type LiveChannelMessage = z.infer<typeof liveChannelMessageSchema>;

export interface LiveChannelHandlers {
  onMessage(message: LiveChannelMessage, fromThisServer: boolean): void;
  /** The listening connection was lost and opened again: messages may have been missed. */
  onReconnect(): void;
}

/**
 * The link between the servers of one database (session-shell §4, "several servers"): PostgreSQL LISTEN/NOTIFY
 * on a dedicated connection, or PGlite's in-process notifications. Every server hears its own messages too,
 * so one path serves one server and many.
 */
export class LiveChannel {
  /** Names this server in the messages it sends. */
  readonly serverId = randomUUID();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(handlers: LiveChannelHandlers): Promise<void> {
    this.stop = await this.database.listen(
      liveChannelName,
      (payload) => {
        let message: LiveChannelMessage;
        try {
          message = liveChannelMessageSchema.parse(JSON.parse(payload));
        } catch {
          console.error(`live channel: a message could not be read: ${payload.slice(0, 200)}`);
          return;
        }
        handlers.onMessage(message, message.k === 'a' && message.from === this.serverId);
      },
      () => handlers.onReconnect(),
    );
  }

  /** Sends a message to every server, this one included; delivered when the caller's transaction commits. */
  async publish(message: LiveChannelMessage): Promise<void> {
    await notifyLive(this.database.db, message);
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }
}
