import { bigint, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { geometry4326 } from '../geometryColumn.ts';

/** The holding's document and picture library (migration 0013); the files are in the document store. */
export const importDocuments = pgTable('import_documents', {
  id: serial('id').primaryKey(),
  holdingId: integer('holding_id').notNull(),
  yearId: integer('year_id').notNull(),
  fileName: text('file_name').notNull(),
  description: text('description'),
  contentType: text('content_type').notNull(),
  storageName: text('storage_name').notNull(),
  ext: text('ext').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  hasThumbnail: boolean('has_thumbnail').notNull().default(false),
  uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
  exifDate: timestamp('exif_date', { withTimezone: true }),
  exifLocation: geometry4326('exif_location', 'Point'),
  uploadedBy: integer('uploaded_by'),
});
