import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  DocumentKind,
  documentContentTypes,
  thumbnailSizes,
  type DocumentProblem,
} from '@headland/domain/documentRules';
import type { DocumentListSize } from '@headland/domain/limits';

export { readPictureFacts, type PictureFacts } from './pictureFacts.ts';

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
