import { sql } from 'drizzle-orm';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import { maxBoundaryVertices, maxImportFeatures } from '@headland/domain/inputLimits';
import { maxUnpackedBytes, maxZipEntries } from '@headland/domain/importLimits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FieldResponse,
  ImportCommitResponse,
  ImportPreviewResponse,
} from '@headland/domain/api/fieldsApi';
import { sqlRows } from '../../db/sqlRows.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';
import {
  britishNationalGridPrj,
  irishGridPrj,
  irishTransverseMercatorPrj,
  unnamedTransverseMercatorPrj,
  utm30nPrj,
  wgs84Prj,
  writeZippedShapefile,
} from '../../testing/shapefileWriter.ts';

let test: TestApp;
let farm: FieldsHolding;

beforeAll(async () => {
  test = await createTestApp();
  farm = await createFieldsHolding(test.app, test.db);
  await seedCropTable(test.db);
});

afterAll(async () => {
  await test?.close();
});

/** A multipart/form-data body with one file part, and an `srid` field when given. */
function multipart(bytes: Uint8Array, fileName: string, srid?: number | string) {
  const boundary = '----headland-test-boundary';
  const sridPart =
    srid === undefined
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="srid"\r\n\r\n${srid}\r\n`;
  const head = Buffer.from(
    `${sridPart}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { ...farm.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function preview(bytes: Uint8Array, fileName: string, srid?: number | string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/fields/v1/import/preview',
    ...multipart(bytes, fileName, srid),
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
      SourceCrs: 'British National Grid (EPSG:27700)',
      CrsQuestion: null,
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
    [
      'a text file',
      text('field,area\nTop,3\n'),
      'The file is not a zipped shapefile, GeoJSON, FlatGeobuf, TASKDATA, KML, KMZ or GPX file.',
    ],
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

  it('refuses a shapefile whose .prj cannot be read, rather than misplacing it', async () => {
    const zip = writeZippedShapefile({
      prj: 'PROJCS["Tractor_Grid",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984"]],PROJECTION["Transverse_Mercator"]]',
      columns: [{ name: 'ID', type: 'N', length: 5 }],
      features: [{ polygons: [gridSquare(450_000, 5_000_000, 100).coordinates], properties: { ID: 1 } }],
    });
    const response = await preview(zip, 'utm.zip');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toMatch(
      /^The shapefile's \.prj file names a coordinate system that cannot be read/,
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
    expect(response.json().Message).toMatch(
      /^Feature 2: The boundary is not a valid polygon \(.+\) and cannot be repaired\.$/,
    );
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

/** Where PostGIS puts a point of a coordinate system, to compare the import's placing with. */
async function placed(srid: number, x: number, y: number): Promise<[number, number]> {
  const [row] = await sqlRows<{ lon: number; lat: number }>(
    test.db,
    sql`SELECT ST_X(p) AS lon, ST_Y(p) AS lat
          FROM (SELECT ST_Transform(ST_SetSRID(ST_MakePoint(${x}::float8, ${y}::float8), ${srid}::int), 4326) AS p) t`,
  );
  return [row!.lon, row!.lat];
}

/** The south-west corner of the first feature's outer ring: the smallest longitude and latitude. */
function southWest(body: ImportPreviewResponse): [number, number] {
  const ring = body.Features[0]!.Geometry.coordinates[0]![0]!;
  return [Math.min(...ring.map((p) => p[0]!)), Math.min(...ring.map((p) => p[1]!))];
}

function oneSquareShapefile(prj: string | undefined, east: number, north: number, side = 100) {
  return writeZippedShapefile({
    prj,
    columns: [{ name: 'NAME', type: 'C', length: 20 }],
    features: [{ polygons: [gridSquare(east, north, side).coordinates], properties: { NAME: 'Square' } }],
  });
}

describe('boundary import in any coordinate system', () => {
  it.each([
    ['Irish Transverse Mercator', irishTransverseMercatorPrj, 2157, 620_000, 740_000],
    ['Irish Grid (TM75)', irishGridPrj, 29903, 220_000, 240_000],
    ['UTM zone 30N', utm30nPrj, 32630, 600_000, 5_800_000],
  ])('places a shapefile in %s where PostGIS does', async (_name, prj, srid, east, north) => {
    const response = await preview(oneSquareShapefile(prj, east, north), 'farm.zip');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ImportPreviewResponse>();
    expect(body.SourceSrid).toBe(srid);
    expect(body.SourceCrs).toContain(`EPSG:${srid}`);
    const [lon, lat] = southWest(body);
    const [expectedLon, expectedLat] = await placed(srid, east, north);
    // A metre is about 0.00001 degrees.
    expect(Math.abs(lon - expectedLon)).toBeLessThan(0.00002);
    expect(Math.abs(lat - expectedLat)).toBeLessThan(0.00002);
    expect(body.Features[0]!.Area).toBeCloseTo(1, 1);
  });

  it('places a shapefile whose .prj has no EPSG name through proj4', async () => {
    const response = await preview(
      oneSquareShapefile(unnamedTransverseMercatorPrj, 600_000, 5_800_000),
      'x.zip',
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ImportPreviewResponse>();
    expect(body).toMatchObject({ SourceSrid: null, SourceCrs: 'Tractor Grid' });
    const [lon, lat] = southWest(body);
    const [expectedLon, expectedLat] = await placed(32630, 600_000, 5_800_000);
    expect(Math.abs(lon - expectedLon)).toBeLessThan(0.00002);
    expect(Math.abs(lat - expectedLat)).toBeLessThan(0.00002);
  });

  it('reads a GeoJSON whose crs names Irish Transverse Mercator', async () => {
    const geojson = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2157' } },
      features: [
        { type: 'Feature', properties: { name: 'Cork' }, geometry: gridSquare(560_000, 570_000, 100) },
      ],
    };
    const body = (await preview(text(JSON.stringify(geojson)), 'itm.geojson')).json<ImportPreviewResponse>();
    expect(body.SourceSrid).toBe(2157);
    const [lon, lat] = southWest(body);
    const [expectedLon, expectedLat] = await placed(2157, 560_000, 570_000);
    expect(Math.abs(lon - expectedLon)).toBeLessThan(0.00002);
    expect(Math.abs(lat - expectedLat)).toBeLessThan(0.00002);
  });

  it('asks which system British National Grid metres without a crs are in, then reads them as chosen', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Metres' }, geometry: gridSquare(452_000, 300_000, 100) },
      ],
    };
    const file = text(JSON.stringify(geojson));
    const asked = await preview(file, 'bng.geojson');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<ImportPreviewResponse>()).toMatchObject({
      CrsQuestion: { SuggestedSrid: 27700, Choices: [27700, 2157, 29903] },
      Features: [],
      PropertyNames: ['name'],
    });
    const read = (await preview(file, 'bng.geojson', 27700)).json<ImportPreviewResponse>();
    expect(read).toMatchObject({ CrsQuestion: null, SourceSrid: 27700 });
    expect(read.Features[0]!.Area).toBe(1);
  });

  it('asks the same of a shapefile in metres without a .prj', async () => {
    const zip = oneSquareShapefile(undefined, 620_000, 740_000);
    expect((await preview(zip, 'noprj.zip')).json<ImportPreviewResponse>().CrsQuestion).not.toBeNull();
    const read = (await preview(zip, 'noprj.zip', 2157)).json<ImportPreviewResponse>();
    const [lon] = southWest(read);
    expect(lon).toBeCloseTo((await placed(2157, 620_000, 740_000))[0], 4);
  });

  it.each([
    ['not a number', 'BNG', 'The coordinate system must be an EPSG code.'],
    ['unknown', 999_999, 'EPSG:999999 is not a coordinate system known here.'],
  ])('refuses a chosen coordinate system that is %s', async (_name, srid, message) => {
    const geojson = { type: 'Feature', properties: {}, geometry: gridSquare(452_000, 300_000, 100) };
    const response = await preview(text(JSON.stringify(geojson)), 'bng.geojson', srid);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(message);
  });
});

const bowTie = {
  type: 'Polygon',
  coordinates: [
    [
      [-1, 52],
      [-0.998, 52.002],
      [-0.998, 52],
      [-1, 52.002],
      [-1, 52],
    ],
  ],
};

describe('boundary import of invalid shapes', () => {
  it('repairs a bow tie into its two triangles and says why in the preview', async () => {
    const geojson = { type: 'Feature', properties: { name: 'Bow tie' }, geometry: bowTie };
    const response = await preview(text(JSON.stringify(geojson)), 'bowtie.geojson');
    expect(response.statusCode, response.body).toBe(200);
    const feature = response.json<ImportPreviewResponse>().Features[0]!;
    expect(feature.Repair).toMatch(/^Self-intersection/);
    expect(feature.Geometry.coordinates).toHaveLength(2);
    expect(feature.Area).toBeGreaterThan(0);
  });

  it('refuses a boundary of many vertices that crosses itself everywhere with a 400, before PostGIS', async () => {
    // A star of 19,000 points whose every other point lies across the centre: its edges cross each other millions
    // of times, and repairing it would hold the database for hours.
    const points = Array.from({ length: 19_000 }, (_, i) => {
      const angle = (i / 19_000) * 2 * Math.PI * 7;
      const radius = i % 2 === 0 ? 0.01 : -0.004;
      return [-1 + radius * Math.cos(angle), 52 + radius * Math.sin(angle)];
    });
    const geojson = {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [[...points, points[0]]] },
    };
    const response = await preview(text(JSON.stringify(geojson)), 'star.geojson');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'The file holds no polygon that can be imported as a field boundary. The boundary crosses itself more than 100 times, too often to be repaired: correct it where it was drawn.',
    );
  });

  it('skips a shape that cannot be repaired into a polygon, saying why', async () => {
    const flat = {
      type: 'Polygon',
      coordinates: [
        [
          [-1, 52],
          [-0.999, 52],
          [-0.998, 52],
          [-1, 52],
        ],
      ],
    };
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: flat },
        { type: 'Feature', properties: {}, geometry: bowTie },
      ],
    };
    const response = await preview(text(JSON.stringify(collection)), 'flat.geojson');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ImportPreviewResponse>();
    expect(body.Skipped).toEqual([
      {
        Index: 0,
        Reason: expect.stringMatching(
          /^The boundary is not a valid polygon \(.+\) and cannot be repaired\.$/,
        ),
      },
    ]);
  });

  it('skips longitudes and latitudes out of range, and the fields list in British National Grid still answers', async () => {
    const far = {
      type: 'Polygon',
      coordinates: [
        [
          [-1, 95],
          [-0.99, 95],
          [-0.99, 95.01],
          [-1, 95],
        ],
      ],
    };
    const collection = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
      features: [
        { type: 'Feature', properties: {}, geometry: far },
        { type: 'Feature', properties: {}, geometry: bowTie },
      ],
    };
    const body = (
      await preview(text(JSON.stringify(collection)), 'far.geojson')
    ).json<ImportPreviewResponse>();
    expect(body.Skipped).toEqual([
      { Index: 0, Reason: 'The coordinates are not longitudes and latitudes (EPSG:4326).' },
    ]);
    const commit = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: farm.headers,
      payload: { Features: [{ Properties: {}, Geometry: far }] },
    });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().Message).toBe(
      'Feature 1: The coordinates are not longitudes and latitudes (EPSG:4326).',
    );
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/fields/v1?srid=27700',
      headers: farm.headers,
    });
    expect(list.statusCode).toBe(200);
  });
});

function squareWithVertices(count: number) {
  const ring = Array.from({ length: count - 1 }, (_, i) => {
    const angle = (i / (count - 1)) * 2 * Math.PI;
    return [-1 + 0.001 * Math.cos(angle), 52 + 0.001 * Math.sin(angle)];
  });
  return { type: 'Polygon' as const, coordinates: [[...ring, ring[0]!]] };
}

describe('boundary import limits', () => {
  it('skips a boundary of more vertices than allowed, saying so, and the commit refuses it', async () => {
    const big = squareWithVertices(maxBoundaryVertices + 1);
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: big },
        { type: 'Feature', properties: {}, geometry: bowTie },
      ],
    };
    const body = (
      await preview(text(JSON.stringify(collection)), 'big.geojson')
    ).json<ImportPreviewResponse>();
    expect(body.Skipped).toEqual([
      { Index: 0, Reason: 'The boundary has 20,001 vertices; at most 20,000 are accepted.' },
    ]);
    const commit = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: farm.headers,
      payload: { Features: [{ Properties: {}, Geometry: big }] },
    });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().Message).toBe(
      'Feature 1: The boundary has 20,001 vertices; at most 20,000 are accepted.',
    );
  });

  it('refuses a file of 100,000 features early, without converting any', async () => {
    const feature = { type: 'Feature', properties: {}, geometry: bowTie };
    const file = text(JSON.stringify({ type: 'FeatureCollection', features: Array(100_000).fill(feature) }));
    const response = await preview(file, 'many.geojson');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'The file holds 100,000 features; at most 10,000 can be imported at once.',
    );
  });

  it('refuses a shapefile of too many records from its headers', async () => {
    const zip = writeZippedShapefile({
      prj: wgs84Prj,
      columns: [{ name: 'ID', type: 'N', length: 6 }],
      features: Array.from({ length: maxImportFeatures + 1 }, (_, i) => ({
        polygons: [squareWithVertices(4).coordinates],
        properties: { ID: i },
      })),
    });
    const response = await preview(zip, 'many.zip');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'The file holds 10,001 features; at most 10,000 can be imported at once.',
    );
  });

  it('refuses a small zip that unpacks to more than the limit, while unpacking', async () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((_error, chunk) => parts.push(chunk));
    const entry = new ZipDeflate('huge.shp', { level: 1 });
    zip.add(entry);
    const megabyte = new Uint8Array(1024 * 1024);
    const megabytes = maxUnpackedBytes / megabyte.length + 8;
    for (let i = 0; i < megabytes; i += 1) entry.push(megabyte, i === megabytes - 1);
    zip.end();
    const bomb = Buffer.concat(parts);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const response = await preview(bomb, 'bomb.zip');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('The zip file unpacks to more than 256 MB.');
  });

  it('refuses a zip of more files than allowed', async () => {
    const files = Object.fromEntries(
      Array.from({ length: maxZipEntries + 1 }, (_, i) => [`f${i}.txt`, text('x')]),
    );
    const response = await preview(zipSync(files), 'many.zip');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('The zip file holds more than 1000 files.');
  });

  it('refuses KML with a document type, without expanding its entities', async () => {
    const kml = `<?xml version="1.0"?>
<!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&b;</name></Placemark></kml>`;
    const response = await preview(text(kml), 'laughs.kml');
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'The file declares an XML document type, which is not accepted: remove the DOCTYPE and try again.',
    );
  });
});

describe('boundary import of GPX', () => {
  it('takes a track that comes back to its start as a walked boundary', async () => {
    const gpx = `<?xml version="1.0"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Walked</name><trkseg>
<trkpt lat="52" lon="-1"/><trkpt lat="52" lon="-0.998"/><trkpt lat="52.002" lon="-0.998"/><trkpt lat="52.002" lon="-1"/><trkpt lat="52.00001" lon="-1"/>
</trkseg></trk><trk><name>Lane</name><trkseg><trkpt lat="52" lon="-1"/><trkpt lat="52.01" lon="-1"/><trkpt lat="52.02" lon="-1"/><trkpt lat="52.03" lon="-1"/></trkseg></trk></gpx>`;
    const response = await preview(text(gpx), 'walk.gpx');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ImportPreviewResponse>();
    expect(body.Format).toBe('gpx');
    expect(body.Features.map((feature) => feature.Properties.name)).toEqual(['Walked']);
    expect(body.Skipped).toEqual([{ Index: 1, Reason: 'The feature has no polygon.' }]);
  });
});

describe('importing the same boundaries twice', () => {
  it('warns of the field that already covers a boundary, and skips or replaces it, clipping its croppings', async () => {
    const twice = await createFieldsHolding(test.app, test.db);
    const headers = (upload: ReturnType<typeof multipart>) => ({ ...upload.headers, ...twice.headers });
    const file = writeZippedShapefile({
      prj: britishNationalGridPrj,
      columns: [{ name: 'NAME', type: 'C', length: 20 }],
      features: [
        { polygons: [gridSquare(470_000, 300_000, 200).coordinates], properties: { NAME: 'North' } },
        { polygons: [gridSquare(470_400, 300_000, 100).coordinates], properties: { NAME: 'South' } },
      ],
    });
    const previewTwice = async () => {
      const upload = multipart(file, 'farm.zip');
      const answer = await test.app.inject({
        method: 'POST',
        url: '/api/fields/v1/import/preview',
        payload: upload.payload,
        headers: headers(upload),
      });
      return answer.json<ImportPreviewResponse>();
    };
    const commit = (payload: Record<string, unknown>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/fields/v1/import/commit',
        headers: twice.headers,
        payload,
      });

    const first = await previewTwice();
    expect(first.Features.map((feature) => feature.Overlap)).toEqual([null, null]);
    const created = await commit({
      NameProperty: 'NAME',
      Features: first.Features.map(({ Properties, Geometry }) => ({ Properties, Geometry })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const [north, south] = created.json<ImportCommitResponse>().Fields;

    // A cropping covering all of North, which the new, smaller boundary will cut.
    const square = JSON.stringify(gridSquare(470_000, 300_000, 200));
    await test.db.execute(sql`
      INSERT INTO croppings (holding_id, field_id, year_id, area, boundary)
      VALUES (${twice.holdingId}, ${north!.FieldId}, 2025, 4,
              ST_Multi(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(${square}), 27700), 4326)))`);

    const second = await previewTwice();
    expect(second.Features.map((feature) => feature.Overlap)).toEqual([
      { FieldId: north!.FieldId, Name: 'North', Share: 1 },
      { FieldId: south!.FieldId, Name: 'South', Share: 1 },
    ]);

    const smaller = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: twice.headers,
      payload: {
        NameProperty: 'NAME',
        // North is replaced by a boundary half its size; South is skipped (not sent).
        Features: [
          {
            Properties: second.Features[0]!.Properties,
            Geometry: (
              await preview(
                text(
                  JSON.stringify({
                    type: 'Feature',
                    properties: {},
                    geometry: gridSquare(470_000, 300_000, 100),
                  }),
                ),
                'x.geojson',
                27700,
              )
            ).json<ImportPreviewResponse>().Features[0]!.Geometry,
            Action: 'replace',
            ReplaceFieldId: north!.FieldId,
          },
        ],
      },
    });
    expect(smaller.statusCode, smaller.body).toBe(201);
    expect(smaller.json<ImportCommitResponse>()).toEqual({
      Fields: [],
      Replaced: [{ FieldId: north!.FieldId, Name: 'North', BoundaryArea: 1 }],
      ClippedCroppings: 1,
    });
    const [row] = await sqlRows<{ count: number; area: number; inside: boolean }>(
      test.db,
      sql`SELECT (SELECT count(*)::int FROM fields WHERE holding_id = ${twice.holdingId}) AS count,
                 c.area::float8 AS area,
                 ST_Area(ST_Difference(c.boundary, f.boundary)::geography) < 0.01 AS inside
            FROM croppings c JOIN fields f ON f.id = c.field_id WHERE f.id = ${north!.FieldId}`,
    );
    expect(row).toMatchObject({ count: 2, inside: true });
    expect(row!.area).toBeCloseTo(1, 2);
  });

  it('refuses to replace a field of another holding, changing nothing', async () => {
    const other = await createFieldsHolding(test.app, test.db);
    const [field] = await sqlRows<{ id: number }>(
      test.db,
      sql`INSERT INTO fields (holding_id, name, area_type) VALUES (${other.holdingId}, 'Theirs', 'Whole') RETURNING id`,
    );
    const count = await fieldCount();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: farm.headers,
      payload: {
        Features: [
          { Properties: {}, Geometry: bowTie },
          { Properties: {}, Geometry: bowTie, Action: 'replace', ReplaceFieldId: field!.id },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('Feature 2: the field to replace does not exist on this holding.');
    expect(await fieldCount()).toBe(count);
  });
});
