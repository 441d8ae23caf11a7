import { isListedSessionType, type SessionType } from './enumerations.ts';
import { isAdminOrHigher, type Role } from './roles.ts';

export interface OrderableSession {
  UserId: number;
  Role: number;
  CurrentSession: boolean;
  StartDate: string;
  /** Omnia 1 when absent; field-scouting types are never listed. */
  SessionType?: number;
}

/**
 * The sessions list of session-shell §6: field-scouting sessions left out, then the current session first,
 * the user's own other sessions next, then other users' with non-admins before admins, each group by start
 * date (earliest first).
 */
export function orderSessions<T extends OrderableSession>(sessions: readonly T[], userId: number): T[] {
  const rank = (session: T) => {
    if (session.CurrentSession) return 0;
    if (session.UserId === userId) return 1;
    return isAdminOrHigher(session.Role as Role) ? 3 : 2;
  };
  // Each session's rank and start time are worked out once, not at every comparison of the sort.
  return sessions
    .filter((session) => isListedSessionType((session.SessionType ?? 1) as SessionType))
    .map((session) => ({ session, rank: rank(session), start: Date.parse(session.StartDate) }))
    .sort((a, b) => a.rank - b.rank || a.start - b.start || a.session.UserId - b.session.UserId)
    .map((entry) => entry.session);
}
