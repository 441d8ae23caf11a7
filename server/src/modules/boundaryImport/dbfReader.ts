import { ImportFileError, type ImportProperty } from './importedLayer.ts';

interface DbfColumn {
  name: string;
  type: string;
  offset: number;
  length: number;
}

const corrupt = (detail: string) =>
  new ImportFileError(`The shapefile's attribute table (.dbf) is damaged: ${detail}.`);

/**
 * Text of a DBF file: UTF-8 when the .cpg file says so or when the bytes are valid UTF-8, otherwise the Windows
 * Latin-1 code page that older desktop GIS writes.
 */
function textDecoder(codePage: string | undefined): (bytes: Uint8Array) => string {
  const latin1 = new TextDecoder('windows-1252');
  if (codePage && !/utf-?8/i.test(codePage)) return (bytes) => latin1.decode(bytes);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  return (bytes) => {
    try {
      return utf8.decode(bytes);
    } catch {
      return latin1.decode(bytes);
    }
  };
}

/**
 * Reads the records of a dBASE III table as the shapefile format uses it, in record order, deleted records
 * included (their shapes still take a place in the .shp). Character, numeric, float, logical and date columns are
 * read; others are kept as their text.
 */
export function readDbf(bytes: Uint8Array, codePage?: string): Record<string, ImportProperty>[] {
  if (bytes.length < 32) throw corrupt('the file is too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const recordCount = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (headerLength < 33 || headerLength > bytes.length) throw corrupt('the header length is wrong');
  const decode = textDecoder(codePage);

  const columns: DbfColumn[] = [];
  let fieldOffset = 1;
  for (let at = 32; at + 32 <= headerLength && bytes[at] !== 0x0d; at += 32) {
    const nameBytes = bytes.subarray(at, at + 11);
    const zero = nameBytes.indexOf(0);
    const name = decode(zero >= 0 ? nameBytes.subarray(0, zero) : nameBytes).trim();
    const length = bytes[at + 16]!;
    columns.push({ name, type: String.fromCharCode(bytes[at + 11]!), offset: fieldOffset, length });
    fieldOffset += length;
  }
  if (fieldOffset > recordLength) throw corrupt('the columns are longer than a record');

  const records: Record<string, ImportProperty>[] = [];
  for (let index = 0; index < recordCount; index += 1) {
    const start = headerLength + index * recordLength;
    if (start + recordLength > bytes.length) throw corrupt(`record ${index + 1} is cut short`);
    const record: Record<string, ImportProperty> = {};
    for (const column of columns) {
      const raw = bytes.subarray(start + column.offset, start + column.offset + column.length);
      record[column.name] = readValue(column.type, decode(raw).trim());
    }
    records.push(record);
  }
  return records;
}

function readValue(type: string, text: string): ImportProperty {
  switch (type) {
    case 'N':
    case 'F': {
      if (text === '' || /^\*+$/.test(text)) return null;
      const value = Number(text);
      return Number.isFinite(value) ? value : null;
    }
    case 'L':
      if (/^[TtYy]$/.test(text)) return true;
      if (/^[FfNn]$/.test(text)) return false;
      return null;
    case 'D':
      return /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}` : null;
    default:
      return text === '' ? null : text;
  }
}
