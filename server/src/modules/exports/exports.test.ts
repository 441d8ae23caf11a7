import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportFormats,
  fieldsExportPath,
  layerExportPath,
  type ExportFormat,
} from '@headland/domain/api/exportsApi';
import type { DataLayer } from '@headland/domain/api/layersApi';
import { LayerTypeId, MapScope } from '@headland/domain/layers/layerTypes';
import { Role } from '@headland/domain/roles';
import { sqlRows } from '../../db/sqlRows.ts';
import { addMember, bearer, createUser, signInToHolding } from '../../testing/factories.ts';
import {
  createFieldWithCropping,
  createFieldsHolding,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import type { ExportColumn } from './exportDataset.ts';
import { fieldColumns, layerColumns } from './exportDatasets.ts';
import { ogrAreaHa, ogrSummary } from './ogrInfo.ts';

/**
 * The exports read back by GDAL's ogrinfo: coordinate system, feature count, attribute names and types, and
 * polygon areas within 0.1 % of PostGIS's; plus the refusals (permissions, other holdings, bad input).
 */

let test: TestApp;
let farm: FieldsHolding;
let other: FieldsHolding;
let layer: DataLayer;
let otherLayer: DataLayer;
let hiddenCroppingId: number;
let folder: string;
const north = 300_000;

/** A BNG square with a square hole: the shapefile must keep the hole a hole. */
function squareWithHole(east: number, side: number, hole: number) {
  const a = (side - hole) / 2;
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [east, north],
        [east + side, north],
        [east + side, north + side],
        [east, north + side],
        [east, north],
      ],
      [
        [east + a, north + a],
        [east + a, north + a + hole],
        [east + a + hole, north + a + hole],
        [east + a + hole, north + a],
        [east + a, north + a],
      ],
    ],
  };
}

async function zonedLayer(owner: FieldsHolding, fieldId: number, x: number): Promise<DataLayer> {
  const box = (x1: number, x2: number) =>
    `POLYGON((${x1} ${north},${x2} ${north},${x2} ${north + 200},${x1} ${north + 200},${x1} ${north}))`;
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/layers/v1',
    headers: owner.headers,
    payload: {
      TypeId: LayerTypeId.SoilPhosphorus,
      Scope: MapScope.Field,
      HoldingId: owner.holdingId,
      FieldId: fieldId,
      Year: 2025,
      Name: 'Phosphorus – spring',
      Unit: 'Ppm',
      Zones: [
        { Number: 1, Value: 10, Geometry: { WellKnownText: box(x, x + 100), CoordinateSystemId: 27700 } },
        {
          Number: 2,
          Value: 30.5,
          Geometry: { WellKnownText: box(x + 100, x + 200), CoordinateSystemId: 27700 },
        },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DataLayer>();
}

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db, { tradingName: 'Export Farm' });
  other = await createFieldsHolding(test.app, test.db);
  const first = await createFieldWithCropping(test.app, farm, {
    name: 'Long Acre',
    east: 430_000,
    north,
    area: 4,
  });
  const holed = await test.app.inject({
    method: 'POST',
    url: '/api/fields/v1',
    headers: farm.headers,
    payload: {
      Name: 'Pond Field',
      FieldNumber: 'SK1234 5678',
      Boundary: squareWithHole(431_000, 300, 100),
      srid: 27700,
    },
  });
  expect(holed.statusCode, holed.body).toBe(201);
  const hidden = await createFieldWithCropping(test.app, farm, {
    name: 'Secret Piece',
    east: 432_000,
    north,
    area: 3,
  });
  hiddenCroppingId = hidden.croppingId;
  layer = await zonedLayer(farm, first.fieldId, 430_000);
  // Sample points, as a soil import leaves them beside the zones.
  await test.db.execute(sql`
    INSERT INTO layer_points (layer_id, value, geom)
    SELECT ${layer.DataLayerId}, 12 + n, ST_SetSRID(ST_MakePoint(-1.55 + n * 0.0001, 52.6), 4326)
      FROM generate_series(1, 3) n`);
  await test.db.execute(sql`UPDATE data_layers SET point_count = 3 WHERE id = ${layer.DataLayerId}`);
  const otherField = await createFieldWithCropping(test.app, other, {
    name: 'Elsewhere',
    east: 440_000,
    north,
    area: 4,
  });
  otherLayer = await zonedLayer(other, otherField.fieldId, 440_000);
  folder = mkdtempSync(join(tmpdir(), 'headland-exports-'));
}, 180_000);

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await test?.close();
});

/** Downloads an export into the temp folder: the file itself, or the zip's files unpacked. */
async function download(
  path: string,
  headers = farm.headers,
): Promise<{ files: string[]; body: Buffer; type: string }> {
  const response = await test.app.inject({ method: 'GET', url: path, headers });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const disposition = String(response.headers['content-disposition']);
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  const body = response.rawPayload;
  const target = mkdtempSync(join(folder, 'x-'));
  if (name.endsWith('.zip')) {
    for (const [inner, bytes] of Object.entries(unzipSync(new Uint8Array(body))))
      writeFileSync(join(target, inner), bytes);
  } else writeFileSync(join(target, name), body);
  return {
    files: readdirSync(target).map((file) => join(target, file)),
    body,
    type: String(response.headers['content-type']),
  };
}

/** The OGR type GDAL reports for a column written in `format`. */
function ogrType(column: ExportColumn, format: ExportFormat): string {
  if (column.type === 'string') return 'String';
  if (column.type === 'integer') return format === 'shapefile' && column.wide ? 'Integer64' : 'Integer';
  if (column.type === 'real') return 'Real';
  return { shapefile: 'Date', geojson: 'Date', kml: 'String', flatgeobuf: 'DateTime' }[format];
}

const isWgs84 = (srs: string) => /WGS[ _]?84|WGS_1984/.test(srs) && /4326|GCS_WGS_1984|"WGS 84"/.test(srs);

/** The columns a GeoJSON export gives no value in: GDAL can only guess such a column as String. */
async function untypedInGeoJson(path: string): Promise<Set<string>> {
  const { body } = await download(path);
  const { features } = JSON.parse(body.toString('utf8')) as {
    features: { properties: Record<string, unknown> }[];
  };
  const names = Object.keys(features[0]?.properties ?? {});
  return new Set(names.filter((name) => features.every((feature) => feature.properties[name] === null)));
}

/** Each column present in what ogrinfo read, with the type it was written with. */
function expectColumns(
  columns: readonly ExportColumn[],
  fields: Record<string, string>,
  format: ExportFormat,
  untyped: Set<string>,
): void {
  for (const column of columns) {
    const expected = format === 'geojson' && untyped.has(column.name) ? 'String' : ogrType(column, format);
    expect([column.name, fields[column.name]]).toEqual([column.name, expected]);
  }
}

/** PostGIS's geodesic hectares of what the fields export draws for the owner (croppings' or fields' shapes). */
async function postgisFieldsHa(): Promise<number> {
  const [row] = await sqlRows<{ ha: number }>(
    test.db,
    sql`SELECT sum(ST_Area(coalesce(c.boundary, f.boundary)::geography))::float8 / 10000 AS ha
          FROM fields f LEFT JOIN croppings c ON c.field_id = f.id AND c.year_id = 2025
         WHERE f.holding_id = ${farm.holdingId}`,
  );
  return row?.ha ?? 0;
}

describe('fields and croppings of a year', () => {
  it.each(exportFormats)(
    'as %s, read back by ogrinfo with its CRS, count, attributes and areas',
    async (format) => {
      const { files } = await download(fieldsExportPath(2025, format));
      const main = files.find((file) => /\.(shp|kml|geojson|fgb)$/.test(file));
      if (format === 'shapefile')
        expect(files.map((file) => file.slice(file.lastIndexOf('.'))).sort()).toEqual([
          '.cpg',
          '.dbf',
          '.prj',
          '.shp',
          '.shx',
        ]);
      expect(main).toBeDefined();
      const layers = ogrSummary(main!);
      expect(layers).toHaveLength(1);
      const [summary] = layers;
      expect(isWgs84(summary!.srs), summary!.srs).toBe(true);
      expect(summary!.featureCount).toBe(3);
      for (const column of fieldColumns)
        expect([column.name, summary!.fields[column.name]]).toEqual([column.name, ogrType(column, format)]);
      const expected = await postgisFieldsHa();
      expect(expected).toBeGreaterThan(10);
      expect(Math.abs(ogrAreaHa(main!, summary!.name) - expected) / expected).toBeLessThan(0.001);
    },
  );

  it('carries the field, crop and dates a GIS user needs (GeoJSON, RFC 7946)', async () => {
    const { body, type } = await download(fieldsExportPath(2025, 'geojson'));
    expect(type).toContain('application/geo+json');
    const collection = JSON.parse(body.toString('utf8')) as {
      crs?: unknown;
      features: {
        properties: Record<string, unknown>;
        geometry: { type: string; coordinates: number[][][][] };
      }[];
    };
    expect(collection.crs).toBeUndefined();
    const long = collection.features.find((feature) => feature.properties.Field === 'Long Acre');
    expect(long?.properties).toMatchObject({
      Crop: 'Winter wheat',
      CropHa: 4,
      Sown: '2024-10-01',
      Year: 2025,
    });
    const pond = collection.features.find((feature) => feature.properties.Field === 'Pond Field');
    expect(pond?.properties).toMatchObject({ FieldNo: 'SK1234 5678', Crop: null });
    expect(pond?.properties.AreaHa as number).toBeCloseTo(8, 1);
    // RFC 7946: outer rings anticlockwise, holes clockwise (shoelace sign).
    const signed = (ring: number[][]) =>
      ring.slice(1).reduce((sum, [x, y], index) => sum + (ring[index]![0]! * y! - x! * ring[index]![1]!), 0);
    const [outer, hole] = pond!.geometry.coordinates[0]!;
    expect(signed(outer!)).toBeGreaterThan(0);
    expect(signed(hole!)).toBeLessThan(0);
  });

  it('leaves out a field whose cropping is hidden from a restricted member', async () => {
    const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [hiddenCroppingId]);
    const { body } = await download(fieldsExportPath(2025, 'geojson'), member.headers);
    const names = (
      JSON.parse(body.toString('utf8')) as { features: { properties: { Field: string } }[] }
    ).features.map((feature) => feature.properties.Field);
    expect(names.sort()).toEqual(['Long Acre', 'Pond Field']);
  });

  it('refuses a caller without exports, and a year or format out of bounds', async () => {
    const demo = await createUser(test.db, { role: Role.Demo });
    await addMember(test.db, farm.holdingId, demo.id);
    const headers = bearer(await signInToHolding(test.app, demo, farm.holdingId, 2025));
    const refused = await test.app.inject({ method: 'GET', url: fieldsExportPath(2025, 'kml'), headers });
    expect(refused.statusCode).toBe(403);
    for (const url of [
      fieldsExportPath(1800, 'kml'),
      '/api/export/v1/fields?year=2025&format=dwg',
      '/api/export/v1/fields?format=kml',
    ]) {
      const response = await test.app.inject({ method: 'GET', url, headers: farm.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ Message: string }>().Message).not.toMatch(/Invalid|Too small/);
    }
  });
});

describe('a data layer', () => {
  it.each(exportFormats)('as %s, with its zones and points read back by ogrinfo', async (format) => {
    const { files } = await download(layerExportPath(layer.DataLayerId, format));
    const mains = files.filter((file) => /\.(shp|kml|geojson|fgb)$/.test(file));
    const layers = mains.flatMap((file) => ogrSummary(file).map((summary) => ({ file, summary })));
    expect(layers.reduce((sum, { summary }) => sum + summary.featureCount, 0)).toBe(5);
    const untyped = await untypedInGeoJson(layerExportPath(layer.DataLayerId, 'geojson'));
    for (const { summary } of layers) {
      expect(isWgs84(summary.srs), summary.srs).toBe(true);
      expectColumns(layerColumns, summary.fields, format, untyped);
    }
    if (format === 'shapefile') expect(files).toHaveLength(10);
    const [zones] = await sqlRows<{ ha: number }>(
      test.db,
      sql`SELECT sum(ST_Area(geom::geography))::float8 / 10000 AS ha FROM layer_zones WHERE layer_id = ${layer.DataLayerId}`,
    );
    const zoneLayer = layers.find(({ summary }) => summary.featureCount === 2 || summary.featureCount === 5)!;
    expect(Math.abs(ogrAreaHa(zoneLayer.file, zoneLayer.summary.name) - zones!.ha) / zones!.ha).toBeLessThan(
      0.001,
    );
  });

  it('refuses a layer over the size bound in words, before reading its points', async () => {
    await test.db.execute(sql`UPDATE data_layers SET point_count = 300000 WHERE id = ${layer.DataLayerId}`);
    try {
      const response = await test.app.inject({
        method: 'GET',
        url: layerExportPath(layer.DataLayerId, 'geojson'),
        headers: farm.headers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ Code: string; Message: string }>()).toMatchObject({
        Code: 'exportTooLarge',
        Message: 'This export would hold 300002 features; at most 250000 can be exported at once.',
      });
    } finally {
      await test.db.execute(sql`UPDATE data_layers SET point_count = 3 WHERE id = ${layer.DataLayerId}`);
    }
  });

  it('refuses a layer of another holding, and one that does not exist', async () => {
    for (const id of [otherLayer.DataLayerId, 2_000_000_000]) {
      const response = await test.app.inject({
        method: 'GET',
        url: layerExportPath(id, 'geojson'),
        headers: farm.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Elsewhere');
    }
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/export/v1/layers/abc?format=kml',
      headers: farm.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
