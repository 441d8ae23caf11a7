/**
 * What a zip's central directory declares: how many entries it holds and what they unpack to together. Read
 * from the end of the file without inflating anything, so that a zip declaring more than the limits is refused
 * at once; the unpacking still counts what it really gets, since a directory can lie.
 */
export interface DeclaredZip {
  entries: number;
  unpackedBytes: number;
}

const endOfDirectory = 0x06054b50;
const zip64Locator = 0x07064b50;
const zip64End = 0x06064b50;
const directoryEntry = 0x02014b50;
const unknown32 = 0xffffffff;

/** A 64-bit little-endian size as a number (exact up to 2^53, far beyond any limit). */
function u64(view: DataView, offset: number): number {
  return view.getUint32(offset, true) + view.getUint32(offset + 4, true) * 2 ** 32;
}

/** Where the end-of-central-directory record starts, searching back over a comment of up to 64 KB. */
function findEnd(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let offset = last; offset >= first; offset -= 1) {
    if (view.getUint32(offset, true) === endOfDirectory) return offset;
  }
  return -1;
}

/**
 * The zip's declared entries and unpacked size, or null when no readable central directory is found (the
 * unpacking then decides whether the file is damaged). Stops counting at `stopAfter` entries.
 */
export function readZipDirectory(bytes: Uint8Array, stopAfter = Infinity): DeclaredZip | null {
  if (bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  if (end < 0) return null;
  let entries = view.getUint16(end + 10, true);
  let start = view.getUint32(end + 16, true);
  if (
    (entries === 0xffff || start === unknown32) &&
    end >= 20 &&
    view.getUint32(end - 20, true) === zip64Locator
  ) {
    const record = u64(view, end - 12);
    if (record + 56 > bytes.length || view.getUint32(record, true) !== zip64End) return null;
    entries = u64(view, record + 32);
    start = u64(view, record + 48);
  }
  let unpackedBytes = 0;
  let counted = 0;
  let offset = start;
  while (counted < entries && counted < stopAfter) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== directoryEntry) return null;
    let size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (size === unknown32) size = zip64Size(view, offset + 46 + nameLength, extraLength) ?? size;
    unpackedBytes += size;
    counted += 1;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, unpackedBytes };
}

/** The unpacked size in an entry's zip64 extra field (its first value when the 32-bit field says "see there"). */
function zip64Size(view: DataView, extraStart: number, extraLength: number): number | null {
  const stop = Math.min(extraStart + extraLength, view.byteLength);
  for (let offset = extraStart; offset + 4 <= stop;) {
    const id = view.getUint16(offset, true);
    const length = view.getUint16(offset + 2, true);
    if (id === 0x0001 && length >= 8 && offset + 12 <= stop) return u64(view, offset + 4);
    offset += 4 + length;
  }
  return null;
}
