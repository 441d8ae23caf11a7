import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { croppingVisibleSql, type CroppingAccess } from '../../auth/croppingAccess.ts';
import { sqlJsonRows, sqlRows } from '../../db/sqlRows.ts';

/** One row of the library as the service presents it; timestamps are UTC instants in ISO text. */
export interface DocumentRow {
  id: number;
  holdingId: number;
  yearId: number;
  fileName: string;
  description: string | null;
  contentType: string;
  storageName: string;
  ext: string;
  sizeBytes: number;
  hasThumbnail: boolean;
  uploadDate: string;
  exifDate: string | null;
  wkt: string | null;
  lon: number | null;
  lat: number | null;
  fieldId: number | null;
  uploadedBy: number | null;
}

const isoUtc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Whether the document `d` is visible to the caller. A restricted member does not see a picture taken inside a
 * cropping hidden from them in the picture's year (it would show what is grown there), unless they uploaded it
 * themselves; documents without a location, and everyone else's view, are not narrowed.
 */
export function documentVisibleSql(access: CroppingAccess): SQL {
  if (!access.restricted) return sql`TRUE`;
  return sql`(d.uploaded_by = ${access.userId} OR d.exif_location IS NULL OR NOT EXISTS (
    SELECT 1 FROM croppings c JOIN fields f ON f.id = c.field_id
     WHERE c.holding_id = d.holding_id AND c.year_id = d.year_id
       AND ST_Covers(coalesce(c.boundary, f.boundary), d.exif_location)
       AND NOT (${croppingVisibleSql(access, sql`c.id`)})))`;
}

const documentColumns = sql`
  d.id, d.holding_id AS "holdingId", d.year_id AS "yearId", d.file_name AS "fileName", d.description,
  d.content_type AS "contentType", d.storage_name AS "storageName", d.ext, d.size_bytes::float8 AS "sizeBytes",
  d.has_thumbnail AS "hasThumbnail", ${isoUtc(sql`d.upload_date`)} AS "uploadDate",
  ${isoUtc(sql`d.exif_date`)} AS "exifDate", ST_AsText(d.exif_location) AS wkt,
  ST_X(d.exif_location) AS lon, ST_Y(d.exif_location) AS lat,
  (SELECT f.id FROM fields f
    WHERE d.exif_location IS NOT NULL AND f.holding_id = d.holding_id AND f.boundary IS NOT NULL
      AND ST_Covers(f.boundary, d.exif_location)
    ORDER BY f.id LIMIT 1) AS "fieldId",
  d.uploaded_by AS "uploadedBy"`;

/** The library of a holding, of one year or every year: newest upload first, in the order sent within one. */
export function selectDocuments(
  db: Db,
  access: CroppingAccess,
  yearId: number | null,
): Promise<DocumentRow[]> {
  return sqlJsonRows<DocumentRow>(
    db,
    sql`SELECT ${documentColumns} FROM import_documents d
         WHERE d.holding_id = ${access.holdingId} ${yearId === null ? sql`` : sql`AND d.year_id = ${yearId}`}
           AND ${documentVisibleSql(access)}
         ORDER BY d.upload_date DESC, d.id`,
  );
}

/** The latest pictures of the holding's library (every year) that the caller may see, newest upload first. */
export function selectLatestPictures(db: Db, access: CroppingAccess, limit: number): Promise<DocumentRow[]> {
  return sqlJsonRows<DocumentRow>(
    db,
    sql`SELECT ${documentColumns} FROM import_documents d
         WHERE d.holding_id = ${access.holdingId} AND d.content_type LIKE 'image/%'
           AND ${documentVisibleSql(access)}
         ORDER BY d.upload_date DESC, d.id DESC
         LIMIT ${limit}`,
  );
}

/** The documents of the caller's holding among `ids` that the caller may see. */
export function selectDocumentsByIds(
  db: Db,
  access: CroppingAccess,
  ids: readonly number[],
): Promise<DocumentRow[]> {
  return sqlJsonRows<DocumentRow>(
    db,
    sql`SELECT ${documentColumns} FROM import_documents d
         WHERE d.holding_id = ${access.holdingId}
           AND d.id IN (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})
           AND ${documentVisibleSql(access)}
         ORDER BY d.upload_date DESC, d.id`,
  );
}

/** What the image path needs of a document: its stored name, type and thumbnails; undefined when hidden. */
export async function selectImageFile(
  db: Db,
  access: CroppingAccess,
  storageName: string,
): Promise<
  | Pick<DocumentRow, 'holdingId' | 'storageName' | 'ext' | 'hasThumbnail' | 'contentType' | 'fileName'>
  | undefined
> {
  const [row] = await sqlRows<
    Pick<DocumentRow, 'holdingId' | 'storageName' | 'ext' | 'hasThumbnail' | 'contentType' | 'fileName'>
  >(
    db,
    sql`SELECT d.holding_id AS "holdingId", d.storage_name AS "storageName", d.ext, d.has_thumbnail AS "hasThumbnail",
               d.content_type AS "contentType", d.file_name AS "fileName"
          FROM import_documents d
         WHERE d.holding_id = ${access.holdingId} AND d.storage_name = ${storageName}
           AND ${documentVisibleSql(access)}`,
  );
  return row;
}

/** One visible document of the caller's holding, by id or by stored name; undefined when there is none. */
export async function selectDocument(
  db: Db,
  access: CroppingAccess,
  where: { id: number } | { storageName: string },
  forUpdate = false,
): Promise<DocumentRow | undefined> {
  const match = 'id' in where ? sql`d.id = ${where.id}` : sql`d.storage_name = ${where.storageName}`;
  const [row] = await sqlRows<DocumentRow>(
    db,
    sql`SELECT ${documentColumns} FROM import_documents d
         WHERE d.holding_id = ${access.holdingId} AND ${match} AND ${documentVisibleSql(access)}
         ${forUpdate ? sql`FOR UPDATE OF d` : sql``}`,
  );
  return row ? { ...row, sizeBytes: Number(row.sizeBytes) } : undefined;
}

export interface NewDocumentRow {
  holdingId: number;
  yearId: number;
  fileName: string;
  contentType: string;
  storageName: string;
  ext: string;
  sizeBytes: number;
  hasThumbnail: boolean;
  exifDate: string | null;
  location: { lon: number; lat: number } | null;
  uploadedBy: number;
  /** When the file was first uploaded, for a library carried by a holding export; now by default. */
  uploadDate?: string;
}

/** Inserts the rows of one upload; answers their ids in the order given. */
export async function insertDocuments(db: Db, rows: readonly NewDocumentRow[]): Promise<number[]> {
  const values = rows.map(
    (row) => sql`(${row.holdingId}, ${row.yearId}, ${row.fileName}, ${row.contentType}, ${row.storageName},
      ${row.ext}, ${row.sizeBytes}, ${row.hasThumbnail}, ${row.exifDate}::timestamptz,
      ${row.location ? sql`ST_SetSRID(ST_MakePoint(${row.location.lon}, ${row.location.lat}), 4326)` : sql`NULL`},
      ${row.uploadedBy}, coalesce(${row.uploadDate ?? null}::timestamptz, now()))`,
  );
  const inserted = await sqlRows<{ id: number; storage_name: string }>(
    db,
    sql`INSERT INTO import_documents (holding_id, year_id, file_name, content_type, storage_name, ext, size_bytes,
          has_thumbnail, exif_date, exif_location, uploaded_by, upload_date)
        VALUES ${sql.join(values, sql`, `)}
        RETURNING id, storage_name`,
  );
  const idOf = new Map(inserted.map((row) => [row.storage_name, row.id]));
  return rows.map((row) => idOf.get(row.storageName)!);
}

export async function updateDocument(
  db: Db,
  id: number,
  values: { fileName: string; description: string | null; yearId: number; exifDate: string | null },
): Promise<void> {
  await db.execute(sql`
    UPDATE import_documents
       SET file_name = ${values.fileName}, description = ${values.description}, year_id = ${values.yearId},
           exif_date = ${values.exifDate}::timestamptz
     WHERE id = ${id}`);
}

export async function deleteDocumentRow(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM import_documents WHERE id = ${id}`);
}

/** The crop years of a holding, oldest first. */
export async function selectCropYears(db: Db, holdingId: number): Promise<number[]> {
  const rows = await sqlRows<{ year_id: number }>(
    db,
    sql`SELECT year_id FROM holding_crop_years WHERE holding_id = ${holdingId} ORDER BY year_id`,
  );
  return rows.map((row) => row.year_id);
}
