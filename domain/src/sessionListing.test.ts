import { describe, expect, it } from 'vitest';
import type { SelectHoldingResponse } from './api/sessionApi.ts';
import { SessionType } from './enumerations.ts';
import { Role } from './roles.ts';
import { orderSessions } from './sessionOrder.ts';

type ActiveSession = SelectHoldingResponse['Sessions'][number];

function session(id: string, overrides: Partial<ActiveSession>): ActiveSession {
  return {
    SessionId: id,
    UserId: 10,
    UserEmail: 'x@example.com',
    UserName: id,
    Role: Role.Client,
    ReadOnly: false,
    CurrentSession: false,
    StartDate: '2025-01-01T08:00:00Z',
    InactiveSince: null,
    SessionType: SessionType.Omnia,
    ClientState: null,
    ...overrides,
  };
}

describe('orderSessions', () => {
  it('puts the current session, then own sessions, then non-admins, then the oldest first', () => {
    const sessions = [
      session('admin-early', { UserId: 3, Role: Role.Admin, StartDate: '2025-01-01T06:00:00Z' }),
      session('other-late', { UserId: 2, StartDate: '2025-01-01T09:00:00Z' }),
      session('other-early', { UserId: 4, StartDate: '2025-01-01T07:00:00Z' }),
      session('own-other', { UserId: 1, StartDate: '2025-01-01T10:00:00Z' }),
      session('current', { UserId: 1, CurrentSession: true, StartDate: '2025-01-01T11:00:00Z' }),
    ];
    expect(orderSessions(sessions, 1).map((entry) => entry.SessionId)).toEqual([
      'current',
      'own-other',
      'other-early',
      'other-late',
      'admin-early',
    ]);
  });

  it.each([SessionType.FieldScout, SessionType.FieldScoutSync])('leaves out session type %i', (type) => {
    const sessions = [session('scout', { SessionType: type }), session('web', {})];
    expect(orderSessions(sessions, 1).map((entry) => entry.SessionId)).toEqual(['web']);
  });
});
