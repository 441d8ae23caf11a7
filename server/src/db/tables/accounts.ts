import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  role: smallint('role').notNull().default(6),
  businessId: integer('business_id'),
  passwordHash: text('password_hash'),
  permissions: jsonb('permissions'),
  properties: jsonb('properties')
    .$type<{ Debug?: boolean; AutoSelectContext?: boolean; GeolocationInfo?: boolean }>()
    .notNull()
    .default({}),
  tcsAcceptedVersion: integer('tcs_accepted_version'),
  autoSignupInProgress: boolean('auto_signup_in_progress').notNull().default(false),
  passwordResetRequested: boolean('password_reset_requested').notNull().default(false),
  /** A code of domain/src/languages.ts, or null while the user has not chosen one. */
  language: text('language'),
  /** An account opened from a sign-up link whose wizard is not finished (migration 0016). */
  signupPending: boolean('signup_pending').notNull().default(false),
  /** The partner organisation the user belongs to (migration 0022): such a user sees only what is shared. */
  partnerId: integer('partner_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const termsAndConditions = pgTable('terms_and_conditions', {
  version: integer('version').primaryKey(),
  text: text('text').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accessTokens = pgTable('access_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull(),
  sessionId: uuid('session_id'),
  /** The login this token belongs to: the account token's own id, shared by the holding tokens opened from it. */
  loginId: uuid('login_id'),
  restricted: boolean('restricted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id').notNull(),
  holdingId: integer('holding_id'),
  yearId: integer('year_id'),
  sessionType: smallint('session_type').notNull().default(1),
  readOnly: boolean('read_only').notNull().default(false),
  startDate: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  inactiveSince: timestamp('inactive_since', { withTimezone: true }),
  clientState: jsonb('client_state'),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

/** A change of e-mail address waiting for the new address to confirm the link sent to it. */
export const emailChanges = pgTable('email_changes', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull(),
  newEmail: text('new_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A link that sets a new password, e-mailed to the account's address (single use, until it expires). */
export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A failed sign-in, counted per account and client address together and per client address. */
export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  address: text('address').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
});
