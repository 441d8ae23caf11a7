import { isAdminOrHigher, type Role } from '@headland/domain/roles';

export interface OrderableSession {
  UserId: number;
  Role: number;
  CurrentSession: boolean;
  StartDate: string;
}

/**
 * The sessions list order of session-shell §6: the current session first, then the user's own other
 * sessions, then other users' with non-admins before admins, each group by start date (earliest first).
 */
export function orderSessions<T extends OrderableSession>(sessions: readonly T[], userId: number): T[] {
  const rank = (session: T) => {
    if (session.CurrentSession) return 0;
    if (session.UserId === userId) return 1;
    return isAdminOrHigher(session.Role as Role) ? 3 : 2;
  };
  return [...sessions].sort(
    (a, b) => rank(a) - rank(b) || Date.parse(a.StartDate) - Date.parse(b.StartDate) || a.UserId - b.UserId,
  );
}
