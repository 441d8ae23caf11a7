import { bigserial, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  holdingId: integer('holding_id'),
  userId: integer('user_id'),
  sessionId: uuid('session_id'),
  date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  action: text('action').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  source: smallint('source').notNull(),
  objectType: text('object_type').notNull(),
  /** Members a cropping event's cropping was hidden from when it was written (for deleted croppings). */
  hiddenFrom: integer('hidden_from').array().notNull().default([]),
});
