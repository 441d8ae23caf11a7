import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Partner organisations (migration 0022); their users carry `users.partner_id`. */
export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A legal document a partner requires signed before a holding enables it. */
export const legalDocuments = pgTable('legal_documents', {
  id: serial('id').primaryKey(),
  partnerId: integer('partner_id').notNull(),
  title: text('title').notNull(),
});

/** One unchangeable text of a legal document; the highest version is the one required. */
export const legalDocumentVersions = pgTable('legal_document_versions', {
  id: serial('id').primaryKey(),
  legalDocumentId: integer('legal_document_id').notNull(),
  version: integer('version').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A holding's signature of one version, with the signer's name as it was then. */
export const legalDocumentSignatures = pgTable('legal_document_signatures', {
  id: serial('id').primaryKey(),
  legalDocumentVersionId: integer('legal_document_version_id').notNull(),
  holdingId: integer('holding_id').notNull(),
  userId: integer('user_id'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Whether a partner is enabled for a holding's crop year. */
export const partnerHoldings = pgTable(
  'partner_holdings',
  {
    partnerId: integer('partner_id').notNull(),
    holdingId: integer('holding_id').notNull(),
    yearId: integer('year_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    changedBy: integer('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.partnerId, table.holdingId, table.yearId] })],
);

/** The croppings a holding shares with a partner. */
export const partnerCroppings = pgTable(
  'partner_croppings',
  {
    partnerId: integer('partner_id').notNull(),
    croppingId: integer('cropping_id').notNull(),
    holdingId: integer('holding_id').notNull(),
    yearId: integer('year_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.partnerId, table.croppingId] })],
);
