import type { z } from 'zod';
import type { errorBeaconSchema } from '@headland/domain/api/liveApi';
import type { BrandId } from '@headland/domain/brands';
import type { Db } from '../../db/database.ts';
import { loadAuthContext, type AuthContext } from '../../auth/authContext.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { LiveChannel } from './liveChannel.ts';
import { insertClientError, markSessionLeft, updateSessionState } from './live.queries.ts';

export interface LiveDeps {
  db: Db;
  channel: LiveChannel;
}

/** The caller of a beacon, from the token in its body; null when the token no longer stands. */
export async function beaconCaller(db: Db, token: string, brandId: BrandId): Promise<AuthContext | null> {
  return loadAuthContext(db, hashToken(token), brandId);
}

/** The tab's state changed: store it and tell the holding's other sessions. */
export async function changeSessionState(
  deps: LiveDeps,
  session: { id: string; holdingId: number },
  update: { clientState?: unknown; inactive?: boolean | null },
): Promise<void> {
  await updateSessionState(deps.db, session.id, update);
  await deps.channel.publish({ k: 's', h: session.holdingId });
}

/** A tab closed: its session leaves the holding's active sessions. */
export async function disconnectSession(deps: LiveDeps, auth: AuthContext): Promise<void> {
  if (!auth.session) return;
  await markSessionLeft(deps.db, auth.session.id);
  await deps.channel.publish({ k: 's', h: auth.session.holdingId });
}

/** Most error reports kept per session in one window: a page caught in a loop of errors must not fill a table. */
const errorReportsPerWindow = 20;
const errorWindowMs = 10 * 60_000;

/** Counts error reports per session, so that a loop of errors is cut short. One per app instance. */
export class ErrorReportLimit {
  private readonly counts = new Map<string, { count: number; since: number }>();

  allow(key: string, now = Date.now()): boolean {
    const entry = this.counts.get(key);
    if (!entry || now - entry.since > errorWindowMs) {
      if (this.counts.size > 10_000) this.counts.clear();
      this.counts.set(key, { count: 1, since: now });
      return true;
    }
    entry.count += 1;
    return entry.count <= errorReportsPerWindow;
  }
}

/** Keeps an uncaught browser error for support. */
export async function recordClientError(
  db: Db,
  auth: AuthContext,
  data: z.infer<typeof errorBeaconSchema>['data'],
): Promise<void> {
  const { message, ...detail } = data;
  await insertClientError(db, {
    userId: auth.user.id,
    sessionId: auth.session?.id ?? null,
    message,
    detail,
  });
}
