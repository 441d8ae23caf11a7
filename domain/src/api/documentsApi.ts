import { z } from 'zod';
import {
  DocumentKind,
  documentDescriptionMaxLength,
  documentFileNameMaxLength,
  documentStoredExtensions,
  normaliseExifDate,
} from '../documentRules.ts';
import { documentListSizes } from '../limits.ts';
import { maxDbId } from '../inputLimits.ts';

/**
 * The document library's calls (fields-croppings-maps §7, session-shell §7):
 * - `GET /api/import/document/read/{holdingId}/{x}`: `x` is a crop year (the library of that year) or `all`;
 * - `POST /api/import/document/read/ids`: the documents of the given ids that the caller may see;
 * - `POST /api/import/document/import/{holdingId}/{yearId}`: multipart, field `files`, up to 10 files;
 * - `POST /api/import/document/delete/{id}` and `POST /api/import/document/edit`;
 * - `GET /api/img/{holdingId}/{name}[-thumbnail]/{ext}`: the original, or a thumbnail (`?size=`).
 * Every list answer is `{ Documents: Document[] }`, newest upload first.
 */

const idSchema = z.coerce.number().int().positive().max(maxDbId);
const yearSchema = z.coerce.number().int().min(1990).max(2100);

/** A geometry as the spec writes it: well-known text with its coordinate system. */
export const documentLocationSchema = z.object({
  WellKnownText: z.string().max(200),
  CoordinateSystemId: z.literal(4326),
  /** Longitude and latitude of the point, in degrees (EPSG:4326). */
  Lon: z.number(),
  Lat: z.number(),
});
export type DocumentLocation = z.infer<typeof documentLocationSchema>;

export const documentSchema = z.object({
  ImportDocumentId: z.number().int(),
  HoldingId: z.number().int(),
  FileName: z.string(),
  Description: z.string().nullable(),
  Year: z.number().int(),
  /** When the file was uploaded: a UTC instant. */
  UploadDate: z.string(),
  /** When the picture was taken (its EXIF date read as London time) or the date given by hand: a UTC instant. */
  ExifDate: z.string().nullable(),
  /** Where the picture was taken (its EXIF GPS position), a point in SRID 4326. */
  ExifLocation: documentLocationSchema.nullable(),
  ContentType: z.string(),
  Kind: z.enum([DocumentKind.Picture, DocumentKind.Document]),
  Size: z.number().int(),
  /** Image path of the original file. */
  FilePath: z.string(),
  /** Image path of the thumbnail (add `?size=small|medium|large`); null for documents, shown with an icon. */
  ThumbnailPath: z.string().nullable(),
  /** The field whose boundary holds the picture's location in its year, if any. */
  FieldId: z.number().int().nullable(),
  UploadedBy: z.number().int().nullable(),
});
export type ImportDocument = z.infer<typeof documentSchema>;

export const documentListResponseSchema = z.object({ Documents: z.array(documentSchema) });
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

export const documentReadParamsSchema = z.object({
  holdingId: idSchema,
  x: z
    .union([z.literal('all'), yearSchema])
    .describe('A crop year, for the library of that year, or `all` for every year.'),
});

export const documentReadIdsRequestSchema = z.object({
  Ids: z.array(z.number().int().positive().max(maxDbId)).min(1).max(500),
});

export const documentImportParamsSchema = z.object({ holdingId: idSchema, yearId: yearSchema });

export const documentIdParamsSchema = z.object({ id: idSchema });

export const documentEditRequestSchema = z.object({
  ImportDocumentId: z.number().int().positive().max(maxDbId),
  FileName: z
    .string()
    .max(documentFileNameMaxLength * 4)
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'FileName cannot hold control characters.'),
  Description: z
    .string()
    .max(documentDescriptionMaxLength * 4)
    .refine((value) => !value.includes('\u0000'), 'Description cannot hold a NUL character.')
    .nullable(),
  Year: z.number().int().min(1990).max(2100),
  /** A UTC instant, a London date and time, or a bare date; normalised to a UTC instant. */
  ExifDate: z
    .string()
    .max(40)
    .nullable()
    .refine((value) => value === null || normaliseExifDate(value) !== undefined, {
      message: 'ExifDate must be a date (YYYY-MM-DD) or a date and time.',
    }),
});
export type DocumentEditRequest = z.infer<typeof documentEditRequestSchema>;

export const documentDeletedResponseSchema = z.object({ Deleted: z.literal(true) });

export const documentImageParamsSchema = z.object({
  holdingId: idSchema,
  name: z
    .string()
    .regex(/^[0-9a-f]{32}(-thumbnail)?$/, 'name must be a stored file name')
    .describe('The stored name of the file, with `-thumbnail` for its thumbnail.'),
  ext: z.enum(documentStoredExtensions),
});

export const documentImageQuerySchema = z.object({
  size: z.enum(documentListSizes).default('medium'),
});
