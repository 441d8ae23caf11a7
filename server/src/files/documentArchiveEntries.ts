// Which entries of a holding export belong to the document library: read by the documents module and by
// the holding import's archive reader, which runs in a parsing worker and must not load the image library.

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
