import { describe, expect, it } from 'vitest';
import { serialize } from 'flatgeobuf/lib/mjs/geojson.js';
import { readBoundaryFile } from './readBoundaryFile.ts';

// FlatGeobuf as QGIS or ogr2ogr write it: the import tells it by its magic bytes, not its name.

const square = (east: number, north: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [east, north],
      [east + 100, north],
      [east + 100, north + 100],
      [east, north + 100],
      [east, north],
    ],
  ],
});

describe('FlatGeobuf boundary files', () => {
  it('give their polygons, their properties and the EPSG code of their header', async () => {
    const bytes = serialize(
      {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: square(450_000, 300_000), properties: { name: 'Long Park', no: 4 } },
          { type: 'Feature', geometry: square(450_200, 300_000), properties: { name: 'Top Piece', no: 5 } },
        ],
      },
      27700,
    );
    const layer = await readBoundaryFile(bytes);
    expect(layer.format).toBe('flatgeobuf');
    expect(layer.crs).toMatchObject({ kind: 'epsg', srid: 27700 });
    expect(layer.features.map((feature) => feature.properties)).toEqual([
      { name: 'Long Park', no: 4 },
      { name: 'Top Piece', no: 5 },
    ]);
    expect(layer.features[0]!.polygons![0]![0]![1]).toEqual([450_100, 300_000]);
  });

  it('leave the system to the user when the header names none', async () => {
    const bytes = serialize({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: square(450_000, 300_000), properties: {} }],
    });
    expect((await readBoundaryFile(bytes)).crs).toEqual({ kind: 'unstated' });
  });

  it('refuse a cut-short file in words', async () => {
    const bytes = serialize({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: square(450_000, 300_000), properties: { name: 'x' } }],
    });
    await expect(readBoundaryFile(bytes.slice(0, 40))).rejects.toMatchObject({
      code: 'flatGeobufUnreadable',
    });
  });
});
