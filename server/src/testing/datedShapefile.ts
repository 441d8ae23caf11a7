import { wgs84Prj, writeZippedShapefile } from './shapefileWriter.ts';

const square = (x: number) => [
  [
    [x, 52],
    [x + 0.001, 52],
    [x + 0.001, 52.001],
    [x, 52.001],
    [x, 52],
  ],
];

/**
 * A zipped shapefile of three squares with a DBF date column SOWN: 1 May 2024, 31 December 1999 and blank,
 * for the boundary and the soil and yield readers alike.
 */
export function datedShapefileZip(): Uint8Array {
  return writeZippedShapefile({
    prj: wgs84Prj,
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
}
