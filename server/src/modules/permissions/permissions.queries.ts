import { sql } from 'drizzle-orm';
import type { HoldingFeatureFlags } from '@headland/domain/holdingPermissions';
import { HoldingRole } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** A member of a holding with what the permission grid shows of the account. */
export interface MemberRow {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  user_permissions: Record<string, unknown> | null;
  holding_role: number;
  holding_permissions: unknown;
  restrict_cropping_access: boolean;
  version: number;
  /** Who made the membership's latest change (migration 0015), when known. */
  changed_by: number | null;
}

/**
 * Every member of a holding, by name. `forUpdate` locks the memberships for the rest of the transaction, so
 * that two concurrent saves cannot both remove the last owner.
 */
export async function holdingMembers(
  db: Db,
  holdingId: number,
  options: { forUpdate?: boolean } = {},
): Promise<MemberRow[]> {
  const lock = options.forUpdate ? sql`FOR UPDATE OF m` : sql``;
  return sqlRows<MemberRow>(
    db,
    sql`
    SELECT m.user_id, u.email, u.first_name, u.last_name, u.role, u.permissions AS user_permissions,
           m.holding_role, m.holding_permissions, m.restrict_cropping_access, m.version, m.changed_by
      FROM holding_users m JOIN users u ON u.id = m.user_id
     WHERE m.holding_id = ${holdingId}
     ORDER BY lower(u.last_name), lower(u.first_name), lower(u.email), u.id
     ${lock}`,
  );
}

/** A member as the dialog's GET reads them, with the croppings withheld from them in the year. */
export interface DialogMemberRow extends MemberRow {
  /**
   * For a restricted member with restricted cropping access, the ids of the year's croppings saved as not
   * authorised; null for everyone else.
   */
  withheld_cropping_ids: number[] | null;
}

/**
 * The holding's feature flags and every member, by name, in one statement; null when the holding does not
 * exist. The croppings withheld from each restricted member are gathered here too, so that the answer is put
 * together without a row per member and cropping.
 */
export async function dialogMembers(
  db: Db,
  holdingId: number,
  yearId: number,
): Promise<{ features: Partial<HoldingFeatureFlags>; members: DialogMemberRow[] } | null> {
  const rows = await sqlRows<
    { features: Partial<HoldingFeatureFlags> | null } & (
      DialogMemberRow | { [K in keyof DialogMemberRow]: null }
    )
  >(
    db,
    sql`
    SELECT h.features, m.user_id, u.email, u.first_name, u.last_name, u.role, u.permissions AS user_permissions,
           m.holding_role, m.holding_permissions, m.restrict_cropping_access, m.version, m.changed_by,
           CASE WHEN m.holding_role = ${HoldingRole.RestrictedMember} AND m.restrict_cropping_access THEN
             ARRAY(SELECT cp.cropping_id
                     FROM cropping_permissions cp JOIN croppings c ON c.id = cp.cropping_id
                    WHERE cp.holding_id = m.holding_id AND cp.user_id = m.user_id AND NOT cp.authorized
                      AND c.year_id = ${yearId})
           END AS withheld_cropping_ids
      FROM holdings h
      LEFT JOIN holding_users m ON m.holding_id = h.id
      LEFT JOIN users u ON u.id = m.user_id
     WHERE h.id = ${holdingId}
     ORDER BY lower(u.last_name), lower(u.first_name), lower(u.email), u.id`,
  );
  const [first] = rows;
  if (!first) return null;
  const members = rows.filter((row): row is typeof row & DialogMemberRow => row.user_id !== null);
  return { features: first.features ?? {}, members };
}

/** What the Cropping tab needs of one cropping of the year, before the domain's list rules. */
export interface DialogCroppingRow {
  id: number;
  field_id: number;
  field_name: string;
  field_group: string | null;
  year_id: number;
  crop_id: number;
  crop_name: string | null;
  crop_descr: string | null;
  variety_name: string | null;
  /** The recorded area, else the boundary's, in hectares. */
  area: number | null;
}

/**
 * The holding's croppings of one year with their field, leaving out `excludedCropIds` (crops never listed).
 * Only the columns the list needs: the boundary's area is worked out only for croppings without a recorded
 * area.
 */
export async function dialogCroppings(
  db: Db,
  holdingId: number,
  yearId: number,
  excludedCropIds: readonly number[],
): Promise<DialogCroppingRow[]> {
  const excluded = `{${excludedCropIds.map((id) => Math.trunc(id)).join(',')}}`;
  return sqlRows<DialogCroppingRow>(
    db,
    sql`
    SELECT c.id, c.field_id, f.name AS field_name, f.field_group, c.year_id, c.crop_id, c.crop_name, c.crop_descr,
           coalesce(v.name, c.variety_name) AS variety_name,
           coalesce(c.area::float8,
                    round((ST_Area(c.boundary::geography) / 10000)::numeric, 4)::float8) AS area
      FROM croppings c
      JOIN fields f ON f.id = c.field_id
      LEFT JOIN varieties v ON v.id = c.variety_id
     WHERE c.holding_id = ${holdingId} AND c.year_id = ${yearId}
       AND NOT (c.crop_id = ANY(${excluded}::int[]))`,
  );
}

/** The holding's feature flags (missing flags count as off), or null when the holding does not exist. */
export async function holdingFeatures(
  db: Db,
  holdingId: number,
): Promise<Partial<HoldingFeatureFlags> | null> {
  const [row] = await sqlRows<{ features: Partial<HoldingFeatureFlags> | null }>(
    db,
    sql`SELECT features FROM holdings WHERE id = ${holdingId}`,
  );
  return row ? (row.features ?? {}) : null;
}

/** Of `croppingIds`, those that are croppings of the holding in the year. */
export async function croppingsOfYear(
  db: Db,
  holdingId: number,
  yearId: number,
  croppingIds: readonly number[],
): Promise<Set<number>> {
  if (croppingIds.length === 0) return new Set();
  const ids = `{${croppingIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM croppings
         WHERE holding_id = ${holdingId} AND year_id = ${yearId} AND id = ANY(${ids}::int[])`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Sets a member's authorisation on croppings, replacing what was saved for those croppings. */
export async function saveCroppingPermissions(
  db: Db,
  holdingId: number,
  userId: number,
  entries: readonly { croppingId: number; authorized: boolean }[],
): Promise<void> {
  if (entries.length === 0) return;
  const values = entries.map(
    (entry) => sql`(${holdingId}, ${userId}, ${entry.croppingId}, ${entry.authorized})`,
  );
  await db.execute(sql`
    INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
    VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (holding_id, user_id, cropping_id) DO UPDATE SET authorized = EXCLUDED.authorized`);
}

/**
 * Removes a member: the membership, its cropping authorisations, and its open sessions on the holding, which
 * end at once (its tokens then no longer reach the holding).
 */
export async function removeMember(db: Db, holdingId: number, userId: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM cropping_permissions WHERE holding_id = ${holdingId} AND user_id = ${userId}`,
  );
  await db.execute(sql`DELETE FROM holding_users WHERE holding_id = ${holdingId} AND user_id = ${userId}`);
  await endSessionsOnHolding(db, holdingId, userId);
}

export async function endSessionsOnHolding(db: Db, holdingId: number, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE sessions SET ended_at = now()
     WHERE holding_id = ${holdingId} AND user_id = ${userId} AND ended_at IS NULL`);
}

export async function updateMember(
  db: Db,
  holdingId: number,
  userId: number,
  change: { holdingRole: number; holdingPermissions: unknown; restrictCroppingAccess: boolean },
): Promise<void> {
  await db.execute(sql`
    UPDATE holding_users
       SET holding_role = ${change.holdingRole},
           holding_permissions = ${change.holdingPermissions === null ? null : JSON.stringify(change.holdingPermissions)}::jsonb,
           restrict_cropping_access = ${change.restrictCroppingAccess}
     WHERE holding_id = ${holdingId} AND user_id = ${userId}`);
}

/** Revokes one access token and ends the session it is bound to. */
export async function revokeToken(db: Db, tokenId: string): Promise<void> {
  await db.execute(sql`
    WITH revoked AS (
      UPDATE access_tokens SET revoked_at = now() WHERE id = ${tokenId} RETURNING session_id)
    UPDATE sessions SET ended_at = now()
     WHERE id IN (SELECT session_id FROM revoked) AND ended_at IS NULL`);
}

/** Who last removed `userId` from the holding, from the removal's event; null when no event says. */
export async function memberRemovedBy(db: Db, holdingId: number, userId: number): Promise<number | null> {
  const [row] = await sqlRows<{ user_id: number | null }>(
    db,
    sql`SELECT user_id FROM events
         WHERE holding_id = ${holdingId} AND object_type = 'HoldingUser' AND action = 'd'
           AND data->>'UserId' = ${String(userId)}
         ORDER BY id DESC LIMIT 1`,
  );
  return row?.user_id ?? null;
}
