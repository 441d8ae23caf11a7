import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FieldResponse,
  ImportCommitResponse,
  ImportPreviewResponse,
} from '@headland/domain/api/fieldsApi';
import { sqlRows } from '../session/sqlRows.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { createFieldsHolding, gridSquare, type FieldsHolding } from '../../testing/fieldsFixtures.ts';
import { britishNationalGridPrj, wgs84Prj, writeZippedShapefile } from '../../testing/shapefileWriter.ts';

let test: TestApp;
let farm: FieldsHolding;

beforeAll(async () => {
  test = await createTestApp();
  farm = await createFieldsHolding(test.app, test.db);
});

afterAll(async () => {
  await test?.close();
});

/** A multipart/form-data body with one file part. */
function multipart(bytes: Uint8Array, fileName: string) {
  const boundary = '----headland-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { ...farm.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function preview(bytes: Uint8Array, fileName: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/fields/v1/import/preview',
    ...multipart(bytes, fileName),
  });
}

async function fieldCount(): Promise<number> {
  const [row] = await sqlRows<{ count: number }>(
    test.db,
    sql`SELECT count(*)::int AS count FROM fields WHERE holding_id = ${farm.holdingId}`,
  );
  return row!.count;
}

const text = (value: string) => new TextEncoder().encode(value);

describe('boundary import preview', () => {
  it('reads a zipped British National Grid shapefile with a hole and a null shape, and converts it to 4326', async () => {
    const outer = gridSquare(450_000, 300_000, 200).coordinates[0]!;
    const hole = gridSquare(450_050, 300_050, 100).coordinates[0]!;
    const zip = writeZippedShapefile({
      prj: britishNationalGridPrj,
      columns: [
        { name: 'NAME', type: 'C', length: 30 },
        { name: 'AREA_HA', type: 'N', length: 10, decimals: 2 },
      ],
      features: [
        { polygons: [[outer, hole]], properties: { NAME: 'Ring Field', AREA_HA: 3 } },
        { polygons: null, properties: { NAME: 'Nothing', AREA_HA: null } },
        {
          polygons: [gridSquare(451_000, 300_000, 100).coordinates],
          properties: { NAME: 'Café Close', AREA_HA: 1 },
        },
      ],
    });
    const response = await preview(zip, 'fields.zip');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ImportPreviewResponse>();
    expect(body).toMatchObject({
      Format: 'shapefile',
      SourceSrid: 27700,
      PropertyNames: ['NAME', 'AREA_HA'],
      Skipped: [{ Index: 1, Reason: 'The feature has no polygon.' }],
    });
    expect(body.Features.map((feature) => [feature.Index, feature.Properties, feature.Area])).toEqual([
      [0, { NAME: 'Ring Field', AREA_HA: 3 }, 3],
      [2, { NAME: 'Café Close', AREA_HA: 1 }, 1],
    ]);
    const ring = body.Features[0]!.Geometry;
    expect(ring.coordinates[0]).toHaveLength(2);
    const [lon, lat] = ring.coordinates[0]![0]![0]!;
    expect(lon).toBeCloseTo(-1.27, 1);
    expect(lat).toBeCloseTo(52.59, 1);
    expect(await fieldCount()).toBe(0);
  });

  it('takes a shapefile with a WGS 84 .prj as longitudes and latitudes', async () => {
    const zip = writeZippedShapefile({
      prj: wgs84Prj,
      columns: [{ name: 'ID', type: 'N', length: 5 }],
      features: [
        {
          polygons: [
            [
              [
                [-1, 52],
                [-0.999, 52],
                [-0.999, 52.001],
                [-1, 52.001],
                [-1, 52],
              ],
            ],
          ],
          properties: { ID: 4 },
        },
      ],
    });
    const body = (await preview(zip, 'wgs.zip')).json<ImportPreviewResponse>();
    expect(body.SourceSrid).toBe(4326);
    expect(body.Features[0]!.Properties).toEqual({ ID: 4 });
    expect(body.Features[0]!.Area).toBeCloseTo(0.76, 1);
  });

  it('reads GeoJSON, keeping polygons and skipping other geometries', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Top', crop: 'Wheat', size: 2.5 },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-1, 52],
                [-0.998, 52],
                [-0.998, 52.001],
                [-1, 52.001],
                [-1, 52],
              ],
            ],
          },
        },
        { type: 'Feature', properties: { name: 'Well' }, geometry: { type: 'Point', coordinates: [-1, 52] } },
      ],
    };
    const body = (
      await preview(text(JSON.stringify(geojson)), 'fields.geojson')
    ).json<ImportPreviewResponse>();
    expect(body).toMatchObject({
      Format: 'geojson',
      SourceSrid: 4326,
      PropertyNames: ['name', 'crop', 'size'],
      Skipped: [{ Index: 1, Reason: 'The feature has no polygon.' }],
    });
    expect(body.Features).toHaveLength(1);
    expect(body.Features[0]!.Area).toBeCloseTo(1.52, 1);
  });

  it('honours a GeoJSON crs naming British National Grid', async () => {
    const geojson = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::27700' } },
      features: [{ type: 'Feature', properties: {}, geometry: gridSquare(452_000, 300_000, 100) }],
    };
    const body = (await preview(text(JSON.stringify(geojson)), 'bng.json')).json<ImportPreviewResponse>();
    expect(body.SourceSrid).toBe(27700);
    expect(body.Features[0]!.Area).toBe(1);
  });

  it('reads KML placemarks with their names and extended data, including multi-geometries and holes', async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder>
  <Placemark><name>Big Meadow</name>
    <ExtendedData><Data name="number"><value>12</value></Data></ExtendedData>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>
      -1,52,0 -0.998,52,0 -0.998,52.002,0 -1,52.002,0 -1,52,0
    </coordinates></LinearRing></outerBoundaryIs>
    <innerBoundaryIs><LinearRing><coordinates>-0.9995,52.0005 -0.9985,52.0005 -0.9985,52.0015 -0.9995,52.0015 -0.9995,52.0005</coordinates></LinearRing></innerBoundaryIs>
    </Polygon></Placemark>
  <Placemark><name>Two parts</name><MultiGeometry>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>-1.01,52 -1.009,52 -1.009,52.001 -1.01,52.001 -1.01,52</coordinates></LinearRing></outerBoundaryIs></Polygon>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>-1.02,52 -1.019,52 -1.019,52.001 -1.02,52.001 -1.02,52</coordinates></LinearRing></outerBoundaryIs></Polygon>
  </MultiGeometry></Placemark>
  <Placemark><name>Gate</name><Point><coordinates>-1,52</coordinates></Point></Placemark>
</Folder></Document></kml>`;
    const body = (await preview(text(kml), 'farm.kml')).json<ImportPreviewResponse>();
    expect(body.Format).toBe('kml');
    expect(body.Features.map((feature) => feature.Properties)).toEqual([
      { name: 'Big Meadow', number: '12' },
      { name: 'Two parts' },
    ]);
    expect(body.Features[0]!.Geometry.coordinates[0]).toHaveLength(2);
    expect(body.Features[1]!.Geometry.coordinates).toHaveLength(2);
    expect(body.Skipped).toEqual([{ Index: 2, Reason: 'The feature has no polygon.' }]);
  });

  it('reads a KMZ (zipped KML) file', async () => {
    const kml =
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Zipped</name><Polygon><outerBoundaryIs><LinearRing>' +
      '<coordinates>-1,52 -0.999,52 -0.999,52.001 -1,52.001 -1,52</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>';
    const body = (await preview(zipSync({ 'doc.kml': text(kml) }), 'farm.kmz')).json<ImportPreviewResponse>();
    expect(body.Format).toBe('kml');
    expect(body.Features.map((feature) => feature.Properties)).toEqual([{ name: 'Zipped' }]);
  });

  it.each([
    ['a text file', text('field,area\nTop,3\n'), 'The file is not a zipped shapefile, GeoJSON or KML file.'],
    [
      'a broken zip',
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]),
      'The zip file is damaged and cannot be opened.',
    ],
    [
      'a zip without a shapefile',
      zipSync({ 'notes.txt': text('hello') }),
      'The zip file holds no shapefile: it needs at least the .shp and .dbf files of one layer.',
    ],
    [
      'a truncated .shp',
      zipSync({ 'a.shp': new Uint8Array(120).fill(7), 'a.dbf': new Uint8Array(40) }),
      'The shapefile is damaged: the .shp file does not start with a shapefile header.',
    ],
    ['broken JSON', text('{"type": "FeatureCollection", '), 'The GeoJSON file is not valid JSON.'],
    ['broken KML', text('<kml><Document><Placemark></Document>'), 'The KML file is not well-formed XML.'],
    [
      'a GeoJSON file without a polygon',
      text(
        JSON.stringify({
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        }),
      ),
      'The file holds no polygon that can be imported as a field boundary.',
    ],
    ['an empty file', new Uint8Array(0), 'The file is empty.'],
  ])('refuses %s with a clear message and creates nothing', async (_name, bytes, message) => {
    const response = await preview(bytes, 'upload.bin');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(message);
    expect(await fieldCount()).toBe(0);
  });

  it('refuses a shapefile in a coordinate system it cannot place', async () => {
    const zip = writeZippedShapefile({
      prj: 'PROJCS["WGS_1984_UTM_Zone_31N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984"]],PROJECTION["Transverse_Mercator"]]',
      columns: [{ name: 'ID', type: 'N', length: 5 }],
      features: [{ polygons: [gridSquare(450_000, 5_000_000, 100).coordinates], properties: { ID: 1 } }],
    });
    const response = await preview(zip, 'utm.zip');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toMatch(
      /^The shapefile uses a coordinate system that cannot be imported/,
    );
  });

  it('needs a multipart upload', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/preview',
      headers: farm.headers,
      payload: { not: 'a file' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('Send the boundary file as multipart/form-data.');
  });
});

describe('boundary import commit', () => {
  it('creates the chosen features as fields named from a property, in one transaction with one event', async () => {
    await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1',
      headers: farm.headers,
      payload: { Name: 'Top', WholeArea: 1 },
    });
    const zip = writeZippedShapefile({
      prj: britishNationalGridPrj,
      columns: [
        { name: 'NAME', type: 'C', length: 20 },
        { name: 'NO', type: 'C', length: 5 },
      ],
      features: [
        { polygons: [gridSquare(460_000, 300_000, 100).coordinates], properties: { NAME: 'Top', NO: '1' } },
        { polygons: [gridSquare(460_200, 300_000, 100).coordinates], properties: { NAME: '', NO: '2' } },
      ],
    });
    const shown = (await preview(zip, 'farm.zip')).json<ImportPreviewResponse>();
    const before = await sqlRows<{ count: number }>(
      test.db,
      sql`SELECT count(*)::int AS count FROM events WHERE action = 'import'`,
    );
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: farm.headers,
      payload: {
        NameProperty: 'NAME',
        FieldNumberProperty: 'NO',
        FileName: 'farm.zip',
        Features: shown.Features.map(({ Properties, Geometry }) => ({ Properties, Geometry })),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<ImportCommitResponse>().Fields;
    expect(created.map(({ Name, BoundaryArea }) => [Name, BoundaryArea])).toEqual([
      ['Top (2)', 1],
      ['Field', 1],
    ]);
    const field = await test.app.inject({
      method: 'GET',
      url: `/api/fields/v1/${created[1]!.FieldId}`,
      headers: farm.headers,
    });
    expect(field.json<FieldResponse>()).toMatchObject({
      FieldNumber: '2',
      AreaType: 'Boundary',
      Years: [
        { YearId: 2024, Disabled: false },
        { YearId: 2025, Disabled: false },
        { YearId: 2026, Disabled: false },
      ],
    });
    const after = await sqlRows<{ count: number }>(
      test.db,
      sql`SELECT count(*)::int AS count FROM events WHERE action = 'import'`,
    );
    expect(after[0]!.count - before[0]!.count).toBe(1);
  });

  it('creates nothing when one feature is not a polygon', async () => {
    const count = await fieldCount();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: farm.headers,
      payload: {
        Features: [
          {
            Properties: { name: 'Good' },
            Geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-1, 52],
                  [-0.999, 52],
                  [-0.999, 52.001],
                  [-1, 52],
                ],
              ],
            },
          },
          {
            Properties: { name: 'Flat' },
            Geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-1, 52],
                  [-0.999, 52],
                  [-0.998, 52],
                  [-1, 52],
                ],
              ],
            },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('Feature 2: The geometry is not a valid polygon.');
    expect(await fieldCount()).toBe(count);
  });

  it('imports 2,000 GeoJSON features in one call', async () => {
    const bulk = await createFieldsHolding(test.app, test.db);
    const features = Array.from({ length: 2_000 }, (_, index) => {
      const lon = -2 + (index % 50) * 0.003;
      const lat = 52 + Math.floor(index / 50) * 0.003;
      return {
        type: 'Feature',
        properties: { name: `Parcel ${index + 1}` },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [lon, lat],
              [lon + 0.002, lat],
              [lon + 0.002, lat + 0.002],
              [lon, lat + 0.002],
              [lon, lat],
            ],
          ],
        },
      };
    });
    const file = text(JSON.stringify({ type: 'FeatureCollection', features }));
    const upload = multipart(file, 'bulk.geojson');
    const started = performance.now();
    const shown = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/preview',
      payload: upload.payload,
      headers: { ...upload.headers, ...bulk.headers },
    });
    expect(shown.statusCode, shown.body.slice(0, 300)).toBe(200);
    const previewed = shown.json<ImportPreviewResponse>();
    expect(previewed.Features).toHaveLength(2_000);
    const committed = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: bulk.headers,
      payload: {
        NameProperty: 'name',
        Features: previewed.Features.map(({ Properties, Geometry }) => ({ Properties, Geometry })),
      },
    });
    expect(committed.statusCode, committed.body.slice(0, 300)).toBe(201);
    expect(committed.json<ImportCommitResponse>().Fields).toHaveLength(2_000);
    expect(performance.now() - started).toBeLessThan(30_000);
    const list = await test.app.inject({ method: 'GET', url: '/api/fields/v1', headers: bulk.headers });
    expect(list.json<FieldResponse[]>()).toHaveLength(2_000);
  });
});
