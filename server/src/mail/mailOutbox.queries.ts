import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { MailStatus } from '../db/schema.ts';
import { sqlRows } from '../db/sqlRows.ts';

/** A message taken for one delivery attempt; `attempts` already counts this one. */
export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

// A claimed message is not due again for this long: another sender (or this one after a crash) takes it up only
// if the attempt never recorded its outcome.
const claimLease = sql`interval '5 minutes'`;

/**
 * Takes up to `limit` due queued messages for an attempt, oldest first. SKIP LOCKED lets several server
 * processes share one outbox without sending a message twice.
 */
export async function claimDueMail(db: Db, limit: number): Promise<ClaimedMail[]> {
  return sqlRows<ClaimedMail>(
    db,
    sql`
    UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + ${claimLease}
     WHERE id IN (SELECT id FROM mail_outbox
                   WHERE status = 'queued' AND next_attempt_at <= now()
                   ORDER BY created_at, id LIMIT ${limit}
                   FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, html, attempts`,
  );
}

export async function markMailSent(db: Db, id: string): Promise<void> {
  await db.execute(sql`
    UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ${id}`);
}

export async function markMailRetry(db: Db, id: string, error: string, delayMs: number): Promise<void> {
  await db.execute(sql`
    UPDATE mail_outbox
       SET last_error = ${error.slice(0, 2000)},
           next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
     WHERE id = ${id}`);
}

export async function markMailFailed(db: Db, id: string, error: string): Promise<void> {
  await db.execute(sql`
    UPDATE mail_outbox SET status = 'failed', last_error = ${error.slice(0, 2000)} WHERE id = ${id}`);
}

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: MailStatus;
  attempts: number;
  created_at: Date | string;
  sent_at: Date | string | null;
}

/** The latest messages, newest first, for the local outbox page. */
export async function latestMail(db: Db, limit: number): Promise<OutboxRow[]> {
  return sqlRows<OutboxRow>(
    db,
    sql`SELECT id, "to", subject, text, status, attempts, created_at, sent_at
          FROM mail_outbox ORDER BY created_at DESC, id LIMIT ${limit}`,
  );
}
