import type { BrandId } from '@headland/domain/brands';
import type { z } from 'zod';
import { liveSocketUnauthorisedCode, type masterDataMessageSchema } from '@headland/domain/api/liveApi';
import { mayReadEvent } from '@headland/domain/liveEvents';
import { orderSessions } from '@headland/domain/sessionOrder';
import type { Db } from '../../db/database.ts';
import { loadAuthContext, type AuthContext } from '../../auth/authContext.ts';
import { presentActiveSession, presentEvent, presentHoldingUser } from '../session/session.service.ts';
import { activeSessions } from '../session/session.service.ts';
import { eventVisibleTo, eventWithAuthor } from './live.queries.ts';
import { encodeLiveMessage } from './liveMessages.ts';

/** The part of a WebSocket the hub uses. */
export interface HubSocket {
  readonly readyState: number;
  /** A Buffer goes as a text frame with `binary: false`: encoded once, it is sent to many sockets. */
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
}

const socketOpen = 1;

/** One open live socket: whose it is and on which holding session. */
export interface LiveConnection {
  socket: HubSocket;
  tokenHash: string;
  brandId: BrandId;
  auth: AuthContext & { session: NonNullable<AuthContext['session']> };
}

/** Session lists of one holding asked for within this time are sent once. */
const sessionsMergeMs = 100;
/** Forgets of cached callers within this time lead to one new check of the sockets. */
const revalidationMergeMs = 50;

/**
 * The live sockets of this server by holding, and what each may hear (session-shell §7). Every message is
 * checked per socket as a route checks its caller: an event reaches a socket only when the member may read its
 * module and, for a restricted member, see its cropping.
 */
export class LiveHub {
  private readonly byHolding = new Map<number, Set<LiveConnection>>();
  private readonly pendingSessions = new Map<number, NodeJS.Timeout>();
  private revalidation: { timer: NodeJS.Timeout | null; running: boolean; again: boolean } = {
    timer: null,
    running: false,
    again: false,
  };

  constructor(private readonly db: Db) {}

  get connectionCount(): number {
    let count = 0;
    for (const set of this.byHolding.values()) count += set.size;
    return count;
  }

  add(connection: LiveConnection): void {
    const holdingId = connection.auth.session.holdingId;
    let set = this.byHolding.get(holdingId);
    if (!set) this.byHolding.set(holdingId, (set = new Set()));
    set.add(connection);
  }

  remove(connection: LiveConnection): void {
    const holdingId = connection.auth.session.holdingId;
    const set = this.byHolding.get(holdingId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byHolding.delete(holdingId);
  }

  hasHolding(holdingId: number): boolean {
    return this.byHolding.has(holdingId);
  }

  /**
   * Pushes a new event of a holding to the sockets allowed to hear of it. The event and its author are read in
   * one query, the message is written and encoded once, and each member is authorised once, however many tabs
   * they have open: the cost per socket is one send.
   */
  async deliverEvent(eventId: number, holdingId: number): Promise<void> {
    if (!this.byHolding.get(holdingId)?.size) return;
    const found = await eventWithAuthor(this.db, eventId);
    const connections = this.byHolding.get(holdingId);
    if (!found || !connections?.size) return;
    const event = presentEvent(found.event);
    const bytes = Buffer.from(
      encodeLiveMessage({
        Type: 'events',
        Data: { Events: [event], Users: found.author ? [presentHoldingUser(found.author)] : [] },
      }),
    );
    const mayHear = new Map<number, boolean | Promise<boolean>>();
    const waiting: Promise<void>[] = [];
    for (const connection of connections) {
      const { session, user } = connection.auth;
      let allowed = mayHear.get(user.id);
      if (allowed === undefined) {
        // Partner users hear nothing of the holding's activity (eventVisibleSql says the same for lists).
        allowed =
          !mayReadEvent(session.permissions, event) || session.partnerId !== null
            ? false
            : // A restricted member: one visibility query, whatever the number of their tabs.
              session.restrictCroppingAccess
              ? eventVisibleTo(this.db, eventId, { holdingId, userId: user.id, restricted: true })
              : true;
        mayHear.set(user.id, allowed);
      }
      if (allowed === true) send(connection, bytes);
      else if (allowed !== false) {
        const pending = allowed;
        waiting.push(
          pending.then((visible) => {
            if (visible) send(connection, bytes);
          }),
        );
      }
    }
    await Promise.all(waiting);
  }

  /** Sends the holding's active sessions to its sockets, once for changes close together. */
  sessionsChanged(holdingId: number): void {
    if (!this.byHolding.has(holdingId) || this.pendingSessions.has(holdingId)) return;
    const timer = setTimeout(() => {
      this.pendingSessions.delete(holdingId);
      this.sendSessions(holdingId).catch((error: Error) => {
        console.error(`live: the sessions of holding ${holdingId} could not be sent: ${error.message}`);
      });
    }, sessionsMergeMs);
    this.pendingSessions.set(holdingId, timer);
  }

  /** The holding's active sessions, as each socket's own list (its session is the current one). */
  async sendSessions(holdingId: number, only?: LiveConnection): Promise<void> {
    const connections = only ? [only] : [...(this.byHolding.get(holdingId) ?? [])];
    if (!connections.length) return;
    const rows = await activeSessions(this.db, holdingId);
    for (const connection of connections) {
      // A partner's user learns nothing of the holding's people, as in their select-holding answer: they see
      // only their own session.
      const seen =
        connection.auth.session.partnerId === null
          ? rows
          : rows.filter((row) => row.id === connection.auth.session.id);
      const sessions = orderSessions(
        seen.map((row) => presentActiveSession(row, connection.auth.session.id)),
        connection.auth.user.id,
      );
      send(connection, encodeLiveMessage({ Type: 'sessions', Data: sessions }));
    }
  }

  /** Tells every socket that shared catalogues changed (crops, varieties…): `master-data/<what>`. */
  broadcast(message: z.input<typeof masterDataMessageSchema>): void {
    const text = encodeLiveMessage(message);
    for (const set of this.byHolding.values()) for (const connection of set) send(connection, text);
  }

  /**
   * Asks for `revalidate`, once for forgets close together (a burst of logouts): it runs 50 ms after the first
   * ask, and once more after it if asked again meanwhile.
   */
  requestRevalidation(onError: (error: Error) => void): void {
    const state = this.revalidation;
    if (state.running) {
      state.again = true;
      return;
    }
    if (state.timer) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      state.running = true;
      this.revalidate()
        .catch(onError)
        .finally(() => {
          state.running = false;
          if (state.again) {
            state.again = false;
            this.requestRevalidation(onError);
          }
        });
    }, revalidationMergeMs);
  }

  /**
   * Reads every socket's caller again after cached callers were forgotten (a logout, a membership removed, a
   * permission changed, here or on another server): a socket whose token or holding session no longer stands
   * is closed as unauthorised; the others carry on with the permissions of now.
   */
  async revalidate(): Promise<void> {
    const all = [...this.byHolding.values()].flatMap((set) => [...set]);
    await Promise.all(
      all.map(async (connection) => {
        const auth = await loadAuthContext(this.db, connection.tokenHash, connection.brandId);
        if (!auth?.session || auth.session.id !== connection.auth.session.id) {
          this.remove(connection);
          connection.socket.close(liveSocketUnauthorisedCode, 'unauthorised');
          return;
        }
        connection.auth = { ...auth, session: auth.session };
      }),
    );
  }

  closeAll(): void {
    if (this.revalidation.timer) clearTimeout(this.revalidation.timer);
    this.revalidation.timer = null;
    for (const timer of this.pendingSessions.values()) clearTimeout(timer);
    this.pendingSessions.clear();
    for (const set of this.byHolding.values())
      for (const connection of set) connection.socket.close(1001, 'server stopping');
    this.byHolding.clear();
  }
}

function send(connection: LiveConnection, data: string | Buffer): void {
  if (connection.socket.readyState !== socketOpen) return;
  if (typeof data === 'string') connection.socket.send(data);
  else connection.socket.send(data, { binary: false });
}
