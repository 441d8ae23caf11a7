/**
 * Bounds on what one imported file may unpack to, shared by the boundary import and the holding import. Real
 * farm files stay far below them; a zip that would pass them is refused while it is being unpacked, before it
 * can fill the server's memory.
 */

/** Files inside one zip. A shapefile layer has four to eight; a holding export seven. */
export const maxZipEntries = 1_000;
/** Bytes of all the files of one zip together, unpacked. */
export const maxUnpackedBytes = 256 * 1024 * 1024;
/** Vertices of all the boundaries of one boundary import together. */
export const maxImportVertices = 2_000_000;
/** Data layers of one holding import (each bounded as domain/src/layers/zoneRules.ts says). */
export const maxImportLayers = 10_000;
/** Points of all the data layers of one holding import together. */
export const maxImportLayerPoints = 2_000_000;
/**
 * Share of an imported boundary's area that an existing field must cover for the preview to warn that the
 * boundary is probably already there.
 */
export const duplicateOverlapShare = 0.5;
/** Columns of a soil or yield CSV file; real ones have tens. */
export const maxCsvColumns = 1_000;
/** Characters of one line of a soil or yield CSV file: a full row of the most columns of 100 characters each. */
export const maxCsvLineChars = 100_000;
