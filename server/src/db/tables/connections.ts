import { integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** A user's connection to an external app on one holding (migration 0023); `sealed_*` hold sealed secrets. */
export const appConnections = pgTable(
  'app_connections',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').notNull(),
    userId: integer('user_id').notNull(),
    holdingId: integer('holding_id').notNull(),
    mode: smallint('mode').notNull(),
    status: smallint('status').notNull().default(1),
    organisationId: text('organisation_id'),
    organisationName: text('organisation_name'),
    firstYear: integer('first_year'),
    basicUser: text('basic_user'),
    sealedPassword: text('sealed_password'),
    sealedAccessToken: text('sealed_access_token'),
    sealedRefreshToken: text('sealed_refresh_token'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    oauthStateHash: text('oauth_state_hash'),
    sealedPkceVerifier: text('sealed_pkce_verifier'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.holdingId, table.userId, table.appId)],
);
