import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { saveSettingRequestSchema } from '@headland/domain/api/sessionApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { canAccess } from '@headland/domain/permissions';
import { isAdminOrHigher } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { changeAuthorOf, markChangeAuthor } from '../../events/changeAuthor.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { forbidden, staleWrite, areaForbidden } from '../../http/httpErrors.ts';
import type { AuthContext } from '../../auth/authContext.ts';
import { sqlRows } from '../../db/sqlRows.ts';

export type SaveSettingRequest = z.infer<typeof saveSettingRequestSchema>;

/**
 * Saves one setting (insert or replace). Scopes and who may write them:
 * - the caller's own (UserId the caller), globally or for the holding the caller has open;
 * - holding-wide (UserId null) on the open holding, with current-holding write;
 * - for everyone (UserId and HoldingId null), Admin or Master only.
 * With a `Version`, a setting saved since it was read (by another tab or user) is not overwritten: 409.
 */
export async function saveSetting(
  db: Db,
  auth: AuthContext,
  input: SaveSettingRequest,
): Promise<{ Version: number }> {
  if (input.UserId !== null && input.UserId !== auth.user.id) {
    throw forbidden('ownSettingsOnly');
  }
  if (input.HoldingId !== null && auth.session?.holdingId !== input.HoldingId) {
    throw forbidden('settingsOpenHoldingOnly');
  }
  if (input.UserId === null && input.HoldingId === null && !isAdminOrHigher(auth.user.role)) {
    throw forbidden('settingsForEveryoneAdminOnly');
  }
  if (input.UserId === null && input.HoldingId !== null) {
    if (!canAccess(auth.session!.permissions, 'currentHolding', 'write')) {
      throw areaForbidden('currentHolding', 'write');
    }
  }
  const holdingWide = input.UserId === null && input.HoldingId !== null;
  return db.transaction(async (tx) => {
    await markChangeAuthor(tx, auth.user.id);
    if (input.Version !== null && input.Version !== undefined) {
      const [stored] = await sqlRows<{ id: number; version: number; changed_by: number | null }>(
        tx,
        sql`SELECT id, version, changed_by FROM settings
             WHERE coalesce(holding_id, 0) = ${input.HoldingId ?? 0} AND coalesce(user_id, 0) = ${input.UserId ?? 0}
               AND key = ${input.Key}
             FOR UPDATE`,
      );
      // 0 says none was read: one saved meanwhile is as much a conflict as a newer version.
      if ((stored?.version ?? 0) !== input.Version) {
        throw staleWrite(`setting:${stored?.id ?? 0}`, await changeAuthorOf(tx, stored?.changed_by ?? null));
      }
    }
    const [saved] = await sqlRows<{ version: number }>(
      tx,
      sql`INSERT INTO settings (holding_id, user_id, key, value)
          VALUES (${input.HoldingId}, ${input.UserId}, ${input.Key}, ${input.Value})
          ON CONFLICT (coalesce(holding_id, 0), coalesce(user_id, 0), key) DO UPDATE SET value = excluded.value
          RETURNING version`,
    );
    // A personal preference concerns nobody else on the holding, so its event carries no holding and shows
    // up in no one's notifications; a holding-wide setting is a change to the holding.
    await recordEvent(
      tx,
      {
        userId: auth.user.id,
        holdingId: holdingWide ? input.HoldingId : null,
        sessionId: auth.session?.id ?? null,
      },
      {
        action: EventAction.Update,
        source: holdingWide ? Module.Holding : Module.UserAccount,
        objectType: 'Setting',
        data: { Key: input.Key, HoldingId: input.HoldingId, UserId: input.UserId },
      },
    );
    return { Version: saved!.version };
  });
}
