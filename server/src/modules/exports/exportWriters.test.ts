import { parseDbf, parseShp } from 'shpjs';
import { describe, expect, it } from 'vitest';
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { ExportDataset, Ring } from './exportDataset.ts';
import { fieldColumns, layerColumns } from './exportDatasets.ts';
import { writeFlatGeobuf } from './flatGeobufWriter.ts';
import { writeShapefile } from './shapefileWriter.ts';
import { writeGeoJson, writeKml } from './textFormats.ts';

/** The writers checked without GDAL: by an independent reader where one is at hand, else by the bytes. */

/** Twice the signed area: positive for an anticlockwise ring. */
const signedArea = (ring: readonly (readonly number[])[]) =>
  ring.slice(1).reduce((sum, [x, y], index) => sum + (ring[index]![0]! * y! - x! * ring[index]![1]!), 0);

// Anticlockwise outer ring and clockwise hole, as PostGIS's ST_ForcePolygonCCW gives them.
const outer: Ring = [
  [0, 50],
  [1, 50],
  [1, 51],
  [0, 51],
  [0, 50],
];
const hole: Ring = [
  [0.25, 50.25],
  [0.25, 50.75],
  [0.75, 50.75],
  [0.75, 50.25],
  [0.25, 50.25],
];

const dataset: ExportDataset = {
  fileName: 'test_fields_2025',
  title: 'Test <&> farm',
  columns: [
    { name: 'Field', type: 'string' },
    { name: 'AreaHa', type: 'real', decimals: 4 },
    { name: 'Year', type: 'integer' },
    { name: 'Sown', type: 'date' },
  ],
  parts: [
    {
      name: 'fields',
      shape: 'polygon',
      features: [
        {
          geometry: { type: 'MultiPolygon', coordinates: [[outer, hole]] },
          values: ['Pond – “Ŵ” field', 4, 2025, '2024-10-01'],
        },
        {
          geometry: { type: 'MultiPolygon', coordinates: [[outer]] },
          values: ['x'.repeat(300), null, null, null],
        },
      ],
    },
  ],
};

describe('the export columns', () => {
  it.each([
    ['fields', fieldColumns],
    ['layers', layerColumns],
  ])('of %s have shapefile names: at most 10 characters, unique', (_, columns) => {
    for (const column of columns) expect(column.name.length).toBeLessThanOrEqual(10);
    expect(new Set(columns.map((column) => column.name.toLowerCase())).size).toBe(columns.length);
  });
});

describe('the shapefile writer', () => {
  it('writes outer rings clockwise and holes anticlockwise, with UTF-8 attributes cut whole', () => {
    const files = writeShapefile(dataset.columns, dataset.parts[0]!);
    const shapes = parseShp(Buffer.from(files.shp)) as { type: string; coordinates: number[][][] }[];
    expect(shapes).toHaveLength(2);
    // shpjs answers GeoJSON: it reads the clockwise shapefile outer ring and the anticlockwise hole.
    expect(shapes[0]!.type).toBe('Polygon');
    expect(shapes[0]!.coordinates).toHaveLength(2);
    const rows = parseDbf(Buffer.from(files.dbf), 'UTF-8') as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({ Field: 'Pond – “Ŵ” field', AreaHa: 4, Year: 2025 });
    expect(String(rows[1]!.Field)).toBe('x'.repeat(254));
    // The record's rings in file order: outer clockwise (negative), hole anticlockwise.
    const view = new DataView(files.shp.buffer);
    const parts = view.getInt32(100 + 8 + 36, true);
    expect(parts).toBe(2);
    const first = 100 + 8 + 44 + 4 * parts;
    const ring = (start: number) =>
      Array.from({ length: 5 }, (_, index) => [
        view.getFloat64(first + 16 * (start + index), true),
        view.getFloat64(first + 16 * (start + index) + 8, true),
      ]);
    expect(signedArea(ring(0))).toBeLessThan(0);
    expect(signedArea(ring(5))).toBeGreaterThan(0);
    // The index points at each record; the file lengths are in 16-bit words.
    expect(new DataView(files.shx.buffer).getInt32(24, false) * 2).toBe(files.shx.length);
    expect(view.getInt32(24, false) * 2).toBe(files.shp.length);
  });

  it('cuts a text at a character boundary, never inside one', () => {
    const long = `${'a'.repeat(253)}Ŵ`;
    const files = writeShapefile([{ name: 'Field', type: 'string' }], {
      name: 'x',
      shape: 'polygon',
      features: [{ geometry: { type: 'MultiPolygon', coordinates: [[outer]] }, values: [long] }],
    });
    const rows = parseDbf(Buffer.from(files.dbf), 'UTF-8') as Record<string, unknown>[];
    expect(rows[0]!.Field).toBe('a'.repeat(253));
  });
});

describe('the text and FlatGeobuf writers', () => {
  it('write GeoJSON with anticlockwise outer rings and real numbers kept real', () => {
    const text = writeGeoJson(dataset);
    expect(text).toContain('"AreaHa":4.0');
    const parsed = JSON.parse(text) as { features: { geometry: { coordinates: number[][][][] } }[] };
    expect(signedArea(parsed.features[0]!.geometry.coordinates[0]![0]!)).toBeGreaterThan(0);
  });

  it('write KML that escapes names and keeps the hole as an inner boundary', () => {
    const kml = writeKml(dataset);
    expect(kml).toContain('<name>Test &#60;&#38;&#62; farm</name>');
    expect(kml).toContain('<SimpleField name="AreaHa" type="double"/>');
    expect(kml.match(/<innerBoundaryIs>/g)).toHaveLength(1);
  });

  it('write FlatGeobuf that the package reads back with its typed columns, also when empty', async () => {
    const features = [];
    for await (const feature of deserialize(writeFlatGeobuf(dataset))) features.push(feature);
    expect(features).toHaveLength(2);
    expect((features[0] as unknown as { properties: object }).properties).toMatchObject({
      Field: 'Pond – “Ŵ” field',
      AreaHa: 4,
      Year: 2025,
    });
    const empty = [];
    for await (const feature of deserialize(
      writeFlatGeobuf({ ...dataset, parts: [{ ...dataset.parts[0]!, features: [] }] }),
    ))
      empty.push(feature);
    expect(empty).toHaveLength(0);
  });
});
