import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { CroppingAccess } from '../../auth/croppingAccess.ts';
import {
  activeSessionWindow,
  eventVisibleSql,
  type EventRow,
  type HoldingUserRow,
} from '../session/session.service.ts';
import { isoTimestamp, sqlRows } from '../../db/sqlRows.ts';

/**
 * One event by id, on its holding, with its author as a member of the holding (null when the event has none
 * or the user is gone): one round trip for everything the live message carries.
 */
export async function eventWithAuthor(
  db: Db,
  eventId: number,
): Promise<{ event: EventRow & { holding_id: number }; author: HoldingUserRow | null } | null> {
  const [row] = await sqlRows<
    EventRow & { holding_id: number } & {
      [K in keyof HoldingUserRow as `author_${K}`]: HoldingUserRow[K] | null;
    }
  >(
    db,
    sql`SELECT e.id, e.holding_id, e.user_id, e.date, e.session_id, e.action, e.data, e.source, e.object_type,
               u.id AS author_id, u.email AS author_email, u.first_name AS author_first_name,
               u.last_name AS author_last_name, u.role AS author_role, m.holding_role AS author_holding_role
          FROM events e
          LEFT JOIN users u ON u.id = e.user_id
          LEFT JOIN holding_users m ON m.user_id = e.user_id AND m.holding_id = e.holding_id
         WHERE e.id = ${eventId}`,
  );
  if (!row) return null;
  const {
    author_id,
    author_email,
    author_first_name,
    author_last_name,
    author_role,
    author_holding_role,
    ...event
  } = row;
  const author =
    author_id === null
      ? null
      : ({
          id: author_id,
          email: author_email,
          first_name: author_first_name,
          last_name: author_last_name,
          role: author_role,
          holding_role: author_holding_role,
        } as HoldingUserRow);
  return { event, author };
}

/** Whether a restricted member may see the event: the same rule as the heartbeat's event list. */
export async function eventVisibleTo(db: Db, eventId: number, access: CroppingAccess): Promise<boolean> {
  const croppingId = sql`CASE WHEN jsonb_typeof(e.data->'CroppingId') = 'number'
                              THEN (e.data->>'CroppingId')::numeric::int END`;
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT e.id FROM events e WHERE e.id = ${eventId} AND ${eventVisibleSql(access, croppingId)}`,
  );
  return rows.length > 0;
}

/** Stores what the tab is doing (the heartbeat's `update`), and that it is alive. */
export async function updateSessionState(
  db: Db,
  sessionId: string,
  update: { clientState?: unknown; inactive?: boolean | null },
): Promise<void> {
  const clientState = update.clientState === undefined ? null : JSON.stringify(update.clientState);
  await db.execute(
    sql`UPDATE sessions
           SET last_seen = now(),
               client_state = coalesce(${clientState}::jsonb, client_state),
               inactive_since = CASE WHEN ${update.inactive ?? null}::boolean IS NULL THEN inactive_since
                                     WHEN ${update.inactive ?? null}::boolean THEN coalesce(inactive_since, now())
                                     ELSE NULL END
         WHERE id = ${sessionId} AND ended_at IS NULL`,
  );
}

/**
 * A closed tab: its session leaves the active list at once. The session itself is not ended, because a reload
 * of the same tab takes it up again (its token is kept), and that marks it seen once more. Its last sign of
 * life is moved back past the active window instead.
 */
export async function markSessionLeft(db: Db, sessionId: string): Promise<void> {
  await db.execute(
    sql`UPDATE sessions SET last_seen = now() - ${activeSessionWindow} - interval '1 second',
                            inactive_since = coalesce(inactive_since, now())
         WHERE id = ${sessionId} AND ended_at IS NULL`,
  );
}

export async function insertClientError(
  db: Db,
  row: { userId: number; sessionId: string | null; message: string; detail: Record<string, unknown> },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO client_errors (user_id, session_id, message, detail)
        VALUES (${row.userId}, ${row.sessionId}, ${row.message}, ${JSON.stringify(row.detail)}::jsonb)`,
  );
}

interface NoticeRow {
  id: number;
  start_date: Date | string;
  end_date: Date | string;
  message: string;
}

const presentNotice = (row: NoticeRow) => ({
  id: row.id,
  startDate: isoTimestamp(row.start_date),
  endDate: isoTimestamp(row.end_date),
  message: row.message,
});

/** Maintenance windows not over yet, earliest first. */
export async function openNotices(db: Db) {
  const rows = await sqlRows<NoticeRow>(
    db,
    sql`SELECT id, start_date, end_date, message FROM maintenance_notices
         WHERE end_date > now() ORDER BY start_date, id LIMIT 50`,
  );
  return rows.map(presentNotice);
}

export async function insertNotice(
  db: Db,
  notice: { startDate: string; endDate: string; message: string; createdBy: number | null },
) {
  const [row] = await sqlRows<NoticeRow>(
    db,
    sql`INSERT INTO maintenance_notices (start_date, end_date, message, created_by)
        VALUES (${notice.startDate}::timestamptz, ${notice.endDate}::timestamptz, ${notice.message}, ${notice.createdBy})
        RETURNING id, start_date, end_date, message`,
  );
  return presentNotice(row!);
}

/** Deletes one window, or every one when `id` is null; answers how many went. */
export async function deleteNotices(db: Db, id: number | null): Promise<number> {
  const rows = await sqlRows<{ id: number }>(
    db,
    id === null
      ? sql`DELETE FROM maintenance_notices RETURNING id`
      : sql`DELETE FROM maintenance_notices WHERE id = ${id} RETURNING id`,
  );
  return rows.length;
}

/** Tells every server through the live channel (see liveChannel.ts). */
export async function notifyLive(db: Db, message: Record<string, unknown>): Promise<void> {
  await db.execute(sql`SELECT pg_notify('headland_live', ${JSON.stringify(message)})`);
}
