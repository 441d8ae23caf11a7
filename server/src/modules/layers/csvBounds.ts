import { maxCsvColumns, maxCsvLineChars } from '@headland/domain/importLimits';
import { maxPointsPerLayer } from '@headland/domain/layers/zoneRules';
import { LayerImportFileError } from './layerImportFileError.ts';

export type ImportSubject = 'soil' | 'yield';

/** Bytes looked at to tell text from binary content: enough for many lines of any real CSV file. */
const sniffBytes = 64 * 1024;

/**
 * Whether the bytes are not text: any NUL byte, or more than one in a hundred of the first 64 KB being control
 * characters other than tab, line feed, form feed and carriage return.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.indexOf(0) >= 0) return true;
  const head = bytes.subarray(0, sniffBytes);
  let control = 0;
  for (const byte of head)
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13) control += 1;
  return control * 100 > head.length;
}

/** The refusal of a file that is not a soil (or yield) file at all. */
export function notSubjectFile(subject: ImportSubject): LayerImportFileError {
  return subject === 'yield'
    ? new LayerImportFileError(
        'notYieldFile',
        'This file is not a yield file: it is not text or a zipped shapefile.',
      )
    : new LayerImportFileError(
        'notSoilFile',
        'This file is not a soil file: it is not text or a zipped shapefile.',
      );
}

export const tooManyRows = (rows: number) =>
  new LayerImportFileError(
    'tooManyRows',
    `The file holds ${rows.toLocaleString('en-GB')} rows; at most ${maxPointsPerLayer.toLocaleString('en-GB')} can be imported at once.`,
    { rows, max: maxPointsPerLayer },
  );

/**
 * Checks the lines of CSV text before it is parsed: none longer than the limit, and no more data lines than a
 * layer may have points (lines are counted, so a quoted value spanning lines counts twice: real soil and yield
 * files have none). Answers the number of data lines. Runs in one pass of indexOf, without building rows.
 */
export function checkCsvLines(text: string): number {
  let lines = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start > maxCsvLineChars)
      throw new LayerImportFileError(
        'lineTooLong',
        `A line of the file is longer than ${maxCsvLineChars.toLocaleString('en-GB')} characters: it is not a soil or yield table.`,
        { max: maxCsvLineChars },
      );
    if (/\S/.test(text.slice(start, end))) lines += 1;
    start = end + 1;
  }
  const dataLines = Math.max(0, lines - 1);
  if (dataLines > maxPointsPerLayer) throw tooManyRows(dataLines);
  return dataLines;
}

/** Refuses a header of more columns than a table may have. */
export function checkCsvColumns(count: number): void {
  if (count > maxCsvColumns)
    throw new LayerImportFileError(
      'tooManyColumns',
      `The file has ${count.toLocaleString('en-GB')} columns; at most ${maxCsvColumns.toLocaleString('en-GB')} can be read.`,
      { columns: count, max: maxCsvColumns },
    );
}
