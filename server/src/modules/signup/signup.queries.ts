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

/** Marks one sign-up link used: it has been opened, and works only once. */
export async function useSignupRequest(db: Db, id: string): Promise<void> {
  await db.execute(sql`UPDATE signup_requests SET used_at = now() WHERE id = ${id} AND used_at IS NULL`);
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

/** A town open for sign-up: its region and weather station. */
export async function signupTown(
  db: Db,
  townId: number,
): Promise<{ id: number; region_id: number; weather_station_id: number | null } | undefined> {
  const [town] = await sqlRows<{ id: number; region_id: number; weather_station_id: number | null }>(
    db,
    sql`SELECT id, region_id, weather_station_id FROM towns WHERE id = ${townId} AND NOT deleted`,
  );
  return town;
}

/** What finishing a sign-up writes to the account: names, password, terms accepted; no longer pending. */
export interface FinishedAccount {
  firstName: string;
  lastName: string;
  passwordHash: string;
  termsVersion: number | null;
}

/** The wizard's end: the account is set up. */
export async function finishWizardAccount(db: Db, userId: number, account: FinishedAccount): Promise<void> {
  await db.execute(sql`UPDATE users SET first_name = ${account.firstName}, last_name = ${account.lastName},
      password_hash = ${account.passwordHash}, tcs_accepted_version = ${account.termsVersion}, signup_pending = false
    WHERE id = ${userId}`);
}

/** The automatic set-up's end: the Access account is set up and its automatic set-up over. */
export async function finishAutoAccount(db: Db, userId: number, account: FinishedAccount): Promise<void> {
  await db.execute(sql`UPDATE users SET first_name = ${account.firstName}, last_name = ${account.lastName},
      password_hash = ${account.passwordHash}, tcs_accepted_version = ${account.termsVersion},
      signup_pending = false, auto_signup_in_progress = false
    WHERE id = ${userId}`);
}

export async function insertUserContacts(
  db: Db,
  contacts: {
    userId: number;
    phoneNumber: string;
    postCode: string | null;
    address: string | null;
    regionId: number | null;
    townId: number | null;
    agronomist: string;
    contactConsent: boolean;
  },
): Promise<void> {
  await db.execute(sql`INSERT INTO user_contacts
      (user_id, phone_number, post_code, address, region_id, town_id, agronomist, contact_consent)
    VALUES (${contacts.userId}, ${contacts.phoneNumber}, ${contacts.postCode}, ${contacts.address},
      ${contacts.regionId}, ${contacts.townId}, ${contacts.agronomist}, ${contacts.contactConsent})`);
}

/** The holding a sign-up creates, with its first crop year and the new account as its Owner; answers its id. */
export async function insertSignupHolding(
  db: Db,
  holding: {
    tradingName: string | undefined;
    accountNumber: string | null;
    address: string;
    townId: number;
    regionId: number;
    weatherStationId: number | null;
    features: Record<string, boolean>;
  },
  owner: { userId: number; holdingRole: number },
  yearId: number,
): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`INSERT INTO holdings (trading_name, account_number, address, town_id, region_id, weather_station_id, features)
      VALUES (${holding.tradingName}, ${holding.accountNumber}, ${holding.address}, ${holding.townId}, ${holding.regionId},
        ${holding.weatherStationId}, ${JSON.stringify(holding.features)}::jsonb)
      RETURNING id`,
  );
  const holdingId = row!.id;
  await db.execute(
    sql`INSERT INTO holding_crop_years (holding_id, year_id) VALUES (${holdingId}, ${yearId})`,
  );
  await db.execute(sql`INSERT INTO holding_users (holding_id, user_id, holding_role)
    VALUES (${holdingId}, ${owner.userId}, ${owner.holdingRole})`);
  return holdingId;
}

/** Ends every login of the account: its tokens stop working. */
export async function revokeTokensOf(db: Db, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE access_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`,
  );
}

/** Deletes an account still being set up, with its tokens. */
export async function deletePendingAccount(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM access_tokens WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM users WHERE id = ${userId} AND signup_pending`);
}

/** An Access account opened again for its automatic set-up. */
export async function reopenAccessAccount(
  db: Db,
  userId: number,
  account: { role: number; firstName: string; lastName: string },
): Promise<void> {
  await db.execute(sql`UPDATE users SET role = ${account.role}, first_name = ${account.firstName},
      last_name = ${account.lastName}, auto_signup_in_progress = true
    WHERE id = ${userId}`);
}

/** A new Access account waiting for its automatic set-up. */
export async function insertAccessAccount(
  db: Db,
  account: { email: string; role: number; firstName: string; lastName: string },
): Promise<void> {
  await db.execute(sql`INSERT INTO users (email, role, first_name, last_name, signup_pending, auto_signup_in_progress)
    VALUES (${account.email}, ${account.role}, ${account.firstName}, ${account.lastName}, true, true)`);
}
