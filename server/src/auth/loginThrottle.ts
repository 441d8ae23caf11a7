import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sqlRows } from '../db/sqlRows.ts';

export interface LoginThrottleOptions {
  /**
   * Failed sign-ins allowed for one account from one client address within the window. Counting the pair, not
   * the account alone, means that someone guessing from elsewhere never locks the owner out.
   */
  maxFailuresPerAccount: number;
  /** Failed sign-ins allowed from one client address, whatever the accounts; higher, for shared offices. */
  maxFailuresPerAddress: number;
  windowMs: number;
  /**
   * Failed sign-ins on one account, from any addresses, before its attempts are slowed. From then on an address
   * that has failed on the account waits a delay after the account's latest failure, doubling with each failure
   * (2 s, 4 s, 8 s, ...) up to `maxAccountDelaySeconds`.
   */
  accountFailuresBeforeDelay: number;
  maxAccountDelaySeconds: number;
  /** How long failures on an account are counted across addresses. */
  accountWindowMs: number;
}

export const defaultLoginThrottleOptions: LoginThrottleOptions = {
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
  windowMs: 15 * 60 * 1000,
  accountFailuresBeforeDelay: 10,
  maxAccountDelaySeconds: 15 * 60,
  accountWindowMs: 60 * 60 * 1000,
};

/** The wait an account's failures impose, growing with their count: 0 below the threshold, then 2, 4, 8 s ... */
export function accountDelaySeconds(
  failures: number,
  options: Pick<LoginThrottleOptions, 'accountFailuresBeforeDelay' | 'maxAccountDelaySeconds'>,
): number {
  if (failures < options.accountFailuresBeforeDelay) return 0;
  const exponent = Math.min(30, failures - options.accountFailuresBeforeDelay + 1);
  return Math.min(options.maxAccountDelaySeconds, 2 ** exponent);
}

export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Counts failed sign-ins per account and client address together, and per client address, over a sliding
 * window; and per account across addresses, answered with growing delays rather than a lock-out. The failures
 * are rows of `login_failures` with the database's clock, so every server sharing the database counts the same
 * and a restart forgets nothing.
 *
 * The account-wide delay applies only to addresses that have themselves failed on the account within the
 * account window: a stranger guessing from many addresses is slowed after the first guess from each, while the
 * owner, typing the right password from an address that has not failed, is never held back by the stranger.
 */
export function createLoginThrottle(db: Db, options: Partial<LoginThrottleOptions> = {}) {
  const settings = { ...defaultLoginThrottleOptions, ...options };
  const { maxFailuresPerAccount, maxFailuresPerAddress, windowMs, accountWindowMs } = settings;
  const windowSeconds = Math.max(1, Math.round(windowMs / 1000));
  const window = sql`(${windowSeconds}::int * interval '1 second')`;
  const accountWindowSeconds = Math.max(1, Math.round(accountWindowMs / 1000));
  const accountWindow = sql`(${accountWindowSeconds}::int * interval '1 second')`;
  const keptSeconds = Math.max(windowSeconds, accountWindowSeconds);

  // Seconds until the `limit`-th latest failure leaves the window, or 0 when fewer than `limit` are in it.
  const waitSql = (where: ReturnType<typeof sql>, limit: number) => sql`
    (SELECT CASE WHEN count(*) >= ${limit}::int
                 THEN greatest(1, ceil(extract(epoch FROM min(recent.failed_at) + ${window} - now())))
                 ELSE 0 END
       FROM (SELECT failed_at FROM login_failures
              WHERE ${where} AND failed_at > now() - ${window}
              ORDER BY failed_at DESC LIMIT ${limit}::int) recent)`;

  return {
    async check(email: string, address: string): Promise<ThrottleVerdict> {
      const account = accountKey(email);
      const [row] = await sqlRows<{
        pair_wait: string | number;
        address_wait: string | number;
        account_failures: string | number;
        from_here: string | number;
        since_latest: string | number | null;
      }>(
        db,
        sql`SELECT ${waitSql(sql`email = ${account} AND address = ${address}`, maxFailuresPerAccount)} AS pair_wait,
                   ${waitSql(sql`address = ${address}`, maxFailuresPerAddress)} AS address_wait,
                   account.failures AS account_failures, account.from_here, account.since_latest
              FROM (SELECT count(*) AS failures,
                           count(*) FILTER (WHERE address = ${address}) AS from_here,
                           extract(epoch FROM now() - max(failed_at)) AS since_latest
                      FROM login_failures
                     WHERE email = ${account} AND failed_at > now() - ${accountWindow}) account`,
      );
      const delay =
        Number(row?.from_here ?? 0) > 0 ? accountDelaySeconds(Number(row?.account_failures ?? 0), settings) : 0;
      const accountWait = delay > 0 ? Math.ceil(delay - Number(row?.since_latest ?? 0)) : 0;
      const wait = Math.max(Number(row?.pair_wait ?? 0), Number(row?.address_wait ?? 0), accountWait);
      return wait > 0 ? { blocked: true, retryAfterSeconds: wait } : { blocked: false };
    },
    async recordFailure(email: string, address: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Old rows go as new ones come, so the table holds one window's failures at most.
        await tx.execute(
          sql`DELETE FROM login_failures WHERE failed_at < now() - (${keptSeconds}::int * interval '1 second')`,
        );
        await tx.execute(
          sql`INSERT INTO login_failures (email, address) VALUES (${accountKey(email)}, ${address})`,
        );
      });
    },
    /** A correct password clears the account's failures from that address; the address keeps its count. */
    async recordSuccess(email: string, address: string): Promise<void> {
      await db.execute(
        sql`DELETE FROM login_failures WHERE email = ${accountKey(email)} AND address = ${address}`,
      );
    },
  };
}

/** "Please wait 12 minutes", in whole minutes, or seconds under a minute. */
export function waitDescription(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
