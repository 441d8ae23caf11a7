import { randomBytes } from 'node:crypto';
import type { DocumentEditRequest, ImportDocument } from '@headland/domain/api/documentsApi';
import {
  DocumentKind,
  documentContentTypes,
  documentFileNameMaxLength,
  documentMessageText,
  normaliseExifDate,
  validateDocumentForm,
  type DocumentProblem,
} from '@headland/domain/documentRules';
import { EventAction, Module } from '@headland/domain/enumerations';
import type { DocumentListSize } from '@headland/domain/limits';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { HttpError, forbidden, notFound } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { detectFileContent, makeThumbnails, type PictureFacts, type Thumbnails } from './documentFiles.ts';
import { readPictureFactsOffThread } from '../../workers/parseJobs.ts';
import type { DocumentStore } from './documentStore.ts';
import {
  deleteDocumentRow,
  insertDocuments,
  selectCropYears,
  selectDocument,
  selectDocuments,
  selectDocumentsByIds,
  selectLatestPictures,
  selectImageFile,
  updateDocument,
  type DocumentRow,
  type NewDocumentRow,
} from './documents.queries.ts';

/** A refusal with the spec's words and the problem's code, which the library popup translates. */
export function documentProblem(problem: DocumentProblem, field = 'files', fileName?: string): HttpError {
  const message = documentMessageText(problem);
  const { code, ...params } = problem;
  return new HttpError(
    400,
    code,
    params,
    {
      Errors: [{ Field: field, Message: message }],
      ...(fileName === undefined ? {} : { FileName: fileName }),
    },
    {},
    message,
  );
}

/** The store keys of a document's files: the original and, for pictures, a thumbnail per list size. */
export function documentKeys(row: Pick<DocumentRow, 'holdingId' | 'storageName' | 'ext' | 'hasThumbnail'>) {
  const base = `holdings/${row.holdingId}/${row.storageName}`;
  return {
    original: `${base}.${row.ext}`,
    thumbnail: (size: DocumentListSize) => `${base}-thumbnail-${size}.jpg`,
    all: [
      `${base}.${row.ext}`,
      ...(row.hasThumbnail
        ? (['small', 'medium', 'large'] as const).map((s) => `${base}-thumbnail-${s}.jpg`)
        : []),
    ],
  };
}

export function presentDocument(row: DocumentRow): ImportDocument {
  const kind = documentContentTypes[row.contentType]?.kind ?? DocumentKind.Document;
  const image = `/api/img/${row.holdingId}/${row.storageName}`;
  return {
    ImportDocumentId: row.id,
    HoldingId: row.holdingId,
    FileName: row.fileName,
    Description: row.description,
    Year: row.yearId,
    UploadDate: row.uploadDate,
    ExifDate: row.exifDate,
    ExifLocation:
      row.wkt !== null && row.lon !== null && row.lat !== null
        ? { WellKnownText: row.wkt, CoordinateSystemId: 4326, Lon: row.lon, Lat: row.lat }
        : null,
    ContentType: row.contentType,
    Kind: kind,
    Size: Number(row.sizeBytes),
    FilePath: `${image}/${row.ext}`,
    ThumbnailPath: row.hasThumbnail ? `${image}-thumbnail/${row.ext}` : null,
    FieldId: row.fieldId,
    UploadedBy: row.uploadedBy,
  };
}

/** The library's holding in a path must be the session's: a library is read and changed from its holding only. */
function checkHolding(caller: Caller, holdingId: number): void {
  if (holdingId !== caller.holdingId) throw forbidden('documentsOtherHolding');
}

const missing = () => notFound('documentNotFound');

/** `x` of the read call: one crop year, or every year. */
export async function listDocuments(
  db: Db,
  caller: Caller,
  holdingId: number,
  x: number | 'all',
): Promise<ImportDocument[]> {
  checkHolding(caller, holdingId);
  const rows = await selectDocuments(db, caller.access, x === 'all' ? null : x);
  return rows.map(presentDocument);
}

export async function documentsByIds(
  db: Db,
  caller: Caller,
  ids: readonly number[],
): Promise<ImportDocument[]> {
  const rows = await selectDocumentsByIds(db, caller.access, [...new Set(ids)]);
  return rows.map(presentDocument);
}

/** The latest pictures of the library, of every year, as the dashboard shows them. */
export async function latestPictures(db: Db, caller: Caller, limit: number): Promise<ImportDocument[]> {
  const rows = await selectLatestPictures(db, caller.access, limit);
  return rows.map(presentDocument);
}

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

interface PreparedFile {
  row: NewDocumentRow;
  original: Buffer;
  thumbnails: Thumbnails | null;
}

/** A file name as kept: no folders, no control characters, at most 255 characters, never empty. */
function keptFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, documentFileNameMaxLength);
}

/**
 * Stores an upload: each file is checked by its content, pictures get their thumbnails and EXIF date and
 * position, then every file is written to the store and the rows are inserted in one transaction with their
 * event. Nothing is kept when anything fails: files already written are removed again.
 */
export async function importDocuments(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  holdingId: number,
  yearId: number,
  files: readonly UploadedFile[],
): Promise<ImportDocument[]> {
  checkHolding(caller, holdingId);
  const cropYears = await selectCropYears(db, holdingId);
  if (!cropYears.includes(yearId)) throw documentProblem({ code: 'yearNotInSession' }, 'yearId');

  const prepared: PreparedFile[] = [];
  for (const file of files) {
    const fileName = keptFileName(file.fileName);
    const detected = await detectFileContent(file.bytes);
    if ('problem' in detected) throw documentProblem(detected.problem, 'files', fileName);
    const { content } = detected;
    let thumbnails: Thumbnails | null = null;
    let facts: PictureFacts = { takenAt: null, location: null };
    if (content.kind === DocumentKind.Picture) {
      try {
        thumbnails = await makeThumbnails(file.bytes);
      } catch {
        throw documentProblem({ code: 'importError' }, 'files', fileName);
      }
      facts = await readPictureFactsOffThread(file.bytes);
    }
    prepared.push({
      original: file.bytes,
      thumbnails,
      row: {
        holdingId,
        yearId,
        fileName,
        contentType: content.contentType,
        storageName: randomBytes(16).toString('hex'),
        ext: content.ext,
        sizeBytes: file.bytes.byteLength,
        hasThumbnail: thumbnails !== null,
        exifDate: facts.takenAt,
        location: facts.location,
        uploadedBy: caller.actor.userId,
      },
    });
  }

  const written: string[] = [];
  try {
    for (const file of prepared) {
      const keys = documentKeys(file.row);
      await store.put(keys.original, file.original, file.row.contentType);
      written.push(keys.original);
      if (file.thumbnails) {
        for (const size of ['small', 'medium', 'large'] as const) {
          await store.put(keys.thumbnail(size), file.thumbnails[size], 'image/jpeg');
          written.push(keys.thumbnail(size));
        }
      }
    }
    const ids = await db.transaction(async (tx) => {
      const inserted = await insertDocuments(
        tx,
        prepared.map((file) => file.row),
      );
      await recordEvent(tx, caller.actor, {
        action: EventAction.Import,
        source: Module.Imports,
        objectType: 'ImportDocument',
        data: { Ids: inserted, YearId: yearId, Names: prepared.map((file) => file.row.fileName) },
      });
      return inserted;
    });
    const rows = await selectDocumentsByIds(db, caller.access, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [presentDocument(row)] : [];
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => store.remove(key)));
    throw error;
  }
}

/** Saves the properties popup: name, description, year and document date (normalised to a UTC instant). */
export async function editDocument(
  db: Db,
  caller: Caller,
  request: DocumentEditRequest,
): Promise<ImportDocument> {
  const cropYears = await selectCropYears(db, caller.holdingId);
  const fileName = request.FileName.trim();
  const description = request.Description === null || request.Description === '' ? null : request.Description;
  const issues = validateDocumentForm({ fileName, description, year: request.Year }, cropYears);
  const field = { fileName: 'FileName', description: 'Description', year: 'Year' } as const;
  if (issues[0]) throw documentProblem(issues[0].problem, field[issues[0].field]);
  const exifDate = request.ExifDate === null ? null : (normaliseExifDate(request.ExifDate) ?? null);
  await db.transaction(async (tx) => {
    const row = await selectDocument(tx, caller.access, { id: request.ImportDocumentId }, true);
    if (!row) throw missing();
    await updateDocument(tx, row.id, { fileName, description, yearId: request.Year, exifDate });
    await recordEvent(tx, caller.actor, {
      action: EventAction.Update,
      source: Module.Imports,
      objectType: 'ImportDocument',
      data: { Id: row.id, Name: fileName, YearId: request.Year },
    });
  });
  const row = await selectDocument(db, caller.access, { id: request.ImportDocumentId });
  if (!row) throw missing();
  return presentDocument(row);
}

/** Removes a document: its row and event in one transaction, then its files. */
export async function deleteDocument(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  id: number,
  log: (error: unknown) => void,
): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const found = await selectDocument(tx, caller.access, { id }, true);
    if (!found) throw missing();
    await deleteDocumentRow(tx, found.id);
    await recordEvent(tx, caller.actor, {
      action: EventAction.Delete,
      source: Module.Imports,
      objectType: 'ImportDocument',
      data: { Id: found.id, Name: found.fileName, YearId: found.yearId },
    });
    return found;
  });
  // The row is gone, so nothing names the files any more; a file left behind by a failing store is only space.
  const results = await Promise.allSettled(documentKeys(row).all.map((key) => store.remove(key)));
  for (const result of results) if (result.status === 'rejected') log(result.reason);
}

export interface ImageAnswer {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** The bytes behind an image path: the original file, or the thumbnail of the size asked for. */
export async function readDocumentImage(
  db: Db,
  store: DocumentStore,
  caller: Caller,
  params: { holdingId: number; name: string; ext: string },
  size: DocumentListSize,
): Promise<ImageAnswer> {
  checkHolding(caller, params.holdingId);
  const thumbnail = params.name.endsWith('-thumbnail');
  const storageName = thumbnail ? params.name.slice(0, -'-thumbnail'.length) : params.name;
  const row = await selectImageFile(db, caller.access, storageName);
  if (!row || row.ext !== params.ext || (thumbnail && !row.hasThumbnail)) throw notFound('imageNotFound');
  const keys = documentKeys(row);
  const bytes = await store.get(thumbnail ? keys.thumbnail(size) : keys.original);
  if (!bytes) throw notFound('imageNotFound');
  return {
    bytes,
    contentType: thumbnail ? 'image/jpeg' : row.contentType,
    fileName: thumbnail ? `${row.fileName}-${size}.jpg` : row.fileName,
  };
}

// The part of this area that other areas use, besides the functions above: they import nothing else from it.
export { documentStoreFor } from './documentStore.ts';
export type { DocumentStore } from './documentStore.ts';
export {
  exportDocumentFiles,
  importDocumentFiles,
  isDocumentArchiveEntry,
  removeDocumentFiles,
} from './documentArchive.ts';
