import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A sign-up link (migration 0016); only the hash of its random key is kept. */
export const signupRequests = pgTable('signup_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  keyHash: text('key_hash').notNull().unique(),
  email: text('email').notNull(),
  invitationId: uuid('invitation_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The contact details the sign-up wizard asks for. */
export const userContacts = pgTable('user_contacts', {
  userId: integer('user_id').primaryKey(),
  phoneNumber: text('phone_number').notNull(),
  postCode: text('post_code'),
  address: text('address'),
  regionId: integer('region_id'),
  townId: integer('town_id'),
  agronomist: text('agronomist').notNull().default(''),
  contactConsent: boolean('contact_consent').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
