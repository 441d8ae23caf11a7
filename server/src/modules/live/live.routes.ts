import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientSocketMessageSchema,
  disconnectBeaconSchema,
  errorBeaconSchema,
  liveSocketQuerySchema,
  liveSocketUnauthorisedCode,
  maintenanceListSchema,
  maintenanceNoticeRequestSchema,
  maintenanceNoticeSchema,
  sessionNotificationSchema,
} from '@headland/domain/api/liveApi';
import { isAdminOrHigher } from '@headland/domain/roles';
import { forbidden, notFound, unauthorized } from '../../http/httpErrors.ts';
import { requestBrand, requireAuth, requireSession } from '../../auth/accessHook.ts';
import { loadAuthContext } from '../../auth/authContext.ts';
import { hashToken } from '../../auth/tokens.ts';
import { LiveChannel, type LiveChannelMessage } from './liveChannel.ts';
import { LiveHub, type HubSocket, type LiveConnection } from './liveHub.ts';
import {
  beaconCaller,
  changeSessionState,
  disconnectSession,
  ErrorReportLimit,
  recordClientError,
  type LiveDeps,
} from './live.service.ts';
import {
  clearMaintenance,
  MaintenanceNotices,
  sendMaintenanceRefusal,
  setMaintenance,
} from './maintenance.service.ts';
import { policyViolationCloseCode, SocketMessageLimit } from './socketMessageLimit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's live sockets. */
    liveHub: LiveHub;
    /** The channel shared by every server of the database. */
    liveChannel: LiveChannel;
    maintenanceNotices: MaintenanceNotices;
  }
}

/**
 * Routes that answer during maintenance: the notices themselves, so that an Admin can end a window early, and
 * the sign-in, which lets in only Admins while a window runs (see the session routes).
 */
const openDuringMaintenance = ['/api/maintenance/', '/api/health', '/oauth/token'];

/**
 * Live collaboration (session-shell §4, §7): the channel between servers, the live socket, the beacons, the
 * notification call and maintenance windows. On the root app: the maintenance check covers every route, and
 * the caller cache and kept lists it invalidates belong to the root app.
 */
export async function registerLive(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const channel = new LiveChannel(app.deps.database);
  const hub = new LiveHub(db);
  const { config } = app.deps;
  const embeddedDir = !config.databaseUrl && !config.dataDir.startsWith('memory://') ? config.dataDir : null;
  const maintenance = new MaintenanceNotices(db, embeddedDir);
  app.decorate('liveChannel', channel);
  app.decorate('liveHub', hub);
  app.decorate('maintenanceNotices', maintenance);

  const log = (what: string) => (error: Error) => app.log.error({ err: error }, `live: ${what}`);
  const handle = (message: LiveChannelMessage, fromThisServer: boolean) => {
    switch (message.k) {
      case 'e':
        hub.deliverEvent(message.e, message.h).catch(log('an event could not be delivered'));
        break;
      case 'r':
        if (message.h === 0) hub.broadcast({ Type: 'master-data', Data: null });
        else {
          app.keptLists.forgetHolding(message.h);
          app.keptTiles.forgetHolding(message.h);
        }
        break;
      case 's':
        hub.sessionsChanged(message.h);
        break;
      case 'a':
        if (!fromThisServer) app.authCache.clearForPeer();
        hub.requestRevalidation(log('sockets could not be checked again'));
        break;
      case 'm':
        maintenance.reload().catch(log('maintenance notices could not be read'));
        break;
    }
  };
  await channel.start({
    onMessage: handle,
    onReconnect: () => {
      // Whatever was said while the connection was down is lost: forget and re-read everything it could concern.
      app.authCache.clearForPeer();
      handle({ k: 'm' }, false);
      hub.requestRevalidation(log('sockets could not be checked again'));
    },
  });
  await maintenance.start();

  // Every forget of a cached caller here is told to the other servers, once per turn of the event loop.
  let forgetQueued = false;
  app.authCache.setForgetListener(() => {
    if (forgetQueued) return;
    forgetQueued = true;
    setImmediate(() => {
      forgetQueued = false;
      channel.publish({ k: 'a', from: channel.serverId }).catch(log('a forget could not be announced'));
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url;
    if (!path.startsWith('/api/') && !path.startsWith('/oauth/')) return;
    if (openDuringMaintenance.some((prefix) => path.startsWith(prefix))) return;
    const notice = maintenance.active();
    if (!notice) return;
    return sendMaintenanceRefusal(reply, notice);
  });

  app.addHook('onClose', async () => {
    app.authCache.setForgetListener(null);
    maintenance.stop();
    hub.closeAll();
    await channel.close();
  });

  await app.register(liveRoutes);
}

async function liveRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const deps: LiveDeps = { db, channel: app.liveChannel };
  const hub = app.liveHub;
  const errorLimit = new ErrorReportLimit();

  routes.post(
    '/api/session/v1/notification',
    {
      config: { access: 'user' },
      schema: {
        tags: ['session'],
        summary: "Tell the holding's other sessions what this tab is doing now",
        body: sessionNotificationSchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await changeSessionState(deps, session, {
        clientState: request.body.clientState ?? undefined,
        inactive: request.body.inactive,
      });
      return true as const;
    },
  );

  routes.post(
    '/api/session/v1/disconnect',
    {
      // A beacon carries its token in the body: the check is made here rather than by the access hook.
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Beacon of a closing tab: its session leaves the active sessions',
        body: disconnectBeaconSchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) => {
      const auth = await beaconCaller(db, request.body.token, requestBrand(request));
      if (!auth) throw unauthorized();
      await disconnectSession(deps, auth);
      return true as const;
    },
  );

  routes.post(
    '/api/session/v1/error',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Beacon of an uncaught browser error',
        body: errorBeaconSchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) => {
      const auth = await beaconCaller(db, request.body.token, requestBrand(request));
      if (!auth) throw unauthorized();
      if (errorLimit.allow(auth.session?.id ?? `user:${auth.user.id}`)) {
        request.log.warn({ userId: auth.user.id, message: request.body.data.message }, 'browser error');
        await recordClientError(db, auth, request.body.data);
      }
      return true as const;
    },
  );

  routes.get(
    '/api/ws/v1/connect',
    {
      websocket: true,
      // The socket's caller comes from the query (browsers cannot set headers on a WebSocket): checked below.
      config: { access: 'public' },
      schema: { tags: ['session'], summary: 'The live socket', querystring: liveSocketQuerySchema },
    },
    (socket, request) => {
      const { sessionId, authToken } = request.query;
      const brandId = requestBrand(request);
      const tokenHash = hashToken(authToken);
      let connection: LiveConnection | null = null;
      let closed = false;
      let closeCode: number | null = null;
      // Messages sent before the caller is known wait for it.
      const early: string[] = [];
      const limit = new SocketMessageLimit();
      const receive = (text: string) => {
        if (closed) return;
        const verdict = limit.take();
        if (verdict === 'close') {
          closed = true;
          request.log.warn('live: a socket sending too many messages was closed');
          socket.close(policyViolationCloseCode, 'too many messages');
          return;
        }
        if (verdict === 'drop') return;
        if (!connection) {
          if (early.length < 20) early.push(text);
          return;
        }
        handleClientMessage(connection, text);
      };
      const handleClientMessage = (from: LiveConnection, text: string) => {
        let parsed;
        try {
          parsed = clientSocketMessageSchema.safeParse(JSON.parse(text));
        } catch {
          parsed = null;
        }
        if (!parsed?.success) {
          request.log.warn('live: a client message could not be read');
          return;
        }
        changeSessionState(deps, from.auth.session, {
          clientState: parsed.data.Data.clientState ?? undefined,
          inactive: parsed.data.Data.inactive,
        }).catch((error: Error) =>
          request.log.error({ err: error }, 'live: the session state was not stored'),
        );
      };
      socket.on('message', (data: Buffer) => receive(data.toString('utf8')));
      // 1001 "going away": the browser closes the socket because its page is closing or reloading. The
      // session leaves the active list at once, as with the disconnect beacon, should that beacon be lost.
      const leave = (left: LiveConnection['auth']) =>
        disconnectSession(deps, left).catch((error: Error) =>
          request.log.error({ err: error }, 'live: a closed tab could not be marked as left'),
        );
      socket.on('close', (code: number) => {
        closed = true;
        closeCode = code;
        if (!connection) return;
        hub.remove(connection);
        if (code === 1001) void leave(connection.auth);
      });
      loadAuthContext(db, tokenHash, brandId)
        .then(async (auth) => {
          const known = auth?.session && auth.session.id === sessionId ? auth.session : null;
          if (closed) {
            // A tab that went away while its caller was still being looked up has left all the same.
            if (known && auth && closeCode === 1001) void leave({ ...auth, session: known });
            return;
          }
          if (!auth || !known) {
            socket.close(liveSocketUnauthorisedCode, 'unauthorised');
            return;
          }
          const opened: LiveConnection = {
            socket: socket as HubSocket,
            tokenHash,
            brandId,
            auth: { ...auth, session: known },
          };
          connection = opened;
          hub.add(opened);
          await hub.sendSessions(known.holdingId, opened);
          for (const text of early.splice(0)) handleClientMessage(opened, text);
        })
        .catch((error: Error) => {
          request.log.error({ err: error }, 'live: a socket could not be opened');
          socket.close(1011, 'server error');
        });
    },
  );

  routes.get(
    '/maintenance.json',
    {
      config: { access: 'public' },
      schema: {
        tags: ['maintenance'],
        summary: 'Maintenance windows not over yet',
        response: { 200: maintenanceListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return app.maintenanceNotices.list();
    },
  );

  const requireAdmin = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    if (!isAdminOrHigher(auth.user.role)) throw forbidden('maintenanceAdminOnly');
    return auth;
  };

  routes.post(
    '/api/maintenance/v1',
    {
      config: { access: 'user' },
      schema: {
        tags: ['maintenance'],
        summary: 'Set a maintenance window (Admin)',
        body: maintenanceNoticeRequestSchema,
        response: { 200: maintenanceNoticeSchema },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const notice = await setMaintenance(db, request.body, auth.user.id);
      await app.maintenanceNotices.reload();
      return notice;
    },
  );

  routes.delete(
    '/api/maintenance/v1/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['maintenance'],
        summary: 'Clear a maintenance window (Admin)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.literal(true) },
      },
    },
    async (request) => {
      requireAdmin(request);
      if ((await clearMaintenance(db, request.params.id)) === 0) throw notFound('maintenanceNotFound');
      await app.maintenanceNotices.reload();
      return true as const;
    },
  );
}
