import type { ChangeActor } from '../../events/recordEvent.ts';
import { forbidden } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';

export function actorOf(caller: Caller): ChangeActor {
  return caller.actor;
}

/** Refuses a change from a read-only session. */
export function assertWritable(caller: Caller): void {
  if (caller.readOnly) throw forbidden('permissionsReadOnlySession');
}
