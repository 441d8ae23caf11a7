import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { accessTokens, holdingCropYears, sessions } from '../../db/schema.ts';

// The writes of the session feature: opening, resuming, moving and ending holding sessions, and opening a new
// crop year from one.

type ClientState = (typeof sessions.$inferInsert)['clientState'];

/**
 * Revokes every token of a login (the account token and the holding tokens opened from it) and ends their
 * holding sessions.
 */
export async function endLogin(tx: Db, loginId: string): Promise<void> {
  const revoked = await tx
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        sql`coalesce(${accessTokens.loginId}, ${accessTokens.id}) = ${loginId}`,
        isNull(accessTokens.revokedAt),
      ),
    )
    .returning({ sessionId: accessTokens.sessionId });
  const sessionIds = [...new Set(revoked.map((token) => token.sessionId).filter((id) => id !== null))];
  if (sessionIds.length) {
    await tx
      .update(sessions)
      .set({ endedAt: sql`now()` })
      .where(and(inArray(sessions.id, sessionIds), isNull(sessions.endedAt)));
  }
}

/** Ends a holding session unless it has ended already. */
export async function endSession(tx: Db, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Opens a holding session; answers its id. */
export async function insertSession(
  tx: Db,
  values: {
    userId: number;
    holdingId: number;
    yearId: number;
    sessionType: number;
    clientState: ClientState;
  },
): Promise<string> {
  const [created] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return created!.id;
}

/**
 * Takes up the caller's own session on a holding again (the `reuseSession` case of a holding selection).
 * The API benchmark's bare server runs this very statement.
 */
export async function resumeSession(
  tx: Db,
  sessionId: string,
  yearId: number,
  clientState: ClientState | null,
): Promise<void> {
  await tx
    .update(sessions)
    .set({
      yearId,
      lastSeen: sql`now()`,
      inactiveSince: null,
      ...(clientState ? { clientState } : {}),
    })
    .where(eq(sessions.id, sessionId));
}

export async function cropYearExists(db: Db, holdingId: number, yearId: number): Promise<boolean> {
  const [existing] = await db
    .select({ yearId: holdingCropYears.yearId })
    .from(holdingCropYears)
    .where(and(eq(holdingCropYears.holdingId, holdingId), eq(holdingCropYears.yearId, yearId)));
  return existing !== undefined;
}

/** Moves a session to a crop year and marks it alive. */
export async function setSessionYear(db: Db, sessionId: string, yearId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ yearId, lastSeen: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/**
 * Registers a crop year of a holding with the PK model and total area of its latest year; answers false when
 * the holding has it already (someone opened it a moment ago).
 */
export async function openCropYear(tx: Db, holdingId: number, yearId: number): Promise<boolean> {
  const [latest] = await tx
    .select({ totalArea: holdingCropYears.totalArea, pkModel: holdingCropYears.pkModel })
    .from(holdingCropYears)
    .where(eq(holdingCropYears.holdingId, holdingId))
    .orderBy(desc(holdingCropYears.yearId))
    .limit(1);
  const inserted = await tx
    .insert(holdingCropYears)
    .values({
      holdingId,
      yearId,
      totalArea: latest?.totalArea ?? null,
      pkModel: latest?.pkModel ?? 'ADAS',
    })
    .onConflictDoNothing()
    .returning({ yearId: holdingCropYears.yearId });
  return inserted.length > 0;
}

/** The heartbeat's mark on an open session: alive, with the client's state and whether its tab is inactive. */
export async function touchSession(
  db: Db,
  sessionId: string,
  update: { clientState?: ClientState; inactive?: boolean | null },
): Promise<void> {
  await db
    .update(sessions)
    .set({
      lastSeen: sql`now()`,
      ...(update.clientState ? { clientState: update.clientState } : {}),
      ...(update.inactive === true ? { inactiveSince: sql`coalesce(${sessions.inactiveSince}, now())` } : {}),
      ...(update.inactive === false ? { inactiveSince: null } : {}),
    })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}
