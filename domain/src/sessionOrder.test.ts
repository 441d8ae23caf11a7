import { describe, expect, it } from 'vitest';
import { orderSessions, type OrderableSession } from './sessionOrder.ts';

const session = (name: string, UserId: number, Role: number, minute: number, CurrentSession = false) => ({
  name,
  UserId,
  Role,
  CurrentSession,
  StartDate: new Date(Date.UTC(2025, 0, 1, 9, minute)).toISOString(),
});

describe('orderSessions', () => {
  it.each<[string, (OrderableSession & { name: string })[], string[]]>([
    [
      'current, own, non-admins, admins',
      [
        session('admin', 2, 2, 0),
        session('client', 3, 5, 5),
        session('own other tab', 1, 4, 10),
        session('current', 1, 4, 20, true),
      ],
      ['current', 'own other tab', 'client', 'admin'],
    ],
    [
      'by start date within a group',
      [session('late agronomist', 4, 4, 30), session('early client', 3, 5, 1), session('master', 5, 1, 0)],
      ['early client', 'late agronomist', 'master'],
    ],
    [
      'an admin own session still counts as own',
      [session('other', 3, 5, 0), session('own admin', 1, 2, 5)],
      ['own admin', 'other'],
    ],
  ])('%s', (_case, sessions, expected) => {
    expect(orderSessions(sessions, 1).map((entry) => entry.name)).toEqual(expected);
  });
});
