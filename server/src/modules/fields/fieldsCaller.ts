import type { FastifyRequest } from 'fastify';
import { harvestYearOf } from '@headland/domain/harvestYear';
import { isoDateFromLocalDate } from '@headland/domain/isoDate';
import type { ChangeActor } from '../../events/recordEvent.ts';
import { croppingAccessOf, type CroppingAccess } from '../croppings/croppingAccess.ts';
import { requireSession } from '../../auth/accessHook.ts';

/** Everything the fields, croppings, validation and import services need to know about who is calling. */
export interface FieldsCaller {
  holdingId: number;
  /** The session's crop year, or the current harvest year when the session has none. */
  yearId: number;
  actor: ChangeActor;
  access: CroppingAccess;
}

export function fieldsCallerOf(request: FastifyRequest): FieldsCaller {
  const session = requireSession(request);
  return {
    holdingId: session.holdingId,
    yearId: session.yearId ?? harvestYearOf(isoDateFromLocalDate(new Date())),
    actor: { userId: session.auth.user.id, holdingId: session.holdingId, sessionId: session.id },
    access: croppingAccessOf(request),
  };
}
