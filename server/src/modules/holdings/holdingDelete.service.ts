import { eq } from 'drizzle-orm';
import { holdingDeleteMessages } from '@headland/domain/api/holdingsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { holdings } from '../../db/schema.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { areaForbidden, forbidden, HttpError, notFound } from '../../http/httpErrors.ts';
import { actorOf, assertWritableSession, mayOpen, permissionsOn } from './holdingRights.ts';
import type { HoldingsDeps } from './holdingSave.service.ts';
import { holdingHasData, holdingRecord } from './holdings.queries.ts';
import type { Caller } from '../../auth/caller.ts';

/** A refusal the client shows in a message box titled "Unable to delete holding". */
function deleteRefused(code: 'holdingNotEmpty' | 'holdingOpenInSession'): HttpError {
  return new HttpError(400, code, {}, { Title: holdingDeleteMessages.title, Errors: [{ Field: 'id' }] });
}

/**
 * Deletes an empty holding (session-shell §5): never the one open in the caller's session, only with holdings
 * write on it and from a session that is not read-only. The Event outlives the holding: it is recorded without
 * a holding, naming the deleted one in its data.
 */
export async function deleteHolding(
  deps: HoldingsDeps,
  caller: Caller<'account'>,
  holdingId: number,
): Promise<void> {
  assertWritableSession(caller);
  await deps.db.transaction(async (tx) => {
    const record = await holdingRecord(tx, holdingId, caller.auth.user.id, { forUpdate: true });
    if (!record) throw notFound('holdingNotFound');
    if (!mayOpen(caller, record)) throw forbidden('holdingNoAccess');
    if (!permissionsOn(caller, record).holdings.write) throw areaForbidden('holdings', 'write');
    if (caller.auth.session?.holdingId === holdingId) throw deleteRefused('holdingOpenInSession');
    if (await holdingHasData(tx, holdingId)) throw deleteRefused('holdingNotEmpty');
    await tx.delete(holdings).where(eq(holdings.id, holdingId));
    await recordEvent(tx, actorOf(caller, null), {
      action: EventAction.Delete,
      source: Module.Holding,
      objectType: 'Holding',
      data: { HoldingId: holdingId, Name: record.trading_name },
    });
  });
  // Other tabs open on the holding lose it at once.
  deps.authCache.forgetWhere((cached) => cached.session?.holdingId === holdingId);
}
