import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accessTokens, passwordResets, sessions } from '../../db/schema.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** How many reset links were written for a user since `since`. */
export async function resetLinksSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row?.count ?? 0;
}

export async function insertResetLink(
  db: Db,
  values: { tokenHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** A reset link by its token's hash, with its account's address and whether it is still usable. */
export interface ResetLinkRow {
  id: string;
  user_id: number;
  email: string;
  used: boolean;
  expired: boolean;
}

export async function resetLinkByHash(db: Db, tokenHash: string): Promise<ResetLinkRow | null> {
  const [row] = await sqlRows<ResetLinkRow>(
    db,
    sql`SELECT r.id, r.user_id, u.email, r.used_at IS NOT NULL AS used, r.expires_at <= now() AS expired
        FROM password_resets r JOIN users u ON u.id = r.user_id
        WHERE r.token_hash = ${tokenHash}`,
  );
  return row ?? null;
}

/** Marks the link used, only while it is unused and unexpired; false when another request was first. */
export async function useResetLink(tx: Db, id: string): Promise<boolean> {
  const used = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), sql`${passwordResets.expiresAt} > now()`),
    )
    .returning({ id: passwordResets.id });
  return used.length === 1;
}

/** Ends the user's reset links not yet used: a password just set makes them pointless. */
export async function dropUnusedResetLinks(tx: Db, userId: number): Promise<void> {
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Revokes every token of the user (but `keepTokenId`) and ends the holding sessions they opened (but
 * `keepSessionId`), so that every device but the one named must sign in again.
 */
export async function endLoginsOf(
  tx: Db,
  userId: number,
  keep: { tokenId?: string; sessionId?: string | null } = {},
): Promise<void> {
  const revoked = await tx
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(accessTokens.userId, userId),
        keep.tokenId ? ne(accessTokens.id, keep.tokenId) : undefined,
        isNull(accessTokens.revokedAt),
      ),
    )
    .returning({ sessionId: accessTokens.sessionId });
  for (const { sessionId } of revoked) {
    if (sessionId && sessionId !== keep.sessionId) {
      await tx
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
    }
  }
}
