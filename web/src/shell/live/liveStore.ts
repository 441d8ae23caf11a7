import type { z } from 'zod';
import type {
  activeSessionSchema,
  eventSchema,
  holdingEventsSchema,
  holdingUserSchema,
} from '@headland/domain/api/sessionApi';
import { eventMergeDelayMs, eventsSinceMs } from '@headland/domain/limits';
import { orderSessions } from '@headland/domain/sessionOrder';

export type ActiveSession = z.infer<typeof activeSessionSchema>;
export type HoldingEvent = z.infer<typeof eventSchema>;
export type HoldingUser = z.infer<typeof holdingUserSchema>;
export type HoldingEvents = z.infer<typeof holdingEventsSchema>;

/** What the notifications popup and the menu's users tags show. */
export interface LiveState {
  /** The holding's active sessions in the spec's order (session-shell §6). */
  sessions: ActiveSession[];
  /** The holding's events of the last 24 hours, newest first. */
  events: HoldingEvent[];
  users: ReadonlyMap<number, HoldingUser>;
  /** Ids of events from other sessions that arrived since the events were last looked at. */
  unread: ReadonlySet<number>;
}

/** Most events kept: as many as the server sends at once. */
const maxEvents = 500;

/** The state at holding selection: its events are history, read already. */
export function initialLiveState(
  sessions: ActiveSession[],
  events: HoldingEvents,
  userId: number,
): LiveState {
  return {
    sessions: orderSessions(sessions, userId),
    events: [...events.Events].sort(newestFirst).slice(0, maxEvents),
    users: new Map(events.Users.map((user) => [user.UserId, user])),
    unread: new Set(),
  };
}

const newestFirst = (a: HoldingEvent, b: HoldingEvent) =>
  Date.parse(b.Date) - Date.parse(a.Date) || b.Id - a.Id;

/**
 * Takes in events from the heartbeat or the socket. Events not seen before that come from other sessions are
 * unread and returned as `fresh`: they are what other people changed, and what a screen must refresh for.
 */
export function withEvents(
  state: LiveState,
  incoming: HoldingEvents,
  currentSessionId: string,
  now = Date.now(),
): { state: LiveState; fresh: HoldingEvent[] } {
  const known = new Set(state.events.map((event) => event.Id));
  const added = incoming.Events.filter((event) => !known.has(event.Id));
  const users = new Map(state.users);
  for (const user of incoming.Users) users.set(user.UserId, user);
  const fresh = added.filter((event) => event.SessionId !== currentSessionId);
  const unread = new Set(state.unread);
  for (const event of fresh) unread.add(event.Id);
  const cutoff = now - eventsSinceMs;
  const events = [...added, ...state.events]
    .filter((event) => Date.parse(event.Date) >= cutoff)
    .sort(newestFirst)
    .slice(0, maxEvents);
  const kept = new Set(events.map((event) => event.Id));
  for (const id of unread) if (!kept.has(id)) unread.delete(id);
  return { state: { ...state, events, users, unread }, fresh };
}

export function withSessions(state: LiveState, sessions: ActiveSession[], userId: number): LiveState {
  return { ...state, sessions: orderSessions(sessions, userId) };
}

export function allRead(state: LiveState): LiveState {
  return state.unread.size ? { ...state, unread: new Set() } : state;
}

/** The newest event's date: the heartbeat asks for events since then. */
export function newestEventDate(state: LiveState): string | undefined {
  return state.events[0]?.Date;
}

/**
 * Collects changes arriving close together and hands them over once, 500 ms after the first (session-shell §4:
 * session-change events are merged after a 500 ms delay), so that a burst of edits is one update of the screen.
 */
export class ChangeMerger<T> {
  private pending: T[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly flush: (items: T[]) => void) {}

  push(item: T): void {
    this.pending.push(item);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const items = this.pending;
      this.pending = [];
      this.flush(items);
    }, eventMergeDelayMs);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
  }
}
