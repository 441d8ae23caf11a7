import {
  documentAllowedExtensions,
  documentMaxFiles,
  documentMaxTotalBytes,
  documentMaxTotalMb,
} from './limits.ts';

/**
 * The document library's rules (fields-croppings-maps §5 Documents, session-shell §5 Document upload), checked
 * by the library popup before anything is sent and again by the server. Problems travel as codes with
 * parameters; `documentMessageText` gives the spec's English words, which the server sends and the web's
 * translations repeat.
 */

export const documentDescriptionMaxLength = 250;
/** A file name is kept whole up to here; longer names are refused by the edit and shortened on upload. */
export const documentFileNameMaxLength = 255;

/** The kinds of file the library keeps, told by their content. */
export const DocumentKind = { Picture: 'picture', Document: 'document' } as const;
export type DocumentKind = (typeof DocumentKind)[keyof typeof DocumentKind];

/** Content types the library stores, with the extension each is kept under. */
export const documentContentTypes: Readonly<Record<string, { ext: string; kind: DocumentKind }>> = {
  'image/jpeg': { ext: 'jpg', kind: DocumentKind.Picture },
  'image/png': { ext: 'png', kind: DocumentKind.Picture },
  'image/gif': { ext: 'gif', kind: DocumentKind.Picture },
  'application/pdf': { ext: 'pdf', kind: DocumentKind.Document },
};

/** Extensions a stored file may be asked for by, in the image path. */
export const documentStoredExtensions = ['jpg', 'png', 'gif', 'pdf'] as const;
export type DocumentStoredExtension = (typeof documentStoredExtensions)[number];

/** The three list sizes, in pixels of the longer side of a thumbnail. */
export const thumbnailSizes = { small: 96, medium: 192, large: 384 } as const;

export type DocumentProblem =
  | { code: 'tooManyFiles'; count: number }
  | { code: 'tooLarge'; totalMb: string }
  | { code: 'fileType' }
  | { code: 'heic' }
  | { code: 'importError' }
  | { code: 'nameRequired' }
  | { code: 'descriptionTooLong' }
  | { code: 'nameTooLong' }
  | { code: 'yearNotInSession' };

export type DocumentProblemCode = DocumentProblem['code'];

/** Megabytes as the size message shows them: 1 MB is 1024 × 1024 bytes, two decimals at most. */
export function megabytesText(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 100) / 100);
}

/** The spec's English wording of each problem; the server answers with it. */
export function documentMessageText(problem: DocumentProblem): string {
  switch (problem.code) {
    case 'tooManyFiles':
      return `Your selection is ${problem.count} files long, the maximum number of files you can select is ${documentMaxFiles}. Please unselect some files.`;
    case 'tooLarge':
      return `The total files size is ${problem.totalMb} MB. The maximum total files size is ${documentMaxTotalMb}MB.`;
    case 'fileType':
      return `Allowed file types are : ${documentAllowedExtensions.join(', ')}`;
    case 'heic':
      return 'HEIC pictures cannot be read. Please save them as JPEG and upload them again.';
    case 'importError':
      return 'There was an error during the import process. Be sure that the files are correct.';
    case 'nameRequired':
      return 'Name is required.';
    case 'descriptionTooLong':
      return `Description cannot be longer than ${documentDescriptionMaxLength} characters.`;
    case 'nameTooLong':
      return `Name cannot be longer than ${documentFileNameMaxLength} characters.`;
    case 'yearNotInSession':
      return 'Year must be one of the crop years of the holding.';
  }
}

/** The extension of a file name, lower case, without the dot; '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What the browser knows of a chosen file before it is sent. */
export interface ChosenFile {
  name: string;
  size: number;
}

/**
 * The first problem of a selection, checked in the order a user meets them: the count, the total size, then each
 * file's extension. The server checks the same, and each file's content on top.
 */
export function checkDocumentSelection(files: readonly ChosenFile[]): DocumentProblem | null {
  if (files.length > documentMaxFiles) return { code: 'tooManyFiles', count: files.length };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > documentMaxTotalBytes) return { code: 'tooLarge', totalMb: megabytesText(total) };
  if (files.some((file) => !documentAllowedExtensions.includes(fileExtension(file.name)))) {
    return { code: 'fileType' };
  }
  return null;
}

/** The properties popup's values when saved. */
export interface DocumentFormValues {
  fileName: string;
  description: string | null;
  year: number | null;
}

export type DocumentFormField = keyof DocumentFormValues;

export interface DocumentFormIssue {
  field: DocumentFormField;
  problem: DocumentProblem;
}

/** Every problem of the properties form, in the order of the form; saving needs none. */
export function validateDocumentForm(
  values: DocumentFormValues,
  cropYears: readonly number[],
): DocumentFormIssue[] {
  const issues: DocumentFormIssue[] = [];
  const name = values.fileName.trim();
  if (name === '') issues.push({ field: 'fileName', problem: { code: 'nameRequired' } });
  else if (name.length > documentFileNameMaxLength)
    issues.push({ field: 'fileName', problem: { code: 'nameTooLong' } });
  if ((values.description ?? '').length > documentDescriptionMaxLength)
    issues.push({ field: 'description', problem: { code: 'descriptionTooLong' } });
  if (values.year === null || !cropYears.includes(values.year))
    issues.push({ field: 'year', problem: { code: 'yearNotInSession' } });
  return issues;
}

/** The remove confirmation's question (fields-croppings-maps §8), by the kind of file. */
export function removeWarningText(kind: DocumentKind): string {
  return kind === DocumentKind.Picture
    ? 'Are you sure you want to remove this picture ?'
    : 'Are you sure you want to remove this document ?';
}

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes London is ahead of UTC at the instant `utcMs`. */
function londonOffsetMinutes(utcMs: number): number {
  const parts = Object.fromEntries(londonParts.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/**
 * A wall-clock time in London (an EXIF date has no zone; UK phones write local time) as a UTC instant.
 * Ambiguous autumn times take the first (summer) reading; times skipped in spring move an hour on.
 */
export function londonWallClockToUtc(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = asUtc - londonOffsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - londonOffsetMinutes(first) * 60_000);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The document date as the edit call normalises it: a UTC instant written `YYYY-MM-DDTHH:mm:ss.sssZ`.
 * Accepted: an instant with its zone; a date and time without zone, read as London time; a bare date (the
 * date picker's), read as midnight in London. Undefined when the text is none of those or not a real date.
 */
export function normaliseExifDate(text: string): string | undefined {
  const value = text.trim();
  if (ZONED_DATE_TIME.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
  }
  const local = LOCAL_DATE_TIME.exec(value) ?? DATE_ONLY.exec(value);
  if (!local) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = local.slice(1).map((p) => Number(p ?? 0));
  const check = new Date(Date.UTC(year!, month! - 1, day!));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day)
    return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return londonWallClockToUtc(year!, month!, day!, hour, minute, second).toISOString();
}

/** The London calendar date (`YYYY-MM-DD`) of a UTC instant: what the date picker shows of a document date. */
export function londonDateOf(instant: string): string {
  const parts = Object.fromEntries(
    londonParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
