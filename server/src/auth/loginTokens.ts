import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { loginTokens, type LoginTokenPurpose } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

/** Purposes whose tokens the token grant of /oauth/token exchanges for an access token. */
export const signInPurposes: readonly LoginTokenPurpose[] = ['login', 'signup', 'invite'];

/**
 * Issues a single-use temporary login token for a link sent by e-mail (sign-in link, sign-up confirmation,
 * invitation, password reset). Only its hash is stored; the returned token goes into the link.
 */
export async function issueLoginToken(
  db: Db,
  userId: number,
  purpose: LoginTokenPurpose,
  ttlMs: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(loginTokens).values({ tokenHash: hashToken(token), userId, purpose, expiresAt });
  return { token, expiresAt };
}

/**
 * Uses up a temporary login token of one of `purposes`: marks it used and returns its user, or null when it
 * is unknown, expired, already used or of another purpose. A single UPDATE makes the use atomic, so two
 * concurrent requests with the same token cannot both succeed.
 */
export async function consumeLoginToken(
  db: Db,
  token: string,
  purposes: readonly LoginTokenPurpose[],
): Promise<{ userId: number; purpose: LoginTokenPurpose } | null> {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(loginTokens.tokenHash, hashToken(token)),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, sql`now()`),
        inArray(loginTokens.purpose, [...purposes]),
      ),
    )
    .returning({ userId: loginTokens.userId, purpose: loginTokens.purpose });
  return row ?? null;
}
