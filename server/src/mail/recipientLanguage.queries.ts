import { sql } from 'drizzle-orm';
import { defaultLanguage, supportedLanguage, type LanguageCode } from '@headland/domain/languages';
import type { Db } from '../db/database.ts';
import { sqlRows } from '../db/sqlRows.ts';

/**
 * The language to write to an address in: the saved language of the account signing in with it; when that
 * account has none or there is no account, the saved language of `senderUserId` (e.g. who sent an invitation);
 * else the product's default.
 */
export async function recipientLanguage(
  db: Db,
  email: string,
  senderUserId: number | null = null,
): Promise<LanguageCode> {
  const rows = await sqlRows<{ language: string | null; recipient: boolean }>(
    db,
    sql`SELECT language, lower(email) = lower(${email.trim()}) AS recipient FROM users
        WHERE lower(email) = lower(${email.trim()}) OR id = ${senderUserId ?? -1}`,
  );
  const of = (recipient: boolean) =>
    supportedLanguage(rows.find((row) => row.recipient === recipient)?.language ?? null);
  return of(true) ?? of(false) ?? defaultLanguage;
}

/** The saved language of an account, else the product's default. */
export async function userLanguage(db: Db, userId: number): Promise<LanguageCode> {
  const [row] = await sqlRows<{ language: string | null }>(
    db,
    sql`SELECT language FROM users WHERE id = ${userId}`,
  );
  return supportedLanguage(row?.language ?? null) ?? defaultLanguage;
}
