import { sql } from 'drizzle-orm';
import type { EventAction, Module } from '@headland/domain/enumerations';
import type { Db } from '../db/database.ts';
import { events } from '../db/schema.ts';

/** Who made a change: the caller's user, holding and session. */
export interface ChangeActor {
  userId: number;
  holdingId: number | null;
  sessionId: string | null;
}

export interface ChangeEvent {
  action: EventAction;
  /** Module id of session-shell §3 (Fields 1, Holding 15, UserAccount 16 …). */
  source: Module;
  objectType: string;
  /** Name, Layer, Layers, Area, CroppingId, Field, Crop, YearId — whatever describes the change. */
  data?: Record<string, unknown>;
}

/**
 * Appends one row to the audit trail. Call it with the transaction handle of the change itself, so the
 * change and its event are committed together or not at all; for a deleted cropping, call it before the
 * delete, so that the event knows whom the cropping was hidden from.
 */
export async function recordEvent(tx: Db, actor: ChangeActor, event: ChangeEvent): Promise<number> {
  const croppingId = event.data?.CroppingId;
  // Written before a cropping is deleted, this still sees the cropping's permissions.
  const hiddenFrom =
    typeof croppingId === 'number'
      ? sql`(SELECT coalesce(array_agg(user_id ORDER BY user_id), '{}'::int[]) FROM cropping_permissions
              WHERE cropping_id = ${croppingId} AND NOT authorized)`
      : sql`'{}'::int[]`;
  const [row] = await tx
    .insert(events)
    .values({
      holdingId: actor.holdingId,
      userId: actor.userId,
      sessionId: actor.sessionId,
      action: event.action,
      source: event.source,
      objectType: event.objectType,
      data: event.data ?? {},
      hiddenFrom,
    })
    .returning({ id: events.id });
  return row!.id;
}
