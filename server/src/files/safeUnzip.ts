import { Unzip, UnzipInflate } from 'fflate';
import { maxUnpackedBytes, maxZipEntries } from '@headland/domain/importLimits';
import { readZipDirectory } from './zipDirectory.ts';

const zipRefusalCodes = {
  damaged: 'zipDamaged',
  tooManyEntries: 'zipTooManyEntries',
  tooLarge: 'zipTooLarge',
} as const;

/** Why a zip was refused; the message is fit for a user, `code` and `params` say it in the catalogue's terms. */
export class ZipRefused extends Error {
  readonly code: (typeof zipRefusalCodes)[keyof typeof zipRefusalCodes];

  constructor(
    readonly reason: 'damaged' | 'tooManyEntries' | 'tooLarge',
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.code = zipRefusalCodes[reason];
  }
}

export interface SafeUnzipOptions {
  /** Which entries to keep (by their full name inside the zip); the others are still counted. */
  keep?: (name: string) => boolean;
  maxEntries?: number;
  maxBytes?: number;
}

/** Compressed bytes handed to the inflater at a time: one step can then unpack at most about 16 MB. */
const sliceBytes = 16 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Refuses at once a zip whose central directory declares more entries or bytes than allowed. Then unpacks it
 * while counting what it really unpacks to (sizes in a zip's headers can lie), and stops as soon
 * as it holds more entries or bytes than allowed: a small zip that would unpack to gigabytes is refused after
 * unpacking at most the limit, never held in memory whole. Folders and macOS resource forks are skipped.
 */
export function safeUnzip(data: Uint8Array, options: SafeUnzipOptions = {}): Map<string, Uint8Array> {
  const maxEntries = options.maxEntries ?? maxZipEntries;
  const maxBytes = options.maxBytes ?? maxUnpackedBytes;
  refuseDeclared(data, maxEntries, maxBytes);
  const files = new Map<string, Uint8Array>();
  let entries = 0;
  let unpacked = 0;
  let unfinished = 0;
  let failure: Error | null = null;
  const unzipper = new Unzip((file) => {
    entries += 1;
    if (entries > maxEntries) {
      throw new ZipRefused('tooManyEntries', `The zip file holds more than ${maxEntries} files.`, {
        max: maxEntries,
      });
    }
    const skip = file.name.endsWith('/') || file.name.includes('__MACOSX/');
    const keep = !skip && (options.keep?.(file.name) ?? true);
    const chunks: Uint8Array[] = [];
    unfinished += 1;
    file.ondata = (error, chunk, final) => {
      if (error) {
        failure = error;
        return;
      }
      unpacked += chunk.length;
      if (unpacked > maxBytes) {
        throw new ZipRefused('tooLarge', `The zip file unpacks to more than ${megabytes(maxBytes)}.`, {
          size: megabytes(maxBytes),
        });
      }
      if (keep) chunks.push(chunk);
      if (final) unfinished -= 1;
      if (final && keep) files.set(file.name, concat(chunks));
    };
    file.start();
  });
  unzipper.register(UnzipInflate);
  try {
    if (data.length === 0) throw new Error('empty');
    for (let offset = 0; offset < data.length; offset += sliceBytes) {
      unzipper.push(data.subarray(offset, offset + sliceBytes), offset + sliceBytes >= data.length);
      if (failure) throw failure;
    }
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    throw new ZipRefused('damaged', 'The zip file is damaged and cannot be opened.');
  }
  // A zip cut short ends inside an entry.
  if (entries === 0 || unfinished > 0)
    throw new ZipRefused('damaged', 'The zip file is damaged and cannot be opened.');
  return files;
}

/** A zip whose central directory already declares too much is refused before anything is inflated. */
function refuseDeclared(data: Uint8Array, maxEntries: number, maxBytes: number): void {
  const declared = readZipDirectory(data, maxEntries + 1);
  if (!declared) return;
  if (declared.entries > maxEntries)
    throw new ZipRefused('tooManyEntries', `The zip file holds more than ${maxEntries} files.`, {
      max: maxEntries,
    });
  if (declared.unpackedBytes > maxBytes)
    throw new ZipRefused('tooLarge', `The zip file unpacks to more than ${megabytes(maxBytes)}.`, {
      size: megabytes(maxBytes),
    });
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

/** A zip starts with a local file header. */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
