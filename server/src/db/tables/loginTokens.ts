import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** What a temporary login token was issued for; the token grant accepts only some of them. */
export type LoginTokenPurpose = 'login' | 'signup' | 'invite' | 'passwordReset';

export const loginTokens = pgTable('login_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull(),
  purpose: text('purpose').$type<LoginTokenPurpose>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
