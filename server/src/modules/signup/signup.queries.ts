import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** Whether an e-mail address (any case) belongs to an account that is set up (not waiting for its sign-up). */
export async function hasSetUpAccount(db: Db, email: string): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE lower(email) = lower(${email.trim()}) AND NOT signup_pending`,
  );
  return rows.length > 0;
}

/** Stores a sign-up link's key hash; a link sent again for the same invitation replaces the unused ones. */
export async function insertSignupRequest(
  db: Db,
  input: { keyHash: string; email: string; invitationId: string | null; expiresAt: Date },
): Promise<void> {
  if (input.invitationId !== null) {
    await db.execute(
      sql`DELETE FROM signup_requests WHERE invitation_id = ${input.invitationId} AND used_at IS NULL`,
    );
  }
  await db.execute(sql`INSERT INTO signup_requests (key_hash, email, invitation_id, expires_at)
    VALUES (${input.keyHash}, ${input.email.trim()}, ${input.invitationId}, ${input.expiresAt.toISOString()})`);
}

/** The usable sign-up request of a key for an address: unused, unexpired, for that address (any case). */
export async function usableSignupRequest(
  db: Db,
  keyHash: string,
  email: string,
): Promise<{ id: string; email: string } | null> {
  const [row] = await sqlRows<{ id: string; email: string }>(
    db,
    sql`SELECT id, email FROM signup_requests
        WHERE key_hash = ${keyHash} AND lower(email) = lower(${email.trim()})
          AND used_at IS NULL AND expires_at > now()
        FOR UPDATE`,
  );
  return row ?? null;
}

/** Marks every sign-up link of an address used: the account is set up, or its sign-up cancelled. */
export async function closeSignupRequests(db: Db, email: string): Promise<void> {
  await db.execute(
    sql`UPDATE signup_requests SET used_at = now() WHERE lower(email) = lower(${email.trim()}) AND used_at IS NULL`,
  );
}

export interface PendingUserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  signup_pending: boolean;
  /** An Access-role account opened for someone, set up by the automatic set-up instead of the wizard. */
  auto_signup_in_progress: boolean;
}

/** The account of an address, pending or set up, locked for the sign-up's transaction. */
export async function userForSignup(db: Db, email: string): Promise<PendingUserRow | null> {
  const [row] = await sqlRows<PendingUserRow>(
    db,
    sql`SELECT id, email, first_name, last_name, signup_pending, auto_signup_in_progress FROM users
        WHERE lower(email) = lower(${email.trim()}) FOR UPDATE`,
  );
  return row ?? null;
}

export async function pendingUserById(db: Db, userId: number): Promise<PendingUserRow | null> {
  const [row] = await sqlRows<PendingUserRow>(
    db,
    sql`SELECT id, email, first_name, last_name, signup_pending, auto_signup_in_progress FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  return row ?? null;
}

/** A new account waiting for its sign-up: no password, role Client. */
export async function insertPendingUser(db: Db, email: string, role: number): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`INSERT INTO users (email, role, signup_pending) VALUES (${email.trim()}, ${role}, true) RETURNING id`,
  );
  return row!.id;
}

export interface SignupInviteRow {
  id: string;
  holding_name: string;
  access_level: number;
  issuer_first_name: string | null;
  issuer_last_name: string | null;
}

/** The pending, unexpired invitations of an address, newest first. */
export async function pendingInvitesOf(db: Db, email: string): Promise<SignupInviteRow[]> {
  return sqlRows<SignupInviteRow>(
    db,
    sql`SELECT i.id::text AS id, h.trading_name AS holding_name, i.access_level,
               u.first_name AS issuer_first_name, u.last_name AS issuer_last_name
        FROM holding_invitations i
        JOIN holdings h ON h.id = i.holding_id
        LEFT JOIN users u ON u.id = i.issued_by
        WHERE lower(i.email) = lower(${email.trim()}) AND i.accepted_on IS NULL
          AND (i.expires_at IS NULL OR i.expires_at > now())
        ORDER BY i.issued_on DESC
        LIMIT 50`,
  );
}

export interface SignupTownRow {
  id: number;
  name: string;
  region_id: number;
  region_name: string;
  post_codes: string[];
  weather_station_id: number | null;
}

/** The towns of the given regions that are not deleted, by name. */
export async function townsOfRegions(db: Db, regionIds: readonly number[]): Promise<SignupTownRow[]> {
  if (regionIds.length === 0) return [];
  return sqlRows<SignupTownRow>(
    db,
    sql`SELECT t.id, t.name, t.region_id, r.name AS region_name, t.post_codes, t.weather_station_id
        FROM towns t JOIN regions r ON r.id = t.region_id
        WHERE NOT t.deleted AND t.region_id IN (${sql.join(
          regionIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY t.name, t.id`,
  );
}

export async function regionsByIds(
  db: Db,
  regionIds: readonly number[],
): Promise<{ id: number; name: string }[]> {
  if (regionIds.length === 0) return [];
  return sqlRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM regions WHERE id IN (${sql.join(
      regionIds.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id`,
  );
}

/**
 * How many sign-up links were made for a mailbox since a moment: the address in any case, and with any
 * '+tag' after its local part, which most mail services deliver to the same mailbox.
 */
export async function signupRequestsSince(db: Db, email: string, since: Date): Promise<number> {
  const mailbox = (address: SQL) => sql`regexp_replace(lower(${address}), '[+][^@]*@', '@')`;
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM signup_requests
        WHERE ${mailbox(sql`email`)} = ${mailbox(sql`${email.trim()}`)} AND created_at > ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}
