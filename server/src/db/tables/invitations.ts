import { integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An invitation to join a holding; pending while `acceptedOn` is null (one pending per address). */
export const holdingInvitations = pgTable('holding_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  holdingId: integer('holding_id').notNull(),
  email: text('email').notNull(),
  accessLevel: smallint('access_level').notNull(),
  issuedBy: integer('issued_by'),
  issuedOn: timestamp('issued_on', { withTimezone: true }).notNull().defaultNow(),
  acceptedOn: timestamp('accepted_on', { withTimezone: true }),
  acceptedBy: integer('accepted_by'),
  mailId: uuid('mail_id'),
  /** Hash of the random secret the invitation link carries; null for invitations written before secrets. */
  secretHash: text('secret_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
