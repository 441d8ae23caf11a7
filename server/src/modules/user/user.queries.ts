import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accessTokens, businesses, emailChanges, users } from '../../db/schema.ts';

/** Records the terms version a user accepted; the user's open tokens stop being restricted. */
export async function recordTermsAccepted(tx: Db, userId: number, version: number): Promise<void> {
  await tx.update(users).set({ tcsAcceptedVersion: version }).where(eq(users.id, userId));
  await tx
    .update(accessTokens)
    .set({ restricted: false })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
}

/** The user's password hash; null when the account has no password. */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/** Stores a new password hash; a reset asked for earlier is then no longer pending. */
export async function setPasswordHash(tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, passwordResetRequested: false }).where(eq(users.id, userId));
}

export async function markPasswordResetRequested(tx: Db, userId: number): Promise<void> {
  await tx.update(users).set({ passwordResetRequested: true }).where(eq(users.id, userId));
}

export async function businessExists(db: Db, businessId: number): Promise<boolean> {
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return business !== undefined;
}

/** What an account edit may change of a user. */
export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'email' | 'properties' | 'language' | 'role' | 'businessId'
  >
>;

export async function updateUserRow(tx: Db, userId: number, changes: UserChanges): Promise<void> {
  await tx.update(users).set(changes).where(eq(users.id, userId));
}

/** Writes a user's link to confirm a new address; unused links written before stop working. */
export async function replaceEmailChange(
  tx: Db,
  change: { userId: number; tokenHash: string; newEmail: string; expiresAt: Date },
): Promise<void> {
  await tx
    .delete(emailChanges)
    .where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt)));
  await tx.insert(emailChanges).values(change);
}

/** Uses the unexpired, unused address change of a link (once): answers its user and new address. */
export async function useEmailChange(
  tx: Db,
  tokenHash: string,
): Promise<{ userId: number; newEmail: string } | undefined> {
  const [change] = await tx
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.usedAt),
        sql`${emailChanges.expiresAt} > now()`,
      ),
    )
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  return change;
}

export async function setEmail(tx: Db, userId: number, email: string): Promise<void> {
  await tx.update(users).set({ email }).where(eq(users.id, userId));
}
