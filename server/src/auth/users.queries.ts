import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sqlRows } from '../db/sqlRows.ts';

// The accounts behind sign-in, the own-account routes and password reset: read by the core and any module.

export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  business_id: number | null;
  password_hash: string | null;
  permissions: Record<string, unknown> | null;
  properties: Record<string, unknown>;
  tcs_accepted_version: number | null;
  auto_signup_in_progress: boolean;
  password_reset_requested: boolean;
  language: string | null;
}

const userColumns = sql`u.id, u.email, u.first_name, u.last_name, u.role, u.business_id, u.password_hash, u.permissions,
  u.properties, u.tcs_accepted_version, u.auto_signup_in_progress, u.password_reset_requested,
  u.language`;

/** The account signing in with this e-mail address, compared case-insensitively. */
export async function userByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await sqlRows<UserRow>(
    db,
    sql`SELECT ${userColumns} FROM users u WHERE lower(u.email) = lower(${email.trim()})`,
  );
  return row ?? null;
}

export async function userById(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await sqlRows<UserRow>(db, sql`SELECT ${userColumns} FROM users u WHERE u.id = ${userId}`);
  return row ?? null;
}

export async function latestTerms(db: Db): Promise<{ version: number; text: string } | null> {
  const [row] = await sqlRows<{ version: number; text: string }>(
    db,
    sql`SELECT version, text FROM terms_and_conditions ORDER BY version DESC LIMIT 1`,
  );
  return row ?? null;
}

export async function isSignupPending(db: Db, userId: number): Promise<boolean> {
  const [row] = await sqlRows<{ signup_pending: boolean }>(
    db,
    sql`SELECT signup_pending FROM users WHERE id = ${userId}`,
  );
  return row?.signup_pending ?? false;
}
