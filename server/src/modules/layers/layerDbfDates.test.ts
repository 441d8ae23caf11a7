import { describe, expect, it } from 'vitest';
import { writeZippedShapefile } from '../../testing/shapefileWriter.ts';
import { readLayerImportFile } from './layerImportFile.ts';

// DBF date attributes are shown as the day they name, as plain text: not a JSON instant in quotes.

const square = (x: number) => [
  [
    [x, 52],
    [x + 0.001, 52],
    [x + 0.001, 52.001],
    [x, 52.001],
    [x, 52],
  ],
];

const zip = writeZippedShapefile({
  prj: 'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
  columns: [
    { name: 'NAME', type: 'C', length: 20 },
    { name: 'SOWN', type: 'D', length: 8 },
  ],
  features: [
    { polygons: [square(-1)], properties: { NAME: 'Long Park', SOWN: '20240501' } },
    { polygons: [square(-1.01)], properties: { NAME: 'Top Piece', SOWN: '19991231' } },
    { polygons: [square(-1.02)], properties: { NAME: 'No date', SOWN: null } },
  ],
});

describe('DBF date attributes of a soil or yield shapefile', () => {
  it('come out as YYYY-MM-DD text, and blank as null', () => {
    const table = readLayerImportFile(zip, 'soil');
    expect(table.rows.map((row) => row.SOWN)).toEqual(['2024-05-01', '1999-12-31', null]);
  });
});
