import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { SelectHoldingResponse } from '@headland/domain/api/sessionApi';
import { brandFromHost } from '@headland/domain/brands';
import { eventsSinceMs } from '@headland/domain/limits';
import type { ServerConfig } from '@headland/server/src/config.ts';
import type { Db } from '@headland/server/src/db/database.ts';
import { createAuthCache } from '@headland/server/src/auth/authCache.ts';
import { loadAuthContext, type AuthContext } from '@headland/server/src/auth/authContext.ts';
import { mayOpenEveryHolding } from '@headland/server/src/auth/holdingAccess.ts';
import {
  holdingRoleName,
  presentActiveSession,
  presentEvent,
  presentHolding,
  presentHoldingUser,
  presentSetting,
} from '@headland/server/src/modules/session/session.presenters.ts';
import {
  activeSessions,
  authorisedCroppingIds,
  holdingAccess,
  holdingById,
  holdingEventsSince,
  holdingUsers,
  listHoldings,
  sessionSettings,
  usersOnHolding,
  type ActiveSessionRow,
  type EventRow,
  type HoldingRow,
  type HoldingUserRow,
  type SettingRow,
} from '@headland/server/src/modules/session/session.queries.ts';
import { userById, type UserRow } from '@headland/server/src/auth/users.queries.ts';
import { resumeSession } from '@headland/server/src/modules/session/sessionWrites.queries.ts';
import { notifyLive } from '@headland/server/src/modules/live/live.queries.ts';
import { orderSessions } from '@headland/domain/sessionOrder';
import { issueAccessToken } from '@headland/server/src/auth/signIn.ts';
import { basemapsOfHolding } from '@headland/server/src/modules/basemaps/basemaps.service.ts';
import { isMasterOrHigher } from '@headland/domain/roles';
import { bearerToken, hashToken, newToken } from '@headland/server/src/auth/tokens.ts';
import type { BareDatabase } from './bareDatabase.ts';
import { recordStatements, toTemplate, type Template } from './statementRecorder.ts';

/** A status and the exact bytes of a JSON body. */
export interface BareAnswer {
  status: number;
  body: string;
}

// Values no real request carries, so that each one marks its own placeholder in a recorded statement.
const sentinel = {
  userId: 900_000_001,
  holdingId: 900_000_002,
  yearId: 900_000_003,
  sessionId: '00000000-0000-4000-8000-00000000b0b0',
  tokenHash: 'bench-sentinel-token-hash',
  since: new Date(1),
  clientState: { benchSentinel: true },
  eventUser: (index: number) => 900_100_000 + index,
};
const sentinelNames = new Map<unknown, string>([
  [sentinel.userId, 'userId'],
  [sentinel.holdingId, 'holdingId'],
  [sentinel.yearId, 'yearId'],
  [sentinel.sessionId, 'sessionId'],
  [sentinel.tokenHash, 'tokenHash'],
  [sentinel.since.toISOString(), 'since'],
  [JSON.stringify(sentinel.clientState), 'clientState'],
]);

async function record(
  run: (db: Db) => Promise<unknown>,
  extra?: ReadonlyMap<unknown, string>,
): Promise<Template> {
  const statements = await recordStatements(run);
  if (statements.length !== 1) throw new Error(`Expected one statement, recorded ${statements.length}`);
  return toTemplate(statements[0]!, extra ? new Map([...sentinelNames, ...extra]) : sentinelNames);
}

/** Templates recorded on first use, one per variant of a statement (the SQL differs between variants). */
function lazyTemplates<Key>(recordOne: (key: Key) => Promise<Template>) {
  const templates = new Map<Key, Promise<Template>>();
  return (key: Key) => {
    let template = templates.get(key);
    if (!template) {
      template = recordOne(key);
      templates.set(key, template);
    }
    return template;
  };
}

/** A Db that answers the rows the bare server has already read, so the app's own row mapping can run on them. */
const answering = (rows: unknown[]) => ({ execute: async () => ({ rows }) }) as unknown as Db;

const json = (status: number, value: unknown): BareAnswer => ({ status, body: JSON.stringify(value) });

/**
 * The two session calls of the benchmark, answered with no framework, no validation library and no ORM: the
 * statements are the app's own (recorded once from its query functions), sent through the driver directly;
 * the rows are turned into the answer by the app's presenters. The caller cache is the app's too, used the
 * same way, so both servers query the database equally often.
 */
export async function createBareSessionRoutes(database: BareDatabase, config: ServerConfig) {
  const { run } = database;
  const authCache = createAuthCache();
  const expiresIn = Math.round(config.tokenTtlHours * 3600);

  // The app tells the other servers of every caller it forgets (live/live.routes.ts), once per turn of the event
  // loop, through the live channel's notification: so does the bare server, with the same statement.
  const serverId = randomUUID();
  const forgetMessage = (from: string) => JSON.stringify({ k: 'a', from });
  const notifyTemplate = await record(
    (db) => notifyLive(db, { k: 'a', from: sentinel.sessionId }),
    new Map([[forgetMessage(sentinel.sessionId), 'message']]),
  );
  let forgetQueued = false;
  authCache.setForgetListener(() => {
    if (forgetQueued) return;
    forgetQueued = true;
    setImmediate(() => {
      forgetQueued = false;
      run(notifyTemplate, { message: forgetMessage(serverId) }).catch((error: unknown) =>
        console.error('bare: a forget could not be announced', error),
      );
    });
  });

  const authTemplate = await record((db) => loadAuthContext(db, sentinel.tokenHash, 'main'));
  const holdingTemplate = await record((db) => holdingById(db, sentinel.holdingId));
  const userTemplate = await record((db) => userById(db, sentinel.userId));
  const holdingUsersTemplate = await record((db) => holdingUsers(db, sentinel.holdingId));
  const settingsTemplate = await record((db) => sessionSettings(db, sentinel.userId, sentinel.holdingId));
  const sessionsTemplate = await record((db) => activeSessions(db, sentinel.holdingId));
  const croppingIdsTemplate = await record((db) =>
    authorisedCroppingIds(db, sentinel.holdingId, sentinel.userId),
  );
  // A Master's selection carries the holding's own base maps (session-shell §6).
  const basemapsTemplate = await record((db) => basemapsOfHolding(db, sentinel.holdingId));
  // The token insert holds a fresh token's hash, a fresh id (its login id too) and an expiry computed inside
  // issueAccessToken: find all three, so that each request sends its own.
  let issuedHash = '';
  const insertToken = (
    await recordStatements(async (db) => {
      const { token } = await issueAccessToken(db, config, {
        userId: sentinel.userId,
        restricted: false,
        sessionId: sentinel.sessionId,
      });
      issuedHash = hashToken(token);
    })
  )[0];
  if (!insertToken) throw new Error('issueAccessToken sent no statement');
  const expiry = insertToken.params.find(
    (value) => typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value),
  );
  const sentinelValues = new Set<unknown>(sentinelNames.keys());
  const issuedId = insertToken.params.find(
    (value) =>
      typeof value === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value) &&
      !sentinelValues.has(value),
  );
  if (!issuedId) throw new Error("issueAccessToken's statement carries no token id");
  const tokenTemplate = toTemplate(
    insertToken,
    new Map([...sentinelNames, [issuedHash, 'newTokenHash'], [issuedId, 'tokenId'], [expiry, 'expiresAt']]),
  );
  const listTemplate = lazyTemplates((key: string) => {
    const [openAll, limit, search] = JSON.parse(key) as [boolean, number, string];
    return record((db) => listHoldings(db, { userId: sentinel.userId, openAll }, { search, limit }));
  });
  const accessTemplate = lazyTemplates((openAll: boolean) =>
    record((db) => holdingAccess(db, { userId: sentinel.userId, openAll }, sentinel.holdingId)),
  );
  // A restricted member's events leave out croppings hidden from them: another statement.
  const eventsTemplate = lazyTemplates((restricted: boolean) =>
    record((db) =>
      holdingEventsSince(db, sentinel.holdingId, sentinel.since, {
        holdingId: sentinel.holdingId,
        userId: sentinel.userId,
        restricted,
      }),
    ),
  );
  const resumeTemplate = lazyTemplates((withClientState: boolean) =>
    record((db) =>
      resumeSession(db, sentinel.sessionId, sentinel.yearId, withClientState ? sentinel.clientState : null),
    ),
  );
  const eventUsersTemplate = lazyTemplates((count: number) => {
    const ids = Array.from({ length: count }, (_, index) => sentinel.eventUser(index));
    return record(
      (db) => usersOnHolding(db, sentinel.holdingId, ids),
      new Map(ids.map((id, index) => [id, `user${index}`])),
    );
  });

  async function loadCaller(tokenHash: string, brandId: AuthContext['brandId']) {
    const rows = await run(authTemplate, { tokenHash });
    return loadAuthContext(answering(rows), tokenHash, brandId);
  }

  /** The access hook's work for a route open to any signed-in user. */
  async function authenticate(headers: IncomingHttpHeaders): Promise<AuthContext | BareAnswer> {
    const token = bearerToken(headers.authorization);
    if (!token) return json(401, { Message: 'You are not signed in.', AuthError: true });
    const tokenHash = hashToken(token);
    const brandId = brandFromHost(
      (headers['x-forwarded-host'] as string | undefined) ?? headers.host?.split(':')[0] ?? '',
      config.brand,
    );
    let auth = authCache.get(tokenHash);
    if (!auth || auth.brandId !== brandId) {
      auth = (await loadCaller(tokenHash, brandId)) ?? undefined;
      if (!auth)
        return json(401, { Message: 'Your session has ended. Please sign in again.', AuthError: true });
      authCache.set(tokenHash, auth);
    }
    return auth;
  }

  async function query(url: URL, headers: IncomingHttpHeaders): Promise<BareAnswer> {
    const auth = await authenticate(headers);
    if ('status' in auth) return auth;
    const search = (url.searchParams.get('query') ?? '').trim();
    const limitText = url.searchParams.get('limit');
    const limit = limitText === null ? 20 : Math.min(Number(limitText), 20);
    if (search.length < 2 || search.length > 100 || !Number.isInteger(limit) || limit < 1) {
      return json(400, { Message: 'The request is invalid.' });
    }
    const openAll = mayOpenEveryHolding(auth.user.role);
    const template = await listTemplate(JSON.stringify([openAll, limit, search]));
    const rows = await run<HoldingRow>(template, { userId: auth.user.id });
    return json(200, rows.map(presentHolding));
  }

  /** Holding selection, reopening the caller's own session: the one case the benchmark sends. */
  async function select(body: string, headers: IncomingHttpHeaders): Promise<BareAnswer> {
    const auth = await authenticate(headers);
    if ('status' in auth) return auth;
    const input = JSON.parse(body) as {
      holdingId: number;
      yearId?: number | null;
      reuseSession?: boolean | null;
      clientState?: Record<string, unknown> | null;
    };
    if (auth.user.mustAcceptTerms)
      return json(403, { Message: 'You must accept the terms and conditions before opening a holding.' });
    const [holding] = await run<HoldingRow>(holdingTemplate, { holdingId: input.holdingId });
    if (!holding) return json(404, { Message: 'This holding does not exist.' });
    const openAll = mayOpenEveryHolding(auth.user.role);
    const [access] = await run<{ allowed: boolean }>(await accessTemplate(openAll), {
      userId: auth.user.id,
      holdingId: holding.id,
    });
    if (!access?.allowed) return json(403, { Message: 'You do not have access to this holding.' });
    const years = holding.crop_years.map(Number);
    const yearId = input.yearId ?? years.at(-1);
    if (yearId === undefined || !years.includes(yearId))
      return json(400, { Message: 'Not a crop year of this holding.' });
    const reuse = input.reuseSession === true && auth.session?.holdingId === holding.id ? auth.session : null;
    if (!reuse) return json(400, { Message: 'The bare server only reopens the caller’s own session.' });
    const clientState = input.clientState ?? null;

    const { token, tokenHash } = await database.transaction(async (tx) => {
      await tx(await resumeTemplate(Boolean(clientState)), {
        sessionId: reuse.id,
        yearId,
        clientState: JSON.stringify(clientState),
      });
      const token = newToken();
      const tokenHash = hashToken(token);
      await tx(tokenTemplate, {
        tokenId: randomUUID(),
        newTokenHash: tokenHash,
        userId: auth.user.id,
        sessionId: reuse.id,
        expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
      });
      return { token, tokenHash };
    });
    authCache.forgetWhere((cached) => cached.session?.id === reuse.id);

    const context = await loadCaller(tokenHash, auth.brandId);
    if (!context?.session) return json(500, { Message: 'An unexpected error has occurred' });
    const session = context.session;
    const [user] = await run<UserRow>(userTemplate, { userId: auth.user.id });
    const ids = { holdingId: holding.id, userId: auth.user.id };
    const [users, settings, events, sessionRows, croppingIds, basemaps] = await Promise.all([
      run<HoldingUserRow>(holdingUsersTemplate, ids),
      run<SettingRow>(settingsTemplate, ids),
      holdingEvents(ids, session.restrictCroppingAccess, new Date(Date.now() - eventsSinceMs)),
      run<ActiveSessionRow>(sessionsTemplate, ids),
      session.restrictCroppingAccess
        ? run<{ cropping_id: number }>(croppingIdsTemplate, ids).then((rows) =>
            rows.map((row) => row.cropping_id),
          )
        : Promise.resolve([]),
      isMasterOrHigher(auth.user.role)
        ? run(basemapsTemplate, ids).then((rows) => basemapsOfHolding(answering(rows), holding.id))
        : Promise.resolve([]),
    ]);
    const answer: SelectHoldingResponse = {
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
      SessionId: reuse.id,
      ReadOnly: session.readOnly,
      UserPermissions: user?.permissions ?? null,
      Permissions: session.permissions,
      AccessRestrictions: {
        RestrictCroppingAccess: session.restrictCroppingAccess,
        CroppingIds: croppingIds,
        Partner: session.partnerId !== null,
      },
      Settings: settings.map(presentSetting),
      Sessions: orderSessions(
        sessionRows.map((row) => presentActiveSession(row, reuse.id)),
        auth.user.id,
      ),
      Events: events,
    };
    return json(200, answer);
  }

  async function holdingEvents(
    ids: { holdingId: number; userId: number },
    restricted: boolean,
    since: Date,
  ): Promise<SelectHoldingResponse['Events']> {
    const { holdingId } = ids;
    const rows = await run<EventRow>(await eventsTemplate(restricted), {
      ...ids,
      since: since.toISOString(),
    });
    const userIds = [...new Set(rows.map((row) => row.user_id).filter((id): id is number => id !== null))];
    let users: HoldingUserRow[] = [];
    if (userIds.length) {
      const values: Record<string, unknown> = { holdingId };
      userIds.forEach((id, index) => (values[`user${index}`] = id));
      users = await run<HoldingUserRow>(await eventUsersTemplate(userIds.length), values);
    }
    return { Events: rows.map(presentEvent), Users: users.map(presentHoldingUser) };
  }

  return { query, select };
}
