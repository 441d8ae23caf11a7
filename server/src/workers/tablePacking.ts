import type { ImportCell, ImportTable } from '../modules/layers/layerImportFile.ts';

// A table of 200,000 rows sent as objects takes seconds to rebuild on the receiving thread (each row is a
// structured-clone object); sent by columns, numbers as Float64Arrays handed over whole, it takes milliseconds.

type PackedColumn = { numbers: Float64Array; blanks: Uint8Array } | { cells: ImportCell[] };

/** A soil or yield table by columns, and point geometries as coordinate pairs. */
export interface PackedTable {
  format: ImportTable['format'];
  columns: string[];
  srid: number;
  rowCount: number;
  values: PackedColumn[];
  geometries: { points: Float64Array; blanks: Uint8Array } | { shapes: ImportTable['geometries'] } | null;
}

function packColumn(table: ImportTable, column: string): PackedColumn {
  const numbers = new Float64Array(table.rows.length);
  const blanks = new Uint8Array(table.rows.length);
  for (let index = 0; index < table.rows.length; index += 1) {
    const cell = table.rows[index]![column] ?? null;
    if (cell === null) blanks[index] = 1;
    else if (typeof cell === 'number') numbers[index] = cell;
    else return { cells: table.rows.map((row) => row[column] ?? null) };
  }
  return { numbers, blanks };
}

function packGeometries(geometries: ImportTable['geometries']): PackedTable['geometries'] {
  if (!geometries) return null;
  const points = new Float64Array(geometries.length * 2);
  const blanks = new Uint8Array(geometries.length);
  for (let index = 0; index < geometries.length; index += 1) {
    const geometry = geometries[index];
    if (!geometry) blanks[index] = 1;
    else if (geometry.type !== 'Point') return { shapes: geometries };
    else {
      const [x, y] = geometry.coordinates as number[];
      points[index * 2] = x ?? Number.NaN;
      points[index * 2 + 1] = y ?? Number.NaN;
    }
  }
  return { points, blanks };
}

/** Packs a table; answers it with the buffers to hand over rather than copy. */
export function packTable(table: ImportTable): { packed: PackedTable; transfer: ArrayBuffer[] } {
  const packed: PackedTable = {
    format: table.format,
    columns: table.columns,
    srid: table.srid,
    rowCount: table.rows.length,
    values: table.columns.map((column) => packColumn(table, column)),
    geometries: packGeometries(table.geometries),
  };
  const transfer: ArrayBuffer[] = [];
  for (const value of packed.values)
    if ('numbers' in value)
      transfer.push(value.numbers.buffer as ArrayBuffer, value.blanks.buffer as ArrayBuffer);
  if (packed.geometries && 'points' in packed.geometries)
    transfer.push(
      packed.geometries.points.buffer as ArrayBuffer,
      packed.geometries.blanks.buffer as ArrayBuffer,
    );
  return { packed, transfer };
}

export function unpackTable(packed: PackedTable): ImportTable {
  const rows: Record<string, ImportCell>[] = [];
  for (let index = 0; index < packed.rowCount; index += 1) {
    const row: Record<string, ImportCell> = {};
    packed.columns.forEach((column, position) => {
      const value = packed.values[position]!;
      row[column] =
        'cells' in value ? (value.cells[index] ?? null) : value.blanks[index] ? null : value.numbers[index]!;
    });
    rows.push(row);
  }
  let geometries: ImportTable['geometries'] = null;
  const packedGeometries = packed.geometries;
  if (packedGeometries && 'shapes' in packedGeometries) geometries = packedGeometries.shapes;
  else if (packedGeometries) {
    geometries = [];
    for (let index = 0; index < packed.rowCount; index += 1)
      geometries.push(
        packedGeometries.blanks[index]
          ? null
          : {
              type: 'Point',
              coordinates: [packedGeometries.points[index * 2]!, packedGeometries.points[index * 2 + 1]!],
            },
      );
  }
  return { format: packed.format, columns: packed.columns, rows, geometries, srid: packed.srid };
}
