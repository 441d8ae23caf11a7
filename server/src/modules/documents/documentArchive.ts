import { strFromU8, strToU8 } from 'fflate';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DocumentKind,
  documentDescriptionMaxLength,
  documentFileNameMaxLength,
} from '@headland/domain/documentRules';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/httpErrors.ts';
import { sqlJsonRows } from '../../db/sqlRows.ts';
import { detectFileContent, makeThumbnails, type Thumbnails } from './documentFiles.ts';
import type { DocumentStore } from './documentStore.ts';
import { insertDocuments, type NewDocumentRow } from './documents.queries.ts';
import { documentKeys } from './documents.service.ts';

/**
 * The document library in a holding export: `documents.json` lists the documents, and each original file is
 * `documents/{storageName}.{ext}`. Thumbnails are not carried: the import makes them again from the
 * originals, which it checks by content as an upload is checked.
 */
export const documentIndexFile = 'documents.json';
const documentEntry = /^documents\/([0-9a-f]{32})\.(jpg|png|gif|pdf)$/;

/** Whether a zip entry belongs to the library part of a holding export. */
export function isDocumentArchiveEntry(name: string): boolean {
  return name === documentIndexFile || documentEntry.test(name);
}

const documentIndexSchema = z
  .array(
    z.object({
      storageName: z.string().regex(/^[0-9a-f]{32}$/),
      ext: z.enum(['jpg', 'png', 'gif', 'pdf']),
      yearId: z.number().int().min(1990).max(2100),
      fileName: z.string().min(1).max(documentFileNameMaxLength),
      description: z.string().max(documentDescriptionMaxLength).nullable(),
      uploadDate: z.iso.datetime({ offset: true }),
      exifDate: z.iso.datetime({ offset: true }).nullable(),
      lon: z.number().min(-180).max(180).nullable(),
      lat: z.number().min(-90).max(90).nullable(),
    }),
  )
  .max(100_000);
type DocumentIndex = z.infer<typeof documentIndexSchema>;

/** The library's entries of a holding export: the index and every original file, stored uncompressed; none when it is empty. */
export async function exportDocumentFiles(
  db: Db,
  store: DocumentStore,
  holdingId: number,
): Promise<Record<string, Uint8Array | [Uint8Array, { level: 0 }]>> {
  const rows = await sqlJsonRows<DocumentIndex[number] & { hasThumbnail: boolean }>(
    db,
    sql`SELECT storage_name AS "storageName", ext, year_id AS "yearId", file_name AS "fileName", description,
               to_char(upload_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "uploadDate",
               to_char(exif_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "exifDate",
               ST_X(exif_location) AS lon, ST_Y(exif_location) AS lat, has_thumbnail AS "hasThumbnail"
          FROM import_documents WHERE holding_id = ${holdingId} ORDER BY id`,
  );
  const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  const index: DocumentIndex = [];
  for (const { hasThumbnail, ...row } of rows) {
    const bytes = await store.get(documentKeys({ holdingId, hasThumbnail, ...row }).original);
    // A file the store has lost cannot travel; its row stays behind rather than failing the whole export.
    if (!bytes) continue;
    entries[`documents/${row.storageName}.${row.ext}`] = [new Uint8Array(bytes), { level: 0 }];
    index.push(row);
  }
  // An empty library adds nothing: the export is then exactly what it was before libraries existed.
  if (index.length === 0) return {};
  entries[documentIndexFile] = strToU8(JSON.stringify(index, null, 2));
  return entries;
}

/**
 * Stores the library of an imported holding, inside the import's transaction `tx`: every file checked by its
 * content, thumbnails made, files written, rows inserted under new stored names. Answers the keys written, which
 * the caller removes when its transaction fails; removes them itself when this part fails.
 */
export async function importDocumentFiles(
  tx: Db,
  store: DocumentStore,
  target: { holdingId: number; userId: number; cropYears: readonly number[] },
  files: Readonly<Record<string, Uint8Array>>,
  /** Filled, when given, with each document's stored name in the archive and its new one. */
  renamed?: Map<string, string>,
): Promise<string[]> {
  const raw = files[documentIndexFile];
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(strFromU8(raw));
  } catch {
    throw badRequest('exportFileNotJson', { file: documentIndexFile });
  }
  const index = documentIndexSchema.safeParse(parsed);
  if (!index.success) throw badRequest('exportFileInvalid', { file: documentIndexFile });
  const written: string[] = [];
  try {
    const rows: NewDocumentRow[] = [];
    for (const entry of index.data) {
      const name = `documents/${entry.storageName}.${entry.ext}`;
      const bytes = files[name];
      if (!bytes) throw badRequest('exportFileMissing', { file: name });
      if (!target.cropYears.includes(entry.yearId))
        throw badRequest('exportFileYear', { file: entry.fileName });
      const detected = await detectFileContent(bytes);
      if ('problem' in detected || detected.content.ext !== entry.ext)
        throw badRequest('exportFileMismatch', { file: name });
      let thumbnails: Thumbnails | null = null;
      if (detected.content.kind === DocumentKind.Picture) {
        try {
          thumbnails = await makeThumbnails(bytes);
        } catch {
          throw badRequest('exportFileUnreadable', { file: name });
        }
      }
      const row: NewDocumentRow = {
        holdingId: target.holdingId,
        yearId: entry.yearId,
        fileName: entry.fileName,
        contentType: detected.content.contentType,
        storageName: crypto.randomUUID().replaceAll('-', ''),
        ext: entry.ext,
        sizeBytes: bytes.byteLength,
        hasThumbnail: thumbnails !== null,
        exifDate: entry.exifDate,
        location: entry.lon !== null && entry.lat !== null ? { lon: entry.lon, lat: entry.lat } : null,
        uploadedBy: target.userId,
        // The upload dates travel with the files: a library moved to another installation keeps its history.
        uploadDate: entry.uploadDate,
      };
      const keys = documentKeys(row);
      await store.put(keys.original, bytes, row.contentType);
      written.push(keys.original);
      if (thumbnails) {
        for (const size of ['small', 'medium', 'large'] as const) {
          await store.put(keys.thumbnail(size), thumbnails[size], 'image/jpeg');
          written.push(keys.thumbnail(size));
        }
      }
      rows.push(row);
      renamed?.set(entry.storageName, row.storageName);
    }
    if (rows.length) await insertDocuments(tx, rows);
    return written;
  } catch (error) {
    await removeDocumentFiles(store, written);
    throw error;
  }
}

/** Removes files written by an import that did not commit. */
export async function removeDocumentFiles(store: DocumentStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => store.remove(key)));
}
