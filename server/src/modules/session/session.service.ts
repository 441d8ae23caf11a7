import type { z } from 'zod';
import type {
  heartbeatRequestSchema,
  HeartbeatResponse,
  HoldingSummary,
  selectHoldingRequestSchema,
  SelectHoldingResponse,
  sessionStartRequestSchema,
  SessionStartResponse,
} from '@headland/domain/api/sessionApi';
import { brands, type BrandId } from '@headland/domain/brands';
import { EventAction, Module, SessionType } from '@headland/domain/enumerations';
import { harvestYearOf, latestOpenableCropYear } from '@headland/domain/harvestYear';
import { isoDateFromLocalDate } from '@headland/domain/isoDate';
import { eventsSinceMs } from '@headland/domain/limits';
import { mayReadEvent } from '@headland/domain/liveEvents';
import { canAccess, type Permissions } from '@headland/domain/permissions';
import { isMasterOrHigher } from '@headland/domain/roles';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import type { CroppingAccess } from '../../auth/croppingAccess.ts';
import { acceptInvitation } from '../invitations/invitationAccept.service.ts';
import { badRequest, forbidden, notFound, areaForbidden } from '../../http/httpErrors.ts';
import type { AuthCache } from '../../auth/authCache.ts';
import { mustAcceptTermsFirst } from '../../auth/accessHook.ts';
import { loadAuthContext, type AuthContext } from '../../auth/authContext.ts';
import { basemapsOfHolding } from '../basemaps/basemaps.service.ts';
import { mayOpenEveryHolding } from '../../auth/holdingAccess.ts';
import {
  cropYearExists,
  endLogin,
  endSession,
  insertSession,
  openCropYear,
  resumeSession,
  setSessionYear,
  touchSession,
} from './sessionWrites.queries.ts';
import {
  activeSessions,
  authorisedCroppingIds,
  earliestCropYear,
  holdingAccess,
  holdingById,
  holdingEventsSince,
  holdingUsers,
  lastUsedHoldingId,
  listHoldings,
  sessionSettings,
  usersOnHolding,
  type HoldingRow,
  type HoldingViewer,
} from './session.queries.ts';
import { latestTerms, userById } from '../../auth/users.queries.ts';
import {
  holdingRoleName,
  presentActiveSession,
  presentEvent,
  presentHolding,
  presentHoldingUser,
  presentSetting,
} from './session.presenters.ts';
import { presentUser } from '../../auth/users.presenters.ts';
import { orderSessions } from '@headland/domain/sessionOrder';
import { issueAccessToken } from '../../auth/signIn.ts';
import { hashToken } from '../../auth/tokens.ts';

export interface SessionDeps {
  db: Db;
  config: ServerConfig;
  authCache: AuthCache;
  /** Key of the maps service, handed to the client at session start; null when none is configured. */
  bingMapsKey: string | null;
}

/** Crop years offered before any holding has one. */
export const firstOfferedCropYear = 2015;
/** Most holdings listed at session start for users who may open every holding; they search for the rest. */
export const recentHoldingsListed = 20;

const viewerOf = (auth: AuthContext): HoldingViewer => ({
  userId: auth.user.id,
  openAll: auth.partnerId === null && mayOpenEveryHolding(auth.user.role),
  partnerId: auth.partnerId,
});

/** The harvest year running today (it starts on 1 August). */
export function currentHarvestYear(now = new Date()): number {
  return harvestYearOf(isoDateFromLocalDate(now));
}

/**
 * Ends the whole login: the account token, every holding token opened from it, and their holding sessions.
 * Each of those tokens then answers 401.
 */
export async function logout(deps: SessionDeps, auth: AuthContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await endLogin(tx, auth.loginId);
  });
  deps.authCache.forgetWhere((cached) => cached.loginId === auth.loginId);
}

/** What the shell needs after sign-in: the user, the years, the holdings to choose from and the terms. */
export async function startSession(
  deps: SessionDeps,
  auth: AuthContext,
  input: z.infer<typeof sessionStartRequestSchema>,
  brandId: BrandId,
): Promise<SessionStartResponse> {
  const { db } = deps;
  const viewer = viewerOf(auth);
  const terms = brands[brandId].features.termsAndConditions ? await latestTerms(db) : null;
  if (mustAcceptTermsFirst(auth)) return termsOnlyStart(deps, auth, terms);
  // The invitation link the user signed in from: joining its holding first makes it one of the holdings below.
  const invitedHoldingId = input.acceptedInviteId
    ? await acceptInvitation(
        { db, authCache: deps.authCache },
        auth,
        input.acceptedInviteId,
        input.inviteSecret,
      )
    : null;
  const user = await userById(db, auth.user.id);
  if (!user) throw notFound('accountGone');
  const holdings = await listHoldings(
    db,
    viewer,
    viewer.openAll ? { recentFirst: true, limit: recentHoldingsListed } : {},
  );

  let initial: HoldingRow | null = invitedHoldingId === null ? null : await holdingById(db, invitedHoldingId);
  if (
    !initial &&
    input.initialHoldingId &&
    (await holdingAccess(db, viewer, input.initialHoldingId)).allowed
  ) {
    initial = await holdingById(db, input.initialHoldingId);
  }
  if (!initial) {
    const lastUsed = await lastUsedHoldingId(db, viewer);
    if (lastUsed !== null) initial = await holdingById(db, lastUsed);
  }
  if (!initial && !viewer.openAll && holdings.length === 1) initial = holdings[0]!;
  if (initial && !holdings.some((holding) => holding.id === initial.id)) holdings.push(initial);

  const lastYear = currentHarvestYear() + 1;
  const firstYear = Math.min((await earliestCropYear(db, viewer)) ?? firstOfferedCropYear, lastYear);
  return {
    User: presentUser(user),
    CroppingYears: Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index),
    BingMaps: { Key: deps.bingMapsKey },
    Holdings: holdings.map(presentHolding),
    FixedHoldingList: auth.fixedHoldingList,
    InitialHolding: initial ? presentHolding(initial) : null,
    MustAcceptTermsAndConditions: terms !== null && (user.tcs_accepted_version ?? 0) < terms.version,
    TermsAndConditions: terms ? { Version: terms.version, Text: terms.text } : null,
  };
}

/**
 * The session start of a login that has yet to accept the terms: the user and the terms, and nothing of any
 * holding. Any invitation is accepted by the start that follows the acceptance.
 */
async function termsOnlyStart(
  deps: SessionDeps,
  auth: AuthContext,
  terms: Awaited<ReturnType<typeof latestTerms>>,
): Promise<SessionStartResponse> {
  const user = await userById(deps.db, auth.user.id);
  if (!user) throw notFound('accountGone');
  return {
    User: presentUser(user),
    CroppingYears: [],
    BingMaps: { Key: null },
    Holdings: [],
    FixedHoldingList: auth.fixedHoldingList,
    InitialHolding: null,
    MustAcceptTermsAndConditions: true,
    TermsAndConditions: terms ? { Version: terms.version, Text: terms.text } : null,
  };
}

/** Holdings the caller may open whose trading name or town contains the text. */
export async function searchHoldings(
  deps: SessionDeps,
  auth: AuthContext,
  query: string,
  limit: number,
): Promise<HoldingSummary[]> {
  const rows = await listHoldings(deps.db, viewerOf(auth), { search: query, limit });
  return rows.map(presentHolding);
}

/**
 * Opens a holding in a crop year: a new holding session (or the caller's current one on the same holding when
 * `reuseSession`), a new token bound to it, and everything the shell shows about the holding.
 */
export async function selectHolding(
  deps: SessionDeps,
  auth: AuthContext,
  input: z.infer<typeof selectHoldingRequestSchema>,
): Promise<SelectHoldingResponse> {
  const { db } = deps;
  if (auth.user.mustAcceptTerms) {
    throw forbidden('termsBeforeHolding');
  }
  const holding = await holdingById(db, input.holdingId);
  if (!holding) throw notFound('holdingNotFound');
  if (!(await holdingAccess(db, viewerOf(auth), holding.id)).allowed) {
    throw forbidden('holdingNoAccess');
  }
  const years = holding.crop_years.map(Number);
  const yearId = input.yearId ?? years.at(-1);
  if (yearId === undefined) throw badRequest('holdingNoCropYear');
  if (!years.includes(yearId)) {
    throw badRequest('notCropYearOfHolding', { year: yearId }, [{ Field: 'yearId' }]);
  }

  const reuse = input.reuseSession === true && auth.session?.holdingId === holding.id ? auth.session : null;
  const clientState = input.clientState ?? null;
  const { sessionId, token } = await db.transaction(async (tx) => {
    let sessionId: string;
    if (reuse) {
      await resumeSession(tx, reuse.id, yearId, clientState);
      sessionId = reuse.id;
    } else {
      // This tab leaves the holding it had open: that session is over.
      if (auth.session) {
        await endSession(tx, auth.session.id);
      }
      sessionId = await insertSession(tx, {
        userId: auth.user.id,
        holdingId: holding.id,
        yearId,
        sessionType: SessionType.Omnia,
        clientState,
      });
    }
    const { token } = await issueAccessToken(tx, deps.config, {
      userId: auth.user.id,
      restricted: false,
      sessionId,
      loginId: auth.loginId,
    });
    return { sessionId, token };
  });
  if (auth.session) deps.authCache.forgetWhere((cached) => cached.session?.id === auth.session!.id);

  const context = await loadAuthContext(db, hashToken(token), auth.brandId);
  if (!context?.session) throw new Error('A newly selected holding session could not be loaded');
  const session = context.session;
  const user = await userById(db, auth.user.id);
  // A partner user learns nothing of the holding's people: not its users, nor who else is working on it.
  const partner = session.partnerId !== null;
  const [users, settings, events, sessionList, croppingIds, basemaps] = await Promise.all([
    partner ? Promise.resolve([]) : holdingUsers(db, holding.id),
    sessionSettings(db, auth.user.id, holding.id),
    holdingEvents(
      db,
      {
        holdingId: holding.id,
        userId: auth.user.id,
        restricted: session.restrictCroppingAccess,
        partnerId: session.partnerId,
      },
      new Date(Date.now() - eventsSinceMs),
      session.permissions,
    ),
    partner ? Promise.resolve([]) : listActiveSessions(db, holding.id, sessionId, auth.user.id),
    session.restrictCroppingAccess
      ? authorisedCroppingIds(db, holding.id, auth.user.id, session.partnerId)
      : Promise.resolve([]),
    // §6: Master users and above see the holding's custom base maps.
    isMasterOrHigher(auth.user.role) ? basemapsOfHolding(db, holding.id) : Promise.resolve([]),
  ]);
  return {
    Holding: presentHolding(holding),
    YearId: yearId,
    Token: token,
    CustomBasemaps: basemaps.map(({ Name, Url, Extent, ZoomMin, ZoomMax }) => ({
      Name,
      Url,
      Extent,
      ZoomMin,
      ZoomMax,
    })),
    Users: users.map(presentHoldingUser),
    Role: auth.user.role,
    HoldingRole: holdingRoleName(session.holdingRole),
    SessionId: sessionId,
    ReadOnly: session.readOnly,
    UserPermissions: user?.permissions ?? null,
    Permissions: session.permissions,
    AccessRestrictions: {
      RestrictCroppingAccess: session.restrictCroppingAccess,
      CroppingIds: croppingIds,
      Partner: session.partnerId !== null,
    },
    Settings: settings.map(presentSetting),
    Sessions: sessionList,
    Events: events,
  };
}

async function listActiveSessions(db: Db, holdingId: number, currentSessionId: string, userId: number) {
  const rows = await activeSessions(db, holdingId);
  return orderSessions(
    rows.map((row) => presentActiveSession(row, currentSessionId)),
    userId,
  );
}

async function holdingEvents(
  db: Db,
  access: CroppingAccess,
  since: Date,
  permissions: Permissions,
): Promise<HeartbeatResponse['Events']> {
  const holdingId = access.holdingId;
  // As on the live socket: only events of modules the member may read (domain/liveEvents.ts).
  const rows = (await holdingEventsSince(db, holdingId, since, access)).filter((row) =>
    mayReadEvent(permissions, { Source: row.source }),
  );
  const userIds = [...new Set(rows.map((row) => row.user_id).filter((id): id is number => id !== null))];
  const users = await usersOnHolding(db, holdingId, userIds);
  return { Events: rows.map(presentEvent), Users: users.map(presentHoldingUser) };
}

/**
 * Switches the session to a crop year of its holding. A year the holding does not have yet is opened first,
 * which needs holdings write: it copies the PK model and total area of the latest year and records an Event.
 */
export async function changeYear(deps: SessionDeps, auth: AuthContext, yearId: number): Promise<true> {
  const session = auth.session;
  if (!session) throw forbidden('selectHoldingFirst');
  const { db } = deps;
  if (await cropYearExists(db, session.holdingId, yearId)) {
    await setSessionYear(db, session.id, yearId);
  } else {
    if (!canAccess(session.permissions, 'holdings', 'write')) throw areaForbidden('holdings', 'write');
    const latestAllowed = latestOpenableCropYear(isoDateFromLocalDate(new Date()));
    if (yearId > latestAllowed) {
      throw badRequest('cropYearTooLate', { year: latestAllowed }, [{ Field: 'YearId' }]);
    }
    await db.transaction(async (tx) => {
      // Someone else opened the same year a moment ago: theirs stands, and this is a plain switch.
      if (await openCropYear(tx, session.holdingId, yearId)) {
        await recordEvent(
          tx,
          { userId: auth.user.id, holdingId: session.holdingId, sessionId: session.id },
          {
            action: EventAction.Create,
            source: Module.Holding,
            objectType: 'HoldingCropYear',
            data: { YearId: yearId },
          },
        );
      }
      await setSessionYear(tx, session.id, yearId);
    });
  }
  deps.authCache.forgetWhere((cached) => cached.session?.id === session.id);
  return true;
}

/** The heartbeat: marks the session alive, stores the client's state and reports the holding's activity. */
export async function heartbeat(
  deps: SessionDeps,
  auth: AuthContext,
  input: z.infer<typeof heartbeatRequestSchema>,
): Promise<HeartbeatResponse> {
  const session = auth.session;
  if (!session) throw forbidden('selectHoldingFirst');
  const { db } = deps;
  const update = input.update ?? {};
  await touchSession(db, session.id, update);

  const wanted = input.return ?? {};
  const since = wanted.eventsSince ? new Date(wanted.eventsSince) : new Date(Date.now() - eventsSinceMs);
  const [sessionList, events] = await Promise.all([
    wanted.sessions === false || session.partnerId !== null
      ? Promise.resolve(null)
      : listActiveSessions(db, session.holdingId, session.id, auth.user.id),
    holdingEvents(
      db,
      {
        holdingId: session.holdingId,
        userId: auth.user.id,
        restricted: session.restrictCroppingAccess,
        partnerId: session.partnerId,
      },
      since,
      session.permissions,
    ),
  ]);
  return { Sessions: sessionList, Events: events };
}

// The part of this area that other areas use, besides the functions above: they import nothing else from it.
export { listHoldings, activeSessionWindow, eventVisibleSql, activeSessions } from './session.queries.ts';
export type { EventRow, HoldingUserRow } from './session.queries.ts';
export { presentActiveSession, presentEvent, presentHoldingUser } from './session.presenters.ts';
