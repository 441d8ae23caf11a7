import type { FastifyRequest } from 'fastify';
import type { ChangeActor } from '../../events/recordEvent.ts';
import { forbidden } from '../../http/httpErrors.ts';
import { requireSession } from '../../auth/accessHook.ts';
import type { AuthContext } from '../../auth/authContext.ts';

/** Who calls a permissions or invitations route: any user with a session on the holding. */
export interface PermissionsCaller {
  auth: AuthContext;
  holdingId: number;
  yearId: number | null;
  sessionId: string;
  readOnly: boolean;
}

export function permissionsCallerOf(request: FastifyRequest): PermissionsCaller {
  const session = requireSession(request);
  return {
    auth: session.auth,
    holdingId: session.holdingId,
    yearId: session.yearId,
    sessionId: session.id,
    readOnly: session.readOnly,
  };
}

export function actorOf(caller: PermissionsCaller): ChangeActor {
  return { userId: caller.auth.user.id, holdingId: caller.holdingId, sessionId: caller.sessionId };
}

/** Refuses a change from a read-only session. */
export function assertWritable(caller: PermissionsCaller): void {
  if (caller.readOnly) throw forbidden('permissionsReadOnlySession');
}
