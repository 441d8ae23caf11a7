import { z } from 'zod';
import { AppStatus, ConnectionMode, externalApps, type ExternalApp } from '../connectedApps.ts';
import { dbId, dbIdParam, oneLineMessage, oneLineText } from './wireValues.ts';

/** Connected apps (session-shell-connections §7 Connected apps), at the spec's paths. */
export const appsRoutes = {
  /** The apps this server offers on this brand (not a spec call: the management dialog lists them). */
  available: '/api/apps/available',
  create: '/api/apps/create',
  check: '/api/apps/check',
  all: '/api/apps/get/all',
  cancel: '/api/apps/cancel',
  disconnect: '/api/apps/disconnect',
  validateBasic: '/api/apps/validate/basic',
  configOf: '/api/apps/config/:connectionId',
  config: '/api/apps/config',
  machines: '/api/apps/machines/:connectionId',
  /** Where a provider sends the browser back after the user's consent (not a spec call: the popup lands here). */
  callback: '/api/apps/callback',
} as const;

/** Bounds of what users and providers send. */
export const maxOrganisationIdLength = 100;
export const maxOrganisationNameLength = 200;
export const maxBasicUserLength = 200;
export const maxBasicPasswordLength = 500;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

export const appIdSchema = z.coerce
  .number()
  .int()
  .refine((value): value is ExternalApp => (externalApps as readonly number[]).includes(value), {
    message: `Choose one of the apps ${externalApps.join(', ')}.`,
  });

export const createQuerySchema = z.object({ appId: appIdSchema });
export const connectionIdQuerySchema = z.object({ id: dbIdParam });
export const connectionIdParamsSchema = z.object({ connectionId: dbIdParam });
export const allQuerySchema = z.object({ validate: flag });
export const disconnectQuerySchema = z.object({ id: dbIdParam, deleteData: flag });

const organisationId = z
  .string()
  .trim()
  .min(1)
  .max(maxOrganisationIdLength)
  .regex(/^[\w.:-]+$/, 'An organisation id holds letters, digits and . _ : - only.');
export const machinesQuerySchema = z.object({ orgId: organisationId });

export const organisationSchema = z.object({ id: z.string(), name: z.string() });
export type Organisation = z.infer<typeof organisationSchema>;

/** Config: the first year for sync apps (§3). */
export const connectionConfigSchema = z.object({ firstYear: z.number().int().nullable() });
export type ConnectionConfig = z.infer<typeof connectionConfigSchema>;

export const connectionSchema = z.object({
  appId: z.number().int(),
  connectionId: dbId,
  userId: dbId,
  userName: z.string(),
  status: z.enum(AppStatus),
  holding: z.object({
    holdingId: dbId,
    organisation: organisationSchema.nullable(),
    config: connectionConfigSchema,
  }),
});
export type Connection = z.infer<typeof connectionSchema>;

export const createResponseSchema = z.object({
  /** Where the popup opens for an OAuth app; null for a basic one, which posts user and password instead. */
  OAuthAuthorizeUri: z.string().nullable(),
  connection: connectionSchema,
});

export const availableAppSchema = z.object({
  appId: z.number().int(),
  /** The connection modes the app takes, OAuth 1 and BasicAuth 2; the first is the one create starts. */
  modes: z.array(z.enum(ConnectionMode)),
});
export type AvailableApp = z.infer<typeof availableAppSchema>;
export const availableResponseSchema = z.object({ apps: z.array(availableAppSchema) });

export const connectionsResponseSchema = z.array(connectionSchema);
export const removedResponseSchema = z.object({ connectionId: dbId });

export const validateBasicRequestSchema = z.object({
  connectionId: dbId,
  user: z.string().trim().min(1).max(maxBasicUserLength).regex(oneLineText, oneLineMessage),
  password: z.string().min(1).max(maxBasicPasswordLength),
});
/** Whether the app accepted the user and password (§8: false shows an error flag). */
export const validateBasicResponseSchema = z.boolean();

export const configResponseSchema = z.object({
  organisations: z.array(organisationSchema),
  org: organisationSchema.nullable(),
  config: connectionConfigSchema,
  /** §8's words for an empty organisation list, in the caller's language; null otherwise. */
  message: z.string().nullable(),
});

export const saveConfigRequestSchema = z.object({
  connectionId: dbId,
  org: organisationId,
  orgName: z.string().trim().min(1).max(maxOrganisationNameLength).regex(oneLineText, oneLineMessage),
  config: z.object({ firstYear: z.number().int().min(1990).max(2100).nullable().optional() }).optional(),
});

export const machineSchema = z.object({
  id: z.string(),
  name: z.string(),
  make: z.string(),
  model: z.string(),
  serialNumber: z.string().nullable(),
});
export type Machine = z.infer<typeof machineSchema>;

export const machinesResponseSchema = z.object({
  machines: z.array(machineSchema),
  /** §8's words for an empty machine list, in the caller's language; null otherwise. */
  message: z.string().nullable(),
});

export const callbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});
