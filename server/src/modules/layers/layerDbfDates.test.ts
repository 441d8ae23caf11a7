import { describe, expect, it } from 'vitest';
import { datedShapefileZip } from '../../testing/datedShapefile.ts';
import { readLayerImportFile } from './layerImportFile.ts';

// DBF date attributes are shown as the day they name, as plain text: not a JSON instant in quotes.

const zip = datedShapefileZip();

describe('DBF date attributes of a soil or yield shapefile', () => {
  it('come out as YYYY-MM-DD text, and blank as null', () => {
    const table = readLayerImportFile(zip, 'soil');
    expect(table.rows.map((row) => row.SOWN)).toEqual(['2024-05-01', '1999-12-31', null]);
  });
});
