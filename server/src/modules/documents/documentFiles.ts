import { fileTypeFromBuffer } from 'file-type';
import exifr from 'exifr';
import sharp from 'sharp';
import {
  DocumentKind,
  documentContentTypes,
  londonWallClockToUtc,
  thumbnailSizes,
  type DocumentProblem,
} from '@headland/domain/documentRules';
import type { DocumentListSize } from '@headland/domain/limits';

/** What an uploaded file turned out to be, told by its content whatever its name says. */
export interface FileContent {
  contentType: string;
  ext: string;
  kind: DocumentKind;
}

/** Pictures larger than this many pixels are refused rather than decoded (a decompression bomb). */
const maxPixels = 200_000_000;

/**
 * The type of an uploaded file by its first bytes: jpg, png, gif or pdf, else the refusal to show. HEIC photos
 * from phones get their own refusal: the kept image library has no HEVC decoder to read them.
 */
export async function detectFileContent(
  bytes: Uint8Array,
): Promise<{ content: FileContent } | { problem: DocumentProblem }> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && (detected.mime === 'image/heic' || detected.mime === 'image/heif')) {
    return { problem: { code: 'heic' } };
  }
  // Content of no known kind (text, an empty file) under an allowed name is not a correct file: the spec's
  // Import error. A file recognised as another kind (an executable) is told which kinds are allowed.
  if (!detected) return { problem: { code: 'importError' } };
  const known = documentContentTypes[detected.mime];
  if (!known) return { problem: { code: 'fileType' } };
  return { content: { contentType: detected.mime, ext: known.ext, kind: known.kind } };
}

/** What a picture's EXIF block says: when and where it was taken. */
export interface PictureFacts {
  /** A UTC instant, from the EXIF wall-clock date read as London time. */
  takenAt: string | null;
  /** The GPS position in degrees (EPSG:4326). */
  location: { lon: number; lat: number } | null;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/** The EXIF date taken and GPS position of a picture; nulls when it has none or they cannot be read. */
export async function readPictureFacts(bytes: Uint8Array): Promise<PictureFacts> {
  let takenAt: string | null = null;
  let location: PictureFacts['location'] = null;
  try {
    // Dates are read as written (no zone) rather than revived in the server's own zone.
    const tags = (await exifr.parse(bytes, {
      pick: ['DateTimeOriginal', 'CreateDate', 'DateTime'],
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
    const text = [tags?.DateTimeOriginal, tags?.CreateDate, tags?.DateTime].find(
      (v) => typeof v === 'string',
    );
    const parts = typeof text === 'string' ? EXIF_DATE.exec(text) : null;
    if (parts) {
      const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const date = londonWallClockToUtc(year, month, day, hour, minute, second);
      if (!Number.isNaN(date.getTime()) && year >= 1900 && month >= 1 && month <= 12) {
        takenAt = date.toISOString();
      }
    }
  } catch {
    takenAt = null;
  }
  try {
    const gps = (await exifr.gps(bytes)) as { latitude?: number; longitude?: number } | undefined;
    const lat = gps?.latitude;
    const lon = gps?.longitude;
    if (
      typeof lat === 'number' &&
      typeof lon === 'number' &&
      Number.isFinite(lat) &&
      Number.isFinite(lon) &&
      Math.abs(lat) <= 90 &&
      Math.abs(lon) <= 180 &&
      !(lat === 0 && lon === 0)
    ) {
      location = { lon, lat };
    }
  } catch {
    location = null;
  }
  return { takenAt, location };
}

export type Thumbnails = Record<DocumentListSize, Buffer>;

/**
 * The three list-size thumbnails of a picture, as JPEG, turned upright by its EXIF orientation first (so the
 * resize sees the picture's real width and height). Only the first frame of an animated GIF is used.
 * Throws when the picture cannot be decoded: the upload is then refused.
 */
export async function makeThumbnails(bytes: Uint8Array): Promise<Thumbnails> {
  const upright = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize(thumbnailSizes.large, thumbnailSizes.large, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toBuffer();
  const entries = await Promise.all(
    (Object.entries(thumbnailSizes) as [DocumentListSize, number][]).map(async ([size, pixels]) => {
      const image = sharp(upright).resize(pixels, pixels, { fit: 'inside', withoutEnlargement: true });
      return [size, await image.jpeg({ quality: 80, mozjpeg: true }).toBuffer()] as const;
    }),
  );
  return Object.fromEntries(entries) as Thumbnails;
}
