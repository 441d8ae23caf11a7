import { z } from 'zod';
import { dbId, dbIdParam, dbInt, oneLineMessage, oneLineText } from './wireValues.ts';
import { languageCodeSchema } from '../languages.ts';

/**
 * The sign-in and session calls of session-shell-connections §7, as the wire carries them. Request bodies use
 * the spec's camelCase names; responses use its PascalCase entity fields.
 */

export const tokenRequestSchema = z.object({
  grant_type: z.enum(['password', 'token']),
  username: z.string().trim().max(320).optional(),
  password: z.string().max(1024).optional(),
  token: z.string().max(1024).optional(),
  client_id: z.string().max(100).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  restricted: z.boolean(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** OAuth-style failure of the token call; the client shows error_description as it is. */
/** The sign-in refusals a user meets, as codes: the web says them in the shown language. */
export const tokenRefusalCodes = ['credentials', 'loginLink', 'throttled', 'missingCredentials'] as const;
export type TokenRefusalCode = (typeof tokenRefusalCodes)[number];

export const tokenErrorSchema = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_grant',
    'unsupported_grant_type',
    'too_many_attempts',
    'server_error',
  ]),
  error_description: z.string(),
  /** Which refusal it is, so that a client can say it in its own language (the description is English). */
  error_code: z.enum(tokenRefusalCodes).optional(),
  /** With `throttled`: how long until another attempt is taken. */
  retry_after_seconds: z.number().int().nonnegative().optional(),
  /** The refusal as every other call gives it (domain/src/api/refusalCodes.ts), in the caller's language. */
  Message: z.string().optional(),
  Code: z.string().optional(),
  Params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  Errors: z
    .array(
      z.object({
        Field: z.string(),
        Message: z.string(),
        Code: z.string().optional(),
        Params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      }),
    )
    .optional(),
});

export const loginResponseSchema = z.object({ restricted: z.boolean() });

/**
 * A user's properties (session-shell §3). `GeolocationInfo` lets the user see the map's tracking info (position,
 * accuracy, speed) without debug mode (fields-croppings-maps §6).
 */
export const userPropertiesSchema = z.object({
  Debug: z.boolean().optional(),
  AutoSelectContext: z.boolean().optional(),
  GeolocationInfo: z.boolean().optional(),
});
export type UserProperties = z.infer<typeof userPropertiesSchema>;

export const userSchema = z.object({
  Id: z.number().int(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Role: z.number().int(),
  BusinessId: z.number().int().nullable(),
  Permissions: z.record(z.string(), z.unknown()).nullable(),
  Properties: userPropertiesSchema,
  AutoSignupInProgress: z.boolean(),
  PasswordResetRequested: z.boolean(),
  /** The language the user chose for screens and e-mails; null while none is chosen. */
  Language: languageCodeSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const holdingSummarySchema = z.object({
  HoldingId: z.number().int(),
  TradingName: z.string(),
  AgronomistId: z.number().int().nullable(),
  TownId: z.number().int().nullable(),
  Town: z.string().nullable(),
  Region: z.number().int().nullable(),
  BusinessId: z.number().int().nullable(),
  Business: z.string().nullable(),
  CropYears: z.array(z.number().int()),
  Satellite: z.boolean(),
});
export type HoldingSummary = z.infer<typeof holdingSummarySchema>;

export const sessionStartRequestSchema = z.object({
  initialHoldingId: dbId.nullish(),
  acceptedInviteId: z.string().max(100).nullish(),
  /** The secret of the invitation link: without it no invitation is accepted. */
  inviteSecret: z.string().max(200).nullish(),
});

export const sessionStartResponseSchema = z.object({
  User: userSchema,
  CroppingYears: z.array(z.number().int()),
  BingMaps: z.object({ Key: z.string().nullable() }),
  Holdings: z.array(holdingSummarySchema),
  FixedHoldingList: z.boolean(),
  InitialHolding: holdingSummarySchema.nullable(),
  MustAcceptTermsAndConditions: z.boolean(),
  TermsAndConditions: z.object({ Version: z.number().int(), Text: z.string() }).nullable(),
});
export type SessionStartResponse = z.infer<typeof sessionStartResponseSchema>;

/** Most characters of a session's client state as JSON: every member's heartbeat carries it to the others. */
export const maxClientStateChars = 8_192;
/** Deepest nesting of objects and arrays in a client state (the state itself is depth 1). */
export const maxClientStateDepth = 8;

/** The nesting depth of a JSON value, walked without recursion so that no value can exhaust the stack. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

export const clientStateMessages = {
  tooLarge: `The client state is too large: it may hold at most ${maxClientStateChars} characters.`,
  tooDeep: `The client state is nested too deeply: at most ${maxClientStateDepth} levels.`,
};

export const clientStateSchema = z
  .object({
    moduleId: dbInt.nullish(),
    activity: z
      .object({ action: z.string().max(50), data: z.unknown(), resourceType: z.string().max(50).nullish() })
      .nullish(),
  })
  .passthrough()
  .superRefine((state, context) => {
    // Depth first: it bounds the work of measuring the size.
    if (jsonDepth(state) > maxClientStateDepth) {
      context.addIssue({ code: 'custom', message: clientStateMessages.tooDeep });
    } else if (JSON.stringify(state).length > maxClientStateChars) {
      context.addIssue({ code: 'custom', message: clientStateMessages.tooLarge });
    }
  });

export const selectHoldingRequestSchema = z.object({
  holdingId: dbId,
  /** The crop year to open; defaults to the holding's last crop year. */
  yearId: z.number().int().min(1990).max(2100).nullish(),
  reuseSession: z.boolean().nullish(),
  clientState: clientStateSchema.nullish(),
});

export const activeSessionSchema = z.object({
  SessionId: z.string(),
  UserId: z.number().int(),
  UserEmail: z.string(),
  UserName: z.string(),
  Role: z.number().int(),
  ReadOnly: z.boolean(),
  CurrentSession: z.boolean(),
  StartDate: z.string(),
  InactiveSince: z.string().nullable(),
  SessionType: z.number().int(),
  ClientState: z.unknown().nullable(),
});

export const eventSchema = z.object({
  Id: z.number().int(),
  UserId: z.number().int().nullable(),
  Date: z.string(),
  SessionId: z.string().nullable(),
  Action: z.enum(['c', 'u', 'd', 'export', 'import', 'calc']),
  Data: z.record(z.string(), z.unknown()),
  Source: z.number().int(),
  ObjectType: z.string(),
});

export const holdingUserSchema = z.object({
  UserId: z.number().int(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Role: z.number().int(),
  HoldingRole: z.enum(['Member', 'Owner', 'RestrictedMember']).nullable(),
});

/** Events on a holding with the users who made them. */
export const holdingEventsSchema = z.object({
  Events: z.array(eventSchema),
  Users: z.array(holdingUserSchema),
});

export const areaPermissionSchema = z.object({
  read: z.boolean(),
  write: z.boolean(),
  financialData: z.boolean().optional(),
  enabled: z.boolean().optional(),
  audit: z.boolean().optional(),
});

export const settingSchema = z.object({
  HoldingId: z.number().int().nullable(),
  UserId: z.number().int().nullable(),
  Key: z.string(),
  Value: z.string().nullable(),
  /** Moved on by every save of the setting; a save sends the one it read. */
  Version: z.number().int().optional(),
});

export const selectHoldingResponseSchema = z.object({
  Holding: holdingSummarySchema,
  YearId: z.number().int(),
  Token: z.string(),
  CustomBasemaps: z.array(
    z.object({
      Name: z.string(),
      Url: z.string(),
      Extent: z.array(z.number()).nullable(),
      ZoomMin: z.number().nullable(),
      ZoomMax: z.number().nullable(),
    }),
  ),
  Users: z.array(holdingUserSchema),
  Role: z.number().int(),
  HoldingRole: z.enum(['Member', 'Owner', 'RestrictedMember']).nullable(),
  SessionId: z.string(),
  ReadOnly: z.boolean(),
  UserPermissions: z.record(z.string(), z.unknown()).nullable(),
  Permissions: z.record(z.string(), areaPermissionSchema),
  AccessRestrictions: z.object({
    RestrictCroppingAccess: z.boolean(),
    CroppingIds: z.array(z.number().int()),
    /** A partner's user, who sees only the croppings shared with their partner, read-only. */
    Partner: z.boolean(),
  }),
  Settings: z.array(settingSchema),
  Sessions: z.array(activeSessionSchema),
  Events: holdingEventsSchema,
});
export type SelectHoldingResponse = z.infer<typeof selectHoldingResponseSchema>;

/** The longest holding search the server takes; the search box takes no more. */
export const holdingQueryMaxLength = 100;

export const holdingQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .min(2, 'Type at least 2 characters to search holdings.')
    .max(holdingQueryMaxLength),
  /** At most 20 results whatever is asked: a larger limit is lowered rather than refused. */
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((limit) => Math.min(limit, 20)),
});

/** Holdings matching a search, by trading name. */
export const holdingQueryResponseSchema = z.array(holdingSummarySchema);

export const changeYearRequestSchema = z.object({ YearId: z.number().int().min(1990).max(2100) });

export const acceptTermsQuerySchema = z.object({
  version: dbIdParam,
  send: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/**
 * Either spelling of the field is accepted. A missing password is not refused here: the server checks the
 * password rule in the spec's order, so that "The new password is required" comes back as the message itself.
 */
export const changePasswordRequestSchema = z.object({
  password: z.string().max(1024).optional(),
  Password: z.string().max(1024).optional(),
  /** The password the account has now: a token alone never changes it. */
  currentPassword: z.string().max(1024).optional(),
});

/** Messages of the account calls that the client shows as they are. */
export const accountMessages = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is incorrect.',
  emailChangeLinkInvalid:
    'This confirmation link is not valid: it has expired, has already been used, or a newer one was sent.',
};

/** The longest first or last name a user may give. */
export const userNameMaxLength = 100;
/** The longest e-mail address (RFC 5321). */
export const emailMaxLength = 320;

export const updateUserRequestSchema = z.object({
  Id: dbId.optional(),
  Email: z.string().trim().email('Enter a valid e-mail address.').max(emailMaxLength).optional(),
  // A name, when sent, may not be blank: the header and every list of users show it.
  FirstName: z
    .string()
    .trim()
    .min(1, 'Enter a first name.')
    .max(userNameMaxLength)
    .regex(oneLineText, oneLineMessage)
    .optional(),
  LastName: z
    .string()
    .trim()
    .min(1, 'Enter a last name.')
    .max(userNameMaxLength)
    .regex(oneLineText, oneLineMessage)
    .optional(),
  Role: z.number().int().min(1).max(15).optional(),
  BusinessId: dbId.nullable().optional(),
  Properties: userPropertiesSchema.optional(),
  /**
   * The caller's current password, needed to change an e-mail address. The new address takes effect only once
   * it confirms the link sent to it.
   */
  CurrentPassword: z.string().max(1024).optional(),
  /** The language the user prefers, or null for none chosen (then the browser's language applies). */
  Language: languageCodeSchema.nullable().optional(),
});

/** The user as stored, and the address waiting for confirmation when the update asked for a new one. */
export const updateUserResponseSchema = userSchema.extend({ PendingEmail: z.string().nullable() });
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

/** The link sent to a new e-mail address carries this single-use token (query parameter `confirmEmail`). */
export const confirmEmailRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const confirmEmailResponseSchema = z.object({ Email: z.string() });

export const saveSettingRequestSchema = z.object({
  UserId: dbId.nullable(),
  HoldingId: dbId.nullable(),
  Key: z.string().trim().min(1).max(100),
  Value: z.string().max(100_000).nullable(),
  /**
   * The setting's Version the client read, 0 when it read none: a save over a later one (or over one saved
   * meanwhile where none was read) is refused with 409. Without it the save replaces whatever is stored.
   */
  Version: z.number().int().min(0).max(2_147_483_647).nullish(),
});

/** The saved setting's Version, for the next save to send. */
export const saveSettingResponseSchema = z.object({ Version: z.number().int() });

/**
 * The session heartbeat. `return` says what to send back: the holding's active sessions (unless `sessions` is
 * false) and its events since `eventsSince` (default: the last 24 hours). `update` carries the client's state.
 */
export const heartbeatRequestSchema = z.object({
  return: z
    .object({
      sessions: z.boolean().nullish(),
      eventsSince: z.iso.datetime({ offset: true }).nullish(),
    })
    .nullish(),
  update: z
    .object({
      clientState: clientStateSchema.nullish(),
      /** True when the user has been idle; false when active again. Absent leaves it as it was. */
      inactive: z.boolean().nullish(),
    })
    .nullish(),
});

export const heartbeatResponseSchema = z.object({
  /** Null when the sessions were not asked for. */
  Sessions: z.array(activeSessionSchema).nullable(),
  Events: holdingEventsSchema,
});
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

/** The body of every error answer: the first Errors entry is what the client shows. */
export const apiErrorSchema = z.object({
  Message: z.string(),
  /** What was refused, as a code of the catalogue (domain/src/api/refusalCodes.ts) with its parameters. */
  Code: z.string().optional(),
  Params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** Each value at fault: where (`Field`), what as a code with parameters, and in words (`Message`). */
  Errors: z
    .array(
      z.object({
        Field: z.string(),
        Message: z.string(),
        Code: z.string().optional(),
        Params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      }),
    )
    .optional(),
  AuthError: z.boolean().optional(),
  /** A 409 conflict: what changed, as `type:id` (`cropping:12`, `holding:3`, `member:3:8`, `setting:40`). */
  Resources: z.array(z.string()).optional(),
  /**
   * A 409 conflict: who made the change the save would overwrite (`Self`: the caller, in another tab); null
   * when the server cannot tell.
   */
  ChangedBy: z.object({ UserId: z.number().int(), Name: z.string(), Self: z.boolean() }).nullish(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
