import {
  bigint,
  bigserial,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A revision number per holding (scope 0: the shared catalogues), moved on by triggers (migration 0006); the
 * fields list's ETag is made from it and its change is announced to every server (migration 0014).
 */
export const dataRevisions = pgTable('data_revisions', {
  scope: integer('scope').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

/** Maintenance windows, kept in the database so that every server refuses calls during the same window. */
export const maintenanceNotices = pgTable('maintenance_notices', {
  id: serial('id').primaryKey(),
  startDate: timestamp('start_date', { withTimezone: true }).notNull(),
  endDate: timestamp('end_date', { withTimezone: true }).notNull(),
  message: text('message').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uncaught browser errors reported by beacon, for support to read. */
export const clientErrors = pgTable('client_errors', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id'),
  sessionId: uuid('session_id'),
  date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  message: text('message').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
});
