import type { SelectHoldingResponse } from '@headland/domain/api/sessionApi';
import { isListedSessionType, type SessionType } from '@headland/domain/enumerations';
import { isAdminOrHigher, type Role } from '@headland/domain/roles';

export type ActiveSession = SelectHoldingResponse['Sessions'][number];

/**
 * The sessions shown to users, in the order of session-shell-connections §6: the current session first, then
 * the user's own other sessions, then non-admins before admins, then by start date (oldest first). Field
 * scouting sessions are left out.
 */
export function orderSessions(sessions: readonly ActiveSession[], ownUserId: number): ActiveSession[] {
  const rank = (session: ActiveSession) => [
    session.CurrentSession ? 0 : 1,
    session.UserId === ownUserId ? 0 : 1,
    isAdminOrHigher(session.Role as Role) ? 1 : 0,
  ];
  return sessions
    .filter((session) => isListedSessionType(session.SessionType as SessionType))
    .sort((a, b) => {
      const left = rank(a);
      const right = rank(b);
      for (let index = 0; index < left.length; index++) {
        const difference = left[index]! - right[index]!;
        if (difference !== 0) return difference;
      }
      return Date.parse(a.StartDate) - Date.parse(b.StartDate);
    });
}
