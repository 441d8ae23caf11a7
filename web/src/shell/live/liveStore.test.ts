import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventMergeDelayMs } from '@headland/domain/limits';
import {
  allRead,
  ChangeMerger,
  initialLiveState,
  withEvents,
  withSessions,
  type ActiveSession,
  type HoldingEvent,
} from './liveStore.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const event = (id: number, sessionId: string, hoursAgo = 1): HoldingEvent => ({
  Id: id,
  UserId: 7,
  Date: new Date(now - hoursAgo * 3600_000).toISOString(),
  SessionId: sessionId,
  Action: 'u',
  Data: { Name: 'Mill Close' },
  Source: 1,
  ObjectType: 'Field',
});
const session = (
  id: string,
  userId: number,
  role: number,
  start: string,
  current = false,
): ActiveSession => ({
  SessionId: id,
  UserId: userId,
  UserEmail: `${id}@farm.example`,
  UserName: id,
  Role: role,
  ReadOnly: false,
  CurrentSession: current,
  StartDate: start,
  InactiveSince: null,
  SessionType: 1,
  ClientState: null,
});

describe('the live state', () => {
  it('marks new events of other sessions unread, not its own, nor those it had', () => {
    const start = initialLiveState([], { Events: [event(1, 'other')], Users: [] }, 5);
    expect(start.unread.size).toBe(0);
    const { state, fresh } = withEvents(
      start,
      { Events: [event(1, 'other'), event(2, 'mine'), event(3, 'other')], Users: [] },
      'mine',
      now,
    );
    expect(fresh.map((item) => item.Id)).toEqual([3]);
    expect([...state.unread]).toEqual([3]);
    expect(state.events.map((item) => item.Id)).toEqual([3, 2, 1]);
    expect(allRead(state).unread.size).toBe(0);
  });

  it('keeps events of the last 24 hours only', () => {
    const start = initialLiveState([], { Events: [], Users: [] }, 5);
    const { state } = withEvents(
      start,
      { Events: [event(1, 'x', 25), event(2, 'x', 23)], Users: [] },
      'mine',
      now,
    );
    expect(state.events.map((item) => item.Id)).toEqual([2]);
    expect([...state.unread]).toEqual([2]);
  });

  it('orders sessions as the spec says and leaves field-scouting sessions out', () => {
    const sessions = [
      session('admin', 2, 2, '2026-11-24T08:00:00Z'),
      session('other', 3, 5, '2026-11-24T09:00:00Z'),
      session('mine-too', 5, 5, '2026-11-24T10:00:00Z'),
      session('scout', 4, 5, '2026-11-24T07:00:00Z'),
      session('current', 5, 5, '2026-11-24T11:00:00Z', true),
    ];
    sessions[3]!.SessionType = 4;
    const state = withSessions(initialLiveState([], { Events: [], Users: [] }, 5), sessions, 5);
    expect(state.sessions.map((item) => item.SessionId)).toEqual(['current', 'mine-too', 'other', 'admin']);
  });
});

describe('ChangeMerger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over the changes of 500 ms at once, 500 ms after the first', () => {
    expect(eventMergeDelayMs).toBe(500);
    const flush = vi.fn();
    const merger = new ChangeMerger<number>(flush);
    merger.push(1);
    vi.advanceTimersByTime(300);
    merger.push(2);
    vi.advanceTimersByTime(199);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledWith([1, 2]);
    merger.push(3);
    vi.advanceTimersByTime(500);
    expect(flush).toHaveBeenLastCalledWith([3]);
  });
});
