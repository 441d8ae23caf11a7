import { z } from 'zod';
import { activeSessionSchema, clientStateSchema, holdingEventsSchema } from './sessionApi.ts';

/**
 * Live collaboration on the wire (session-shell §7): the beacons a closing or failing tab sends, the notification
 * call, the live socket's messages and the maintenance notices.
 */

/** Longest access token a beacon may carry; tokens are 43 characters today. */
const tokenMax = 200;

/**
 * A beacon: `navigator.sendBeacon` cannot set an Authorization header, so the token travels in the body
 * (session-shell §7, "body token and data").
 */
export const disconnectBeaconSchema = z.object({
  token: z.string().min(1).max(tokenMax),
  data: z.object({ sessionId: z.string().uuid().nullish() }).nullish(),
});

/** An uncaught browser error. Bounded: a page in a loop of errors must not fill the database. */
export const errorBeaconSchema = z.object({
  token: z.string().min(1).max(tokenMax),
  data: z.object({
    message: z.string().trim().min(1).max(2000),
    source: z.string().max(2000).nullish(),
    line: z.number().int().min(0).max(10_000_000).nullish(),
    column: z.number().int().min(0).max(10_000_000).nullish(),
    stack: z.string().max(8000).nullish(),
    url: z.string().max(2000).nullish(),
  }),
});
export type ErrorBeacon = z.infer<typeof errorBeaconSchema>;

/**
 * `POST /api/session/v1/notification`: the tab's state changed between heartbeats (another module opened, an
 * activity started or ended). The server stores it and tells the holding's other sessions at once.
 */
export const sessionNotificationSchema = z.object({
  clientState: clientStateSchema.nullish(),
  inactive: z.boolean().nullish(),
});

/** Query of the live socket: `/api/ws/v1/connect?sessionId=&authToken=`. */
export const liveSocketQuerySchema = z.object({
  sessionId: z.string().uuid(),
  authToken: z.string().min(1).max(tokenMax),
});

/**
 * What the client sends over the socket: its state, as the heartbeat's `update`. The server parses every
 * message with this schema and ignores (logs) one that does not match.
 */
export const clientSocketMessageSchema = z.object({
  Type: z.literal('setSessionState'),
  Data: z.object({ clientState: clientStateSchema.nullish(), inactive: z.boolean().nullish() }),
});
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

/** The message types the server pushes; a subscriber to a type also hears its sub-paths ('master-data/crops'). */
export const liveMessageTypes = ['sessions', 'events', 'master-data'] as const;

/** The holding's active sessions, as each socket's own list (its session is the current one). */
export const sessionsMessageSchema = z.object({
  Type: z.literal('sessions'),
  Data: z.array(activeSessionSchema),
});
/** A new event of the holding with its author, to the sockets allowed to hear of it. */
export const eventsMessageSchema = z.object({ Type: z.literal('events'), Data: holdingEventsSchema });
/** The shared catalogues changed (`master-data`, or `master-data/<what>`): clients read them again. No data. */
export const masterDataMessageSchema = z.object({
  Type: z.string().regex(/^master-data(\/[a-z-]+)*$/),
  Data: z.null(),
});

/**
 * Every message the server pushes over the live socket. The server builds each one through this schema and the
 * web parses each one with the schema of its type, ignoring (logging) one that does not match.
 */
export const serverLiveMessageSchema = z.union([
  sessionsMessageSchema,
  eventsMessageSchema,
  masterDataMessageSchema,
]);
export type ServerLiveMessage = z.infer<typeof serverLiveMessageSchema>;

/** Close codes of the live socket above 1001 that mean the client must not reconnect with the same token. */
export const liveSocketUnauthorisedCode = 4401;

/** One maintenance window (session-shell §3). The message may hold {start} and {end} (date and time). */
export const maintenanceNoticeSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  message: z.string(),
});
export type MaintenanceNotice = z.infer<typeof maintenanceNoticeSchema>;

/** `GET /maintenance.json`: the windows not yet over, earliest first. */
export const maintenanceListSchema = z.array(maintenanceNoticeSchema);

/** An Admin sets a window. Both dates carry their offset; the window is at most 7 days long. */
export const maintenanceNoticeRequestSchema = z
  .object({
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
    message: z.string().trim().min(1, 'Write the message users will see.').max(1000),
  })
  .refine((notice) => Date.parse(notice.endDate) > Date.parse(notice.startDate), {
    message: 'The end must come after the start.',
    path: ['endDate'],
  })
  .refine((notice) => Date.parse(notice.endDate) - Date.parse(notice.startDate) <= 7 * 24 * 3600_000, {
    message: 'A maintenance window lasts at most 7 days.',
    path: ['endDate'],
  });
export type MaintenanceNoticeRequest = z.infer<typeof maintenanceNoticeRequestSchema>;

/** The answer to every API call while maintenance is on: 503 with `Maintenance` and `X-Omnia-Retry: No`. */
export const maintenanceRefusalSchema = z.object({
  Message: z.string(),
  Maintenance: maintenanceNoticeSchema,
});
