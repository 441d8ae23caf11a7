import { sql, type SQL } from 'drizzle-orm';
import { HoldingRole } from '@headland/domain/roles';
import type { Db } from '../db/database.ts';
import { sqlRows } from '../db/sqlRows.ts';

/**
 * Which croppings a caller may see and change. Restricted members of a holding see a cropping unless its
 * cropping_permissions entry for them says `authorized = false`: no entry means authorised. Everyone else
 * sees every cropping of the holding.
 */
export interface CroppingAccess {
  holdingId: number;
  userId: number;
  restricted: boolean;
  /**
   * A partner user's partner: they see exactly the croppings shared with it, while it is enabled for the
   * cropping's year (restricted is then true too, so every restricted path applies).
   */
  partnerId?: number | null;
}

/**
 * The one SQL condition deciding whether the cropping whose id is `croppingId` (a column or value) is visible to
 * the caller. Every query that answers croppings, or anything derived from them, adds it to its WHERE clause.
 */
export function croppingVisibleSql(access: CroppingAccess, croppingId: SQL): SQL {
  if (access.partnerId) return partnerCroppingSql(access.partnerId, access.holdingId, croppingId);
  if (!access.restricted) return sql`TRUE`;
  return sql`NOT EXISTS (
    SELECT 1 FROM cropping_permissions cp
     WHERE cp.holding_id = ${access.holdingId} AND cp.user_id = ${access.userId}
       AND cp.cropping_id = ${croppingId} AND NOT cp.authorized)`;
}

/** Whether the cropping is shared with the partner and the partner is enabled for the cropping's year. */
function partnerCroppingSql(partnerId: number, holdingId: number, croppingId: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM partner_croppings pc
      JOIN partner_holdings ph ON ph.partner_id = pc.partner_id AND ph.holding_id = pc.holding_id
                              AND ph.year_id = pc.year_id AND ph.enabled
     WHERE pc.partner_id = ${partnerId} AND pc.holding_id = ${holdingId} AND pc.cropping_id = ${croppingId})`;
}

/**
 * The SQL condition deciding whether a field (`fieldId`, a column or value) is visible to the caller: to a
 * partner user, only fields that hold a cropping shared with their partner; to everyone else, every field of
 * the holding (a restricted member sees the fields and is told which croppings are hidden).
 */
export function fieldVisibleSql(access: CroppingAccess, fieldId: SQL): SQL {
  if (!access.partnerId) return sql`TRUE`;
  return sql`EXISTS (
    SELECT 1 FROM croppings vc
     WHERE vc.field_id = ${fieldId} AND vc.holding_id = ${access.holdingId}
       AND ${partnerCroppingSql(access.partnerId, access.holdingId, sql`vc.id`)})`;
}

/** Access that sees every cropping of the holding: for rules that must count croppings the caller cannot see. */
export function fullCroppingAccess(access: CroppingAccess): CroppingAccess {
  return { ...access, restricted: false, partnerId: null };
}

/** How many croppings of a field are hidden from the caller. */
export async function countHiddenCroppings(
  db: Db,
  access: CroppingAccess,
  where: { fieldId: number },
): Promise<number> {
  if (!access.restricted) return 0;
  const result = await sqlRows<{ hidden: number }>(
    db,
    sql`
    SELECT count(*)::int AS hidden FROM croppings c
     WHERE c.holding_id = ${access.holdingId} AND c.field_id = ${where.fieldId}
       AND NOT (${croppingVisibleSql(access, sql`c.id`)})`,
  );
  return result[0]?.hidden ?? 0;
}

/**
 * The crop years in which each field has croppings hidden from the caller (of `yearIds` only, when given):
 * what the screens need to say that something is not shared, without telling what it is. Empty for everyone
 * who is not restricted.
 */
export async function selectHiddenCroppingYears(
  db: Db,
  access: CroppingAccess,
  where: { fieldId?: number; yearIds?: readonly number[] },
): Promise<Map<number, number[]>> {
  // A partner user is told nothing of what is not shared with their partner, not even that it exists.
  if (!access.restricted || access.partnerId) return new Map();
  const conditions: SQL[] = [
    sql`c.holding_id = ${access.holdingId}`,
    sql`NOT (${croppingVisibleSql(access, sql`c.id`)})`,
  ];
  if (where.fieldId !== undefined) conditions.push(sql`c.field_id = ${where.fieldId}`);
  if (where.yearIds)
    conditions.push(
      sql`c.year_id = ANY(${`{${where.yearIds.map((year) => Math.trunc(year)).join(',')}}`}::int[])`,
    );
  const rows = await sqlRows<{ field_id: number; years: number[] }>(
    db,
    sql`
    SELECT c.field_id, array_agg(DISTINCT c.year_id ORDER BY c.year_id) AS years FROM croppings c
     WHERE ${sql.join(conditions, sql` AND `)}
     GROUP BY c.field_id`,
  );
  return new Map(rows.map((row) => [row.field_id, row.years.map(Number)]));
}

/**
 * The one SQL condition saying whether a membership row (`holding_users` under the alias `membership`) is a
 * restricted member limited to some croppings (null when the row is absent): such a member is refused answers
 * that cannot be filtered cropping by cropping, such as a whole-holding export.
 */
export function croppingRestrictedSql(membership: string): SQL {
  const m = sql.identifier(membership);
  return sql`(${m}.holding_role = ${HoldingRole.RestrictedMember} AND ${m}.restrict_cropping_access)`;
}
