import { sql, type SQL } from 'drizzle-orm';
import { SessionType } from '@headland/domain/enumerations';
import { activeSessionMs } from '@headland/domain/limits';
import type { Db } from '../../db/database.ts';
import { croppingVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** A session left without a heartbeat this long is no longer listed as active: one missed heartbeat. */
export const activeSessionWindow = sql.raw(`interval '${Math.round(activeSessionMs / 1000)} seconds'`);

/** Who is asking for holdings: Master and Admin see all of them. */
export interface HoldingViewer {
  userId: number;
  openAll: boolean;
  /** A partner user's partner: they open only the holdings that enable it. */
  partnerId?: number | null;
}

/**
 * Holdings the viewer may open: all, or their memberships and the holdings they are agronomist of; for a partner
 * user, the holdings that enable their partner for some crop year.
 */
function mayOpen(viewer: HoldingViewer): SQL {
  if (viewer.partnerId) {
    return sql`EXISTS (SELECT 1 FROM partner_holdings ph
                        WHERE ph.partner_id = ${viewer.partnerId} AND ph.holding_id = h.id AND ph.enabled)`;
  }
  if (viewer.openAll) return sql`true`;
  return sql`(h.agronomist_id = ${viewer.userId}
    OR EXISTS (SELECT 1 FROM holding_users m WHERE m.holding_id = h.id AND m.user_id = ${viewer.userId}))`;
}

export interface HoldingRow {
  id: number;
  trading_name: string;
  agronomist_id: number | null;
  town_id: number | null;
  town: string | null;
  region_id: number | null;
  business_id: number | null;
  business: string | null;
  satellite: boolean;
  crop_years: number[];
}

const holdingColumns = sql`h.id, h.trading_name, h.agronomist_id, h.town_id, t.name AS town, h.region_id,
  h.business_id, b.name AS business, h.satellite,
  coalesce((SELECT array_agg(y.year_id ORDER BY y.year_id) FROM holding_crop_years y WHERE y.holding_id = h.id),
           '{}') AS crop_years`;
const holdingJoins = sql`FROM holdings h LEFT JOIN towns t ON t.id = h.town_id LEFT JOIN businesses b ON b.id = h.business_id`;

export async function holdingById(db: Db, holdingId: number): Promise<HoldingRow | null> {
  const [row] = await sqlRows<HoldingRow>(
    db,
    sql`SELECT ${holdingColumns} ${holdingJoins} WHERE h.id = ${holdingId}`,
  );
  return row ?? null;
}

/** Whether the viewer may open one holding, and their membership of it. */
export async function holdingAccess(
  db: Db,
  viewer: HoldingViewer,
  holdingId: number,
): Promise<{ allowed: boolean; holdingRole: number | null }> {
  const [row] = await sqlRows<{ allowed: boolean; holding_role: number | null }>(
    db,
    sql`SELECT ${mayOpen(viewer)} AS allowed,
               (SELECT m.holding_role FROM holding_users m WHERE m.holding_id = h.id AND m.user_id = ${viewer.userId})
                 AS holding_role
          FROM holdings h WHERE h.id = ${holdingId}`,
  );
  return { allowed: Boolean(row?.allowed), holdingRole: row?.holding_role ?? null };
}

export interface HoldingListOptions {
  /** Case-insensitive text matched against the trading name and the town. */
  search?: string;
  limit?: number;
  /** Order by the viewer's latest use first rather than by name. */
  recentFirst?: boolean;
}

/** The holdings the viewer may open, by trading name (or most recently used first). */
export async function listHoldings(
  db: Db,
  viewer: HoldingViewer,
  options: HoldingListOptions = {},
): Promise<HoldingRow[]> {
  const pattern = options.search === undefined ? null : `%${escapeLike(options.search)}%`;
  const matches =
    pattern === null ? sql`true` : sql`(h.trading_name ILIKE ${pattern} OR t.name ILIKE ${pattern})`;
  const order = options.recentFirst
    ? sql`(SELECT max(s.start_date) FROM sessions s WHERE s.holding_id = h.id AND s.user_id = ${viewer.userId})
            DESC NULLS LAST, lower(h.trading_name), h.id`
    : sql`lower(h.trading_name), h.id`;
  const limit = options.limit === undefined ? sql`` : sql`LIMIT ${options.limit}`;
  return sqlRows<HoldingRow>(
    db,
    sql`SELECT ${holdingColumns} ${holdingJoins} WHERE ${mayOpen(viewer)} AND ${matches} ORDER BY ${order} ${limit}`,
  );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The holding of the viewer's latest session that they may still open. */
export async function lastUsedHoldingId(db: Db, viewer: HoldingViewer): Promise<number | null> {
  const [row] = await sqlRows<{ holding_id: number }>(
    db,
    sql`SELECT s.holding_id FROM sessions s JOIN holdings h ON h.id = s.holding_id
         WHERE s.user_id = ${viewer.userId} AND ${mayOpen(viewer)}
         ORDER BY s.start_date DESC LIMIT 1`,
  );
  return row?.holding_id ?? null;
}

/** The earliest crop year of any holding the viewer may open, or null when they have none. */
export async function earliestCropYear(db: Db, viewer: HoldingViewer): Promise<number | null> {
  const [row] = await sqlRows<{ year: number | null }>(
    db,
    sql`SELECT min(y.year_id) AS year FROM holding_crop_years y JOIN holdings h ON h.id = y.holding_id
         WHERE ${mayOpen(viewer)}`,
  );
  return row?.year ?? null;
}

export interface HoldingUserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  holding_role: number | null;
}

/** The holding's members and its agronomist (who may not be a member), by name. */
export async function holdingUsers(db: Db, holdingId: number): Promise<HoldingUserRow[]> {
  return sqlRows<HoldingUserRow>(
    db,
    sql`SELECT u.id, u.email, u.first_name, u.last_name, u.role, m.holding_role
          FROM users u LEFT JOIN holding_users m ON m.user_id = u.id AND m.holding_id = ${holdingId}
         WHERE m.holding_id IS NOT NULL OR u.id = (SELECT agronomist_id FROM holdings WHERE id = ${holdingId})
         ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
  );
}

/** Users by id with their membership of one holding, for the authors of events. */
export async function usersOnHolding(
  db: Db,
  holdingId: number,
  userIds: number[],
): Promise<HoldingUserRow[]> {
  if (userIds.length === 0) return [];
  return sqlRows<HoldingUserRow>(
    db,
    sql`SELECT u.id, u.email, u.first_name, u.last_name, u.role, m.holding_role
          FROM users u LEFT JOIN holding_users m ON m.user_id = u.id AND m.holding_id = ${holdingId}
         WHERE u.id IN (${sql.join(
           userIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         ORDER BY u.id`,
  );
}

export interface ActiveSessionRow {
  id: string;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  read_only: boolean;
  start_date: Date | string;
  inactive_since: Date | string | null;
  session_type: number;
  client_state: unknown;
}

/** Sessions on the holding not ended and heard from recently; field-scouting sessions are left out. */
export async function activeSessions(db: Db, holdingId: number): Promise<ActiveSessionRow[]> {
  return sqlRows<ActiveSessionRow>(
    db,
    sql`SELECT s.id, s.user_id, u.email, u.first_name, u.last_name, u.role, s.read_only, s.start_date,
               s.inactive_since, s.session_type, s.client_state
          FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.holding_id = ${holdingId} AND s.ended_at IS NULL AND s.last_seen > now() - ${activeSessionWindow}
           AND s.session_type NOT IN (${SessionType.FieldScout}, ${SessionType.FieldScoutSync})`,
  );
}

export interface EventRow {
  id: number | string;
  user_id: number | null;
  date: Date | string;
  session_id: string | null;
  action: string;
  data: Record<string, unknown>;
  source: number;
  object_type: string;
}

/** Most events a heartbeat or holding selection returns; the newest are kept. */
export const maxEventsReturned = 500;

/** An event is visible as its cropping is now, or, once the cropping is deleted, as it was when written. */
export function eventVisibleSql(access: CroppingAccess, croppingId: SQL): SQL {
  // The holding's activity is not shared with partners: what they see is the shared croppings themselves.
  if (access.partnerId) return sql`FALSE`;
  if (!access.restricted) return sql`TRUE`;
  return sql`(${croppingVisibleSql(access, croppingId)}
              AND NOT (${access.userId}::int = ANY(e.hidden_from)
                       AND NOT EXISTS (SELECT 1 FROM croppings c WHERE c.id = ${croppingId})))`;
}

/**
 * Events on the holding since an instant, newest first; with `access`, only those the caller may see (events
 * naming a cropping hidden from a restricted member are left out).
 */
export async function holdingEventsSince(
  db: Db,
  holdingId: number,
  since: Date,
  access?: CroppingAccess,
): Promise<EventRow[]> {
  const croppingId = sql`CASE WHEN jsonb_typeof(e.data->'CroppingId') = 'number'
                              THEN (e.data->>'CroppingId')::numeric::int END`;
  return sqlRows<EventRow>(
    db,
    sql`SELECT e.id, e.user_id, e.date, e.session_id, e.action, e.data, e.source, e.object_type
          FROM events e
         WHERE e.holding_id = ${holdingId} AND e.date >= ${since.toISOString()}::timestamptz
           AND ${access ? eventVisibleSql(access, croppingId) : sql`TRUE`}
         ORDER BY e.date DESC, e.id DESC
         LIMIT ${maxEventsReturned}`,
  );
}

export interface SettingRow {
  holding_id: number | null;
  user_id: number | null;
  key: string;
  value: string | null;
  version: number;
}

/** The user's settings for the holding, the user's global ones, and the holding-wide ones. */
export async function sessionSettings(db: Db, userId: number, holdingId: number): Promise<SettingRow[]> {
  return sqlRows<SettingRow>(
    db,
    sql`SELECT holding_id, user_id, key, value, version FROM settings
         WHERE (user_id = ${userId} AND (holding_id = ${holdingId} OR holding_id IS NULL))
            OR (user_id IS NULL AND holding_id = ${holdingId})
         ORDER BY key, holding_id NULLS FIRST, user_id NULLS FIRST`,
  );
}

/** The croppings a restricted member may see: those without an entry denying them are authorised. */
export async function authorisedCroppingIds(
  db: Db,
  holdingId: number,
  userId: number,
  partnerId: number | null = null,
): Promise<number[]> {
  const rows = await sqlRows<{ cropping_id: number }>(
    db,
    sql`SELECT c.id AS cropping_id FROM croppings c
         WHERE c.holding_id = ${holdingId}
           AND ${croppingVisibleSql({ holdingId, userId, restricted: true, partnerId }, sql`c.id`)}
         ORDER BY c.id`,
  );
  return rows.map((row) => row.cropping_id);
}
