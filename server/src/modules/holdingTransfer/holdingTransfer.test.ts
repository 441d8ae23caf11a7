import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate, zipSync, type Zippable } from 'fflate';
import { maxUnpackedBytes } from '@headland/domain/importLimits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDetails } from '@headland/domain/api/holdingsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { defaultHoldingPermissions, type HoldingPermissions } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  signIn,
  signInToHolding,
  type TestUser,
} from '../../testing/factories.ts';
import { seedCropTable } from '../../testing/fieldsFixtures.ts';
import {
  customRainfall,
  newHoldingPayload,
  ref,
  seedHoldingReference,
  tableCounts,
} from '../../testing/holdingsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { makePng, multipartBody as documentsBody } from '../../testing/documentFixtures.ts';
import { archiveFiles } from './holdingArchive.schema.ts';
import { tableColumns } from './holdingTransfer.queries.ts';

let t: TestApp;
let agronomist: TestUser;
let admin: TestUser;
let client: TestUser;
let agronomistToken: string;
let source: HoldingDetails;
let exported: Uint8Array;

function multipartBody(bytes: Uint8Array, field = 'file') {
  const boundary = `----headland${Math.random().toString(16).slice(2)}`;
  const head = strToU8(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="holding.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = strToU8(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function importZip(bytes: Uint8Array, token = agronomistToken, field = 'file') {
  const { payload, contentType } = multipartBody(bytes, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/import/omnia/holding',
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
}

async function exportHolding(holdingId: number, token = agronomistToken) {
  return t.app.inject({
    method: 'POST',
    url: `/api/export/omnia/holding/${holdingId}`,
    headers: bearer(token),
  });
}

/**
 * Everything stored about a holding, with its own ids left out and references between its rows expressed
 * through the referenced row's position, so that an import can be compared with its original. Geometries are
 * compared through their exact binary form. Settings are the holding-wide ones and those of `settingsOf`.
 */
async function holdingContents(holdingId: number, settingsOf: number): Promise<unknown> {
  const [row] = await sqlRows<{ contents: unknown }>(
    t.db,
    sql`WITH f AS (
          SELECT fields.*, row_number() OVER (ORDER BY id) AS position FROM fields WHERE holding_id = ${holdingId}),
        c AS (SELECT id, row_number() OVER (ORDER BY id) AS position FROM croppings WHERE holding_id = ${holdingId}),
        l AS (SELECT data_layers.*, row_number() OVER (ORDER BY id) AS position
                FROM data_layers WHERE holding_id = ${holdingId})
        SELECT jsonb_build_object(
          'holding', (SELECT to_jsonb(h) - 'id' - 'created_at' FROM holdings h WHERE h.id = ${holdingId}),
          'cropYears', (SELECT jsonb_agg(to_jsonb(y) - 'holding_id' ORDER BY y.year_id)
                          FROM holding_crop_years y WHERE y.holding_id = ${holdingId}),
          'weather', (SELECT jsonb_agg(to_jsonb(w) - 'holding_id' ORDER BY w.year, w.month)
                        FROM holding_weather w WHERE w.holding_id = ${holdingId}),
          -- A record's version counts the saves of that row, not its contents: an import starts new rows at 1.
          'fields', (SELECT jsonb_agg(to_jsonb(f) - 'id' - 'holding_id' - 'boundary' - 'version'
                                      || jsonb_build_object('boundary', encode(ST_AsEWKB(f.boundary), 'hex'),
                                           'years', (SELECT jsonb_agg(to_jsonb(y) - 'field_id' ORDER BY y.year_id)
                                                       FROM field_years y WHERE y.field_id = f.id))
                                      ORDER BY f.position) FROM f),
          'croppings', (SELECT jsonb_agg(to_jsonb(c) - 'id' - 'holding_id' - 'field_id' - 'boundary' - 'version'
                                         || jsonb_build_object('field', f.position,
                                              'boundary', encode(ST_AsEWKB(c.boundary), 'hex'))
                                         ORDER BY c.id)
                          FROM croppings c JOIN f ON f.id = c.field_id WHERE c.holding_id = ${holdingId}),
          'settings', (SELECT jsonb_agg(jsonb_build_object('own', s.user_id IS NOT NULL, 'key', s.key, 'value', s.value)
                                        ORDER BY s.user_id NULLS FIRST, s.key)
                         FROM settings s
                        WHERE s.holding_id = ${holdingId} AND (s.user_id IS NULL OR s.user_id = ${settingsOf})),
          -- Layers with their field, cropping and parent by position, zones with their picture by file name.
          'layers', (SELECT jsonb_agg(to_jsonb(l) - 'id' - 'holding_id' - 'field_id' - 'cropping_id' - 'parent_id'
                                      - 'position' || jsonb_build_object(
                                        'field', (SELECT f.position FROM f WHERE f.id = l.field_id),
                                        'cropping', (SELECT c.position FROM c WHERE c.id = l.cropping_id),
                                        'parent', (SELECT p.position FROM l p WHERE p.id = l.parent_id),
                                        'zones', (SELECT jsonb_agg(to_jsonb(z) - 'id' - 'layer_id' - 'geom'
                                                    - 'buffer_line' - 'field_id' - 'document_id' || jsonb_build_object(
                                                      'geom', encode(ST_AsEWKB(z.geom), 'hex'),
                                                      'bufferLine', encode(ST_AsEWKB(z.buffer_line), 'hex'),
                                                      'field', (SELECT f.position FROM f WHERE f.id = z.field_id),
                                                      'picture', (SELECT d.file_name FROM import_documents d
                                                                   WHERE d.id = z.document_id))
                                                    ORDER BY z.id) FROM layer_zones z WHERE z.layer_id = l.id),
                                        'points', (SELECT jsonb_agg(jsonb_build_array(
                                                     encode(ST_AsEWKB(p.geom), 'hex'), p.value) ORDER BY p.id)
                                                     FROM layer_points p WHERE p.layer_id = l.id))
                                      ORDER BY l.position) FROM l)
        ) AS contents`,
  );
  return row!.contents;
}

function rezip(files: Record<string, Uint8Array>, change: Record<string, unknown | undefined>): Uint8Array {
  const next: Zippable = { ...files };
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) delete next[name];
    else next[name] = typeof value === 'string' ? strToU8(value) : strToU8(JSON.stringify(value));
  }
  return zipSync(next);
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  await seedHoldingReference(db);
  await seedCropTable(db);
  const [crop] = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM crops WHERE id > 0 ORDER BY id LIMIT 1`,
  );
  await db.execute(
    sql`INSERT INTO varieties (id, crop_id, name, market) VALUES (501, ${crop!.id}, 'Skyfall', 'Feed')`,
  );

  agronomist = await createUser(db, { role: Role.Agronomist, businessId: ref.agronomyBusiness });
  admin = await createUser(db, { role: Role.Admin });
  client = await createUser(db, { role: Role.Client });
  agronomistToken = await signIn(t.app, agronomist);
  const created = await t.app.inject({
    method: 'PUT',
    url: '/api/holdings/v1',
    headers: bearer(agronomistToken),
    payload: newHoldingPayload({
      holding: {
        TradingName: 'Strathmore Mains',
        Region: ref.scotland,
        TownId: ref.perth,
        WeatherStationId: ref.perthStation,
        NVZ: true,
        PSorpCapacity: 2,
        Address: 'Strathmore Mains\nForfar',
      },
      firstCroppingYear: 2023,
      pkModel: 'SRUC',
      totalArea: 312.75,
      grasslandDerogation: true,
      grasslandDerogationNumber: 'GD-42',
      holdingWeather: customRainfall(2023),
      excludeFromUserReports: true,
    }),
  });
  expect(created.statusCode, created.body).toBe(200);
  source = created.json<HoldingDetails>();
  const id = source.HoldingId;
  await db.execute(sql`INSERT INTO holding_crop_years (holding_id, year_id, total_area, pk_model)
                       VALUES (${id}, 2024, 310.5, 'SRUC')`);

  await db.execute(sql`
    INSERT INTO fields (holding_id, name, field_number, field_group, boundary, area_type, boundary_area, working_area,
                        whole_area, manure_spread_area, ignore_boundary, nvz, created_at, updated_at)
    VALUES
      (${id}, 'Long Park', '12', 'North', ST_GeomFromText('MULTIPOLYGON(((-2.891234567890123 56.64321987654321,
         -2.881234567890123 56.64321987654321, -2.881234567890123 56.65321987654321,
         -2.891234567890123 56.64321987654321)))', 4326), 'Working', 12.3456, 11.5, 13.25, 10.0001, false, true,
         '2023-02-01T10:15:30.123456Z', '2024-03-05T08:00:00Z'),
      (${id}, 'Burnside', NULL, NULL, ST_GeomFromText('MULTIPOLYGON(((-2.9 56.6, -2.89 56.6, -2.89 56.61,
         -2.9 56.6)), ((-2.95 56.62, -2.94 56.62, -2.94 56.63, -2.95 56.62)))', 4326), 'Boundary', 20.5, NULL,
         NULL, NULL, false, false, '2023-02-01T10:16:00Z', '2023-02-01T10:16:00Z'),
      (${id}, 'Unmapped', '14', 'South', NULL, 'Whole', NULL, NULL, 4.2, NULL, true, true,
         '2023-02-02T00:00:00Z', '2023-02-02T00:00:00Z')`);
  // Boundary areas are PostGIS's measure of the boundary, as every write stores them (and an import recomputes).
  await db.execute(sql`UPDATE fields SET boundary_area = round((ST_Area(boundary::geography) / 10000)::numeric, 4)
                        WHERE holding_id = ${id} AND boundary IS NOT NULL`);
  const fieldIds = (
    await sqlRows<{ id: number }>(db, sql`SELECT id FROM fields WHERE holding_id = ${id} ORDER BY id`)
  ).map((row) => row.id);
  await db.execute(sql`
    INSERT INTO field_years (field_id, year_id, disabled)
    VALUES (${fieldIds[0]}, 2023, false), (${fieldIds[0]}, 2024, false), (${fieldIds[1]}, 2024, true)`);
  await db.execute(sql`
    INSERT INTO croppings (holding_id, field_id, year_id, plot_id, batch_id, start_date, end_date, sowing_date,
                           harvest_date, destruction_date, destroyed, crop_id, crop_name, crop_descr, variety_id,
                           variety_name, market, area, boundary, management_options, manure_spread_area, attributes,
                           created_at, updated_at)
    VALUES
      (${id}, ${fieldIds[0]}, 2024, 'P1', 'B7', '2023-09-20', '2024-08-15', '2023-09-21', '2024-08-14', NULL, false,
       ${crop!.id}, NULL, 'First wheat', 501, 'Skyfall', 'Feed', 11.5,
       ST_GeomFromText('MULTIPOLYGON(((-2.891 56.644, -2.882 56.644, -2.882 56.652, -2.891 56.644)))', 4326),
       '[{"Code": "AB1", "Area": 0.5}]', 11.25, '{"Purpose": "Feed", "Irrigated": true, "Yield": 9.75}',
       '2023-09-01T09:00:00Z', '2024-08-20T17:30:00.5Z'),
      (${id}, ${fieldIds[0]}, 2023, NULL, NULL, '2022-08-01', '2023-07-31', NULL, NULL, '2023-03-01', true,
       0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '[]', NULL, '{}', '2023-02-01T10:15:30Z', '2023-03-01T10:00:00Z'),
      (${id}, ${fieldIds[1]}, 2024, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false,
       ${crop!.id}, 'My own crop', NULL, NULL, NULL, NULL, 20.5, NULL, '[]', NULL, '{}',
       '2023-10-01T00:00:00Z', '2023-10-01T00:00:00Z')`);
  const other = await createUser(db, { role: Role.Client });
  await db.execute(sql`
    INSERT INTO settings (holding_id, user_id, key, value) VALUES
      (${id}, NULL, 'map.layers', '{"fields": true}'), (${id}, ${agronomist.id}, 'fields.sort', 'name'),
      (${id}, ${other.id}, 'fields.sort', 'area')`);
  await seedLayers(id, fieldIds);

  const response = await exportHolding(id);
  expect(response.statusCode, response.body).toBe(200);
  exported = new Uint8Array(response.rawPayload);
});

/**
 * Data layers on the source holding: a soil analysis of a field with a zone picture and point data, and from it
 * a requirement and an application plan on a cropping (parent before child and child before parent), with
 * rates; and a holding-wide drawing with a regular shape and a buffer line.
 */
async function seedLayers(holdingId: number, fieldIds: number[]): Promise<void> {
  const token = await signInToHolding(t.app, agronomist, holdingId, 2024);
  const body = documentsBody([{ name: 'pit.png', type: 'image/png', bytes: await makePng(40, 30) }]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/import/document/import/${holdingId}/2024`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const [document] = await sqlRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM import_documents WHERE holding_id = ${holdingId}`,
  );
  const [cropping] = await sqlRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM croppings WHERE field_id = ${fieldIds[0]} AND year_id = 2024`,
  );
  const square = (west: number, south: number) =>
    `MULTIPOLYGON(((${west} ${south}, ${west + 0.002} ${south}, ${west + 0.002} ${south + 0.002}, ${west} ${south + 0.002}, ${west} ${south})))`;
  // The application comes first, so that its parent (inserted later) has a higher id.
  const [application] = await sqlRows<{ id: number }>(
    t.db,
    sql`INSERT INTO data_layers (holding_id, type_id, scope, field_id, cropping_id, crop_id, year_id, layer_date, name,
                                 unit, nutrient_id, product_id, rate_unit_id, plan_name, calculated, ranges, style,
                                 zone_count, min_value, max_value, created_at, updated_at)
        VALUES (${holdingId}, 31, 2, ${fieldIds[0]}, ${cropping!.id}, 7, 2024, '2024-03-10', 'P2O5 application',
                'kg/ha', 3, 12, 1, 'Spring plan', true,
                '[{"Min": 0, "Max": 50, "FillColor": [255, 0, 0], "Label": "low"}]',
                '{"Gradient": "P2O5", "Colour": null, "Opacity": 80}', 2, 40, 65,
                '2024-03-10T08:00:00Z', '2024-03-11T09:30:00.25Z')
        RETURNING id`,
  );
  const [soil] = await sqlRows<{ id: number }>(
    t.db,
    sql`INSERT INTO data_layers (holding_id, type_id, scope, field_id, year_id, layer_date, name, unit, zone_count,
                                 point_count, show_zone_numbers, min_value, max_value, created_at, updated_at)
        VALUES (${holdingId}, 10, 1, ${fieldIds[0]}, 2024, '2023-11-02', 'pH 2023', NULL, 2, 3, true, 5.9, 6.8,
                '2023-11-05T10:00:00Z', '2023-11-05T10:00:00Z')
        RETURNING id`,
  );
  const [requirement] = await sqlRows<{ id: number }>(
    t.db,
    sql`INSERT INTO data_layers (holding_id, type_id, scope, field_id, cropping_id, parent_id, year_id, name, unit,
                                 nutrient_id, plan_name, calculated, inactive, zone_count, created_at, updated_at)
        VALUES (${holdingId}, 30, 2, ${fieldIds[0]}, ${cropping!.id}, ${soil!.id}, 2024, 'P2O5 requirement', 'kg/ha',
                3, 'Spring plan', true, true, 1, '2024-03-09T08:00:00Z', '2024-03-09T08:00:00Z')
        RETURNING id`,
  );
  await t.db.execute(
    sql`UPDATE data_layers SET parent_id = ${requirement!.id} WHERE id = ${application!.id}`,
  );
  const [drawing] = await sqlRows<{ id: number }>(
    t.db,
    sql`INSERT INTO data_layers (holding_id, type_id, scope, year_id, name, show_stroke, zone_count, created_at,
                                 updated_at)
        VALUES (${holdingId}, 70, 3, 2023, 'Drainage', false, 1, '2023-05-01T00:00:00Z', '2023-05-01T00:00:00Z')
        RETURNING id`,
  );
  await t.db.execute(sql`
    INSERT INTO layer_zones (layer_id, zone_number, value, init_value, label, document_id, field_id, buffer,
                             buffer_line, user_defined, regular_shape, style, product_rate, nutrient_rate,
                             init_product_rate, geom, area_ha)
    VALUES
      (${soil!.id}, 1, 6.8, 6.5, 'Pit 1', ${document!.id}, ${fieldIds[0]}, NULL, NULL, true, NULL, NULL, NULL, NULL,
       NULL, ST_GeomFromText(${square(-2.89, 56.645)}, 4326), 0),
      (${soil!.id}, 2, 5.9, 5.9, NULL, NULL, ${fieldIds[0]}, NULL, NULL, false, NULL, NULL, NULL, NULL, NULL,
       ST_GeomFromText(${square(-2.887, 56.645)}, 4326), 0),
      (${requirement!.id}, 1, 52.5, 52.5, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL, NULL, NULL, NULL,
       ST_GeomFromText(${square(-2.89, 56.645)}, 4326), 0),
      (${application!.id}, 1, 40, 45, NULL, NULL, NULL, NULL, NULL, true, NULL,
       '{"FillColor": [0, 128, 0], "StrokeWidth": 2, "LinePattern": null, "AutoLabel": true}', 87.5, 40, 95,
       ST_GeomFromText(${square(-2.89, 56.645)}, 4326), 0),
      (${application!.id}, 2, 65, 65, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL, 142.25, 65, 142.25,
       ST_GeomFromText(${square(-2.887, 56.645)}, 4326), 0),
      (${drawing!.id}, NULL, NULL, NULL, 'Ditch', NULL, NULL, 3.5,
       ST_GeomFromText('LINESTRING(-2.95 56.62, -2.945 56.625)', 4326), true,
       '{"Type": "circle", "Center": [-2.9, 56.6], "Size1": 25, "Size2": null, "Angle": 0}', NULL, NULL, NULL, NULL,
       ST_GeomFromText(${square(-2.95, 56.62)}, 4326), 0)`);
  // Zone areas are PostGIS's measure, as every write stores them (and an import recomputes).
  await t.db
    .execute(sql`UPDATE layer_zones SET area_ha = round((ST_Area(geom::geography) / 10000)::numeric, 4)
                          WHERE layer_id IN (${soil!.id}, ${requirement!.id}, ${application!.id}, ${drawing!.id})`);
  await t.db.execute(sql`
    INSERT INTO layer_points (layer_id, value, geom)
    VALUES (${soil!.id}, 6.1, ST_SetSRID(ST_MakePoint(-2.889123456789012, 56.64612345678901), 4326)),
           (${soil!.id}, NULL, ST_SetSRID(ST_MakePoint(-2.888, 56.646), 4326)),
           (${soil!.id}, 6.75, ST_SetSRID(ST_MakePoint(-2.887, 56.6465), 4326))`);
}

afterAll(async () => {
  await t?.close();
});

describe('POST /api/export/omnia/holding/{id}', () => {
  it('answers a zip of the holding with its manifest, and records an export Event', async () => {
    const response = await exportHolding(source.HoldingId);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Strathmore-Mains-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    // The library's index and its one picture, which a zone of a layer shows, travel too.
    const names = Object.keys(files);
    expect(names.filter((name) => !name.startsWith('documents/')).sort()).toEqual(
      [...Object.values(archiveFiles), 'documents.json'].sort(),
    );
    expect(names.filter((name) => name.startsWith('documents/'))).toEqual([
      expect.stringMatching(/^documents\/[0-9a-f]{32}\.png$/),
    ]);
    const manifest = JSON.parse(strFromU8(files[archiveFiles.manifest]!));
    expect(manifest).toMatchObject({
      format: 'headland-holding',
      formatVersion: 1,
      crs: 'EPSG:4326',
      source: {
        application: 'Headland',
        brand: 'main',
        holdingId: source.HoldingId,
        tradingName: 'Strathmore Mains',
      },
      counts: { cropYears: 2, weather: 12, fields: 3, croppings: 3, settings: 2, layers: 4 },
    });
    expect(Date.parse(manifest.exportedAt)).not.toBeNaN();
    const events = await sqlRows<{ action: string; source: number; object_type: string }>(
      t.db,
      sql`SELECT action, source, object_type FROM events WHERE holding_id = ${source.HoldingId} AND action = 'export'`,
    );
    expect(events[0]).toEqual({ action: EventAction.Export, source: Module.Holding, object_type: 'Holding' });
  });

  it('writes the fields as a GeoJSON FeatureCollection with every attribute as properties', () => {
    const fields = JSON.parse(strFromU8(unzipSync(exported)[archiveFiles.fields]!));
    expect(fields.type).toBe('FeatureCollection');
    expect(fields.features).toHaveLength(3);
    const [first, , unmapped] = fields.features;
    expect(first.type).toBe('Feature');
    expect(first.geometry.type).toBe('MultiPolygon');
    expect(first.geometry.coordinates[0][0][0]).toEqual([-2.891234567890123, 56.64321987654321]);
    expect(first.properties).toMatchObject({
      name: 'Long Park',
      fieldNumber: '12',
      fieldGroup: 'North',
      areaType: 'Working',
      boundaryArea: 34.1591,
      workingArea: 11.5,
      wholeArea: 13.25,
      manureSpreadArea: 10.0001,
      ignoreBoundary: false,
      nvz: true,
      years: [
        { yearId: 2023, disabled: false },
        { yearId: 2024, disabled: false },
      ],
    });
    expect(unmapped.geometry).toBeNull();
  });

  it('covers every column of the fields and croppings tables', async () => {
    const files = unzipSync(exported);
    const fieldKeys = Object.keys(JSON.parse(strFromU8(files[archiveFiles.fields]!)).features[0].properties);
    const croppingKeys = Object.keys(JSON.parse(strFromU8(files[archiveFiles.croppings]!))[0]);
    const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    // A column added to either table must be added to the export and import too. Who made a record's last
    // change (`changed_by`) is a user of this server, not of the one the file is imported into.
    const carried = (column: string) => column !== 'holding_id' && column !== 'changed_by';
    expect((await tableColumns(t.db, 'fields')).filter(carried)).toEqual(
      [...fieldKeys.filter((key) => key !== 'years').map(snake), 'boundary'].sort(),
    );
    expect((await tableColumns(t.db, 'croppings')).filter(carried)).toEqual(croppingKeys.map(snake).sort());
  });

  it('carries no app connection: they belong to the user who made them, with secrets sealed to this server', async () => {
    // A column added to app_connections must be judged here: carried by the export, or named as not carried.
    const notCarried = [
      'access_expires_at',
      'app_id',
      'basic_user',
      'created_at',
      'first_year',
      'holding_id',
      'id',
      'mode',
      'oauth_state_hash',
      'organisation_id',
      'organisation_name',
      'sealed_access_token',
      'sealed_password',
      'sealed_pkce_verifier',
      'sealed_refresh_token',
      'status',
      'updated_at',
      'user_id',
    ];
    expect(await tableColumns(t.db, 'app_connections')).toEqual(notCarried);
    const files = Object.keys(unzipSync(exported));
    expect(files.filter((name) => /connection|apps/i.test(name))).toEqual([]);
  });

  it('follows the Exports permission: Admin level, Access and Client members may, Demo and a member an owner set to Not available may not', async () => {
    expect((await exportHolding(source.HoldingId, await signIn(t.app, admin))).statusCode).toBe(200);
    const holding = await createHolding(t.db, { features: { perHoldingPermissions: true } });
    const owner = await createUser(t.db, { role: Role.Agronomist });
    await addMember(t.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    const memberWith = async (role: Role, holdingPermissions: HoldingPermissions | null = null) => {
      const user = await createUser(t.db, { role });
      await addMember(t.db, holding.id, user.id, { holdingRole: HoldingRole.Member, holdingPermissions });
      return exportHolding(holding.id, await signIn(t.app, user));
    };
    // The spec grants the Access role exports (holdings §6); a Client reads every area, exports included.
    expect((await memberWith(Role.Access)).statusCode).toBe(200);
    expect((await memberWith(Role.Client)).statusCode).toBe(200);
    const notAvailable = defaultHoldingPermissions(Role.Client);
    notAvailable.main.exports = { enabled: false };
    const refused = await memberWith(Role.Client, notAvailable);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      Message: 'You do not have permission to export this holding.',
      Code: 'holdingExportNotAllowed',
      Params: {},
    });
    expect((await memberWith(Role.Demo)).statusCode).toBe(403);
    const stranger = await createUser(t.db, { role: Role.Agronomist });
    expect((await exportHolding(holding.id, await signIn(t.app, stranger))).statusCode).toBe(403);
    expect((await exportHolding(999_999)).statusCode).toBe(404);
  });

  it('tells in the holdings list, per holding, whether the caller may export it, as the export route decides', async () => {
    const holding = await createHolding(t.db, { features: { perHoldingPermissions: true } });
    const owner = await createUser(t.db, { role: Role.Agronomist });
    await addMember(t.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    const notAvailable = defaultHoldingPermissions(Role.Client);
    notAvailable.main.exports = { enabled: false };
    const member = async (role: Role, options: Parameters<typeof addMember>[3]) => {
      const user = await createUser(t.db, { role });
      await addMember(t.db, holding.id, user.id, options);
      return user;
    };
    const users = {
      owner,
      access: await member(Role.Access, { holdingRole: HoldingRole.Member }),
      notAvailable: await member(Role.Client, {
        holdingRole: HoldingRole.Member,
        holdingPermissions: notAvailable,
      }),
      restricted: await member(Role.Client, {
        holdingRole: HoldingRole.RestrictedMember,
        restrictCroppingAccess: true,
      }),
    };
    const seen: Record<string, [boolean | undefined, number]> = {};
    for (const [name, user] of Object.entries(users)) {
      const token = await signIn(t.app, user);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/service/holdings',
        headers: bearer(token),
      });
      expect(list.statusCode, list.body).toBe(200);
      const listed = list
        .json<{ Holdings: HoldingDetails[] }>()
        .Holdings.find((entry) => entry.HoldingId === holding.id);
      seen[name] = [listed?.CanExport, (await exportHolding(holding.id, token)).statusCode];
    }
    expect(seen).toEqual({
      owner: [true, 200],
      access: [true, 200],
      notAvailable: [false, 403],
      restricted: [false, 403],
    });
  });
});

describe('POST /api/import/omnia/holding', () => {
  it('creates a new holding equal to the exported one, owned by the caller, with an import Event', async () => {
    const response = await importZip(exported);
    expect(response.statusCode, response.body).toBe(200);
    const imported = response.json<{ Holding: HoldingDetails }>().Holding;
    expect(imported.HoldingId).not.toBe(source.HoldingId);
    // Imported beside the original, whose account number it has, it is told apart by its name only.
    const copyName = 'Strathmore Mains (2)';
    const original = (await holdingContents(source.HoldingId, agronomist.id)) as Record<string, unknown>;
    expect(await holdingContents(imported.HoldingId, agronomist.id)).toEqual({
      ...original,
      holding: { ...(original.holding as object), trading_name: copyName },
    });
    expect(imported).toEqual({
      ...source,
      TradingName: copyName,
      HoldingId: imported.HoldingId,
      CropYears: [2023, 2024],
      HoldingCropYears: imported.HoldingCropYears,
    });

    const [owner] = await sqlRows<{ user_id: number; holding_role: number }>(
      t.db,
      sql`SELECT user_id, holding_role FROM holding_users WHERE holding_id = ${imported.HoldingId}`,
    );
    expect(owner).toEqual({ user_id: agronomist.id, holding_role: 2 });
    const [event] = await sqlRows<{ action: string; data: Record<string, unknown> }>(
      t.db,
      sql`SELECT action, data FROM events WHERE holding_id = ${imported.HoldingId}`,
    );
    expect(event).toEqual({
      action: EventAction.Import,
      data: {
        Name: 'Strathmore Mains',
        SourceHoldingId: source.HoldingId,
        Fields: 3,
        Croppings: 3,
        Layers: 4,
      },
    });
    // The new holding's croppings point at the new holding's fields.
    const [links] = await sqlRows<{ foreign: number }>(
      t.db,
      sql`SELECT count(*)::int AS foreign FROM croppings c JOIN fields f ON f.id = c.field_id
           WHERE c.holding_id = ${imported.HoldingId} AND f.holding_id <> c.holding_id`,
    );
    expect(links!.foreign).toBe(0);
  });

  it("gives the importer the exporting user's own settings", async () => {
    const importer = await createUser(t.db, { role: Role.Manager, businessId: ref.agronomyBusiness });
    const response = await importZip(exported, await signIn(t.app, importer));
    expect(response.statusCode, response.body).toBe(200);
    const holdingId = response.json<{ Holding: HoldingDetails }>().Holding.HoldingId;
    const rows = await sqlRows<{ user_id: number | null; key: string; value: string }>(
      t.db,
      sql`SELECT user_id, key, value FROM settings WHERE holding_id = ${holdingId} ORDER BY key`,
    );
    expect(rows).toEqual([
      { user_id: importer.id, key: 'fields.sort', value: 'name' },
      { user_id: null, key: 'map.layers', value: '{"fields": true}' },
    ]);
  });

  it('keeps satellite imagery and holding features from the file for Admin-level users only', async () => {
    const files = unzipSync(exported);
    const holding = JSON.parse(strFromU8(files[archiveFiles.holding]!));
    const upgraded = rezip(files, {
      [archiveFiles.holding]: {
        ...holding,
        satellite: true,
        features: { sprayAudit: true, scoutingLink: true },
      },
    });
    const byAgronomist = (await importZip(upgraded)).json<{ Holding: HoldingDetails }>().Holding;
    expect(byAgronomist.Satellite).toBe(false);
    const byAdmin = (await importZip(upgraded, await signIn(t.app, admin))).json<{
      Holding: HoldingDetails;
    }>().Holding;
    expect(byAdmin.Satellite).toBe(true);
    const features = await sqlRows<{ id: number; features: Record<string, boolean> }>(
      t.db,
      sql`SELECT id, features FROM holdings WHERE id IN (${byAgronomist.HoldingId}, ${byAdmin.HoldingId}) ORDER BY id`,
    );
    expect(features.map((row) => row.features)).toEqual([
      { perHoldingPermissions: true, sprayAudit: false, scoutingLink: false },
      { sprayAudit: true, scoutingLink: true },
    ]);
  });

  const files = () => unzipSync(exported);
  const fileJson = (name: string) => JSON.parse(strFromU8(files()[name]!));

  it.each<[string, () => Uint8Array, string | RegExp]>([
    [
      'a file that is not a zip',
      () => strToU8('just some text'),
      'The file is not a zip archive, or it is damaged.',
    ],
    [
      'a truncated zip',
      () => exported.slice(0, Math.floor(exported.length / 2)),
      'The file is not a zip archive, or it is damaged.',
    ],
    [
      'a zip of something else',
      () => zipSync({ 'readme.txt': strToU8('hello'), 'data.csv': strToU8('a,b\n1,2') }),
      'This file is not a Headland holding export. It has no manifest.json.',
    ],
    [
      'a zip whose manifest is of another format',
      () =>
        rezip(files(), {
          [archiveFiles.manifest]: { ...fileJson(archiveFiles.manifest), format: 'other-app' },
        }),
      'This file is not a Headland holding export.',
    ],
    [
      'a newer format version',
      () =>
        rezip(files(), { [archiveFiles.manifest]: { ...fileJson(archiveFiles.manifest), formatVersion: 2 } }),
      'This holding export uses format version 2; this version of Headland reads version 1.',
    ],
    [
      'a missing file',
      () => rezip(files(), { [archiveFiles.croppings]: undefined }),
      'The holding export is damaged: croppings.json is missing.',
    ],
    [
      'a file that is not JSON',
      () => rezip(files(), { [archiveFiles.weather]: '[{"year": 2023,' }),
      'The holding export is damaged: weather.json is not valid JSON.',
    ],
    [
      'a field with an open ring',
      () => {
        const fields = fileJson(archiveFiles.fields);
        fields.features[0].geometry.coordinates[0][0][3] = [0, 0];
        return rezip(files(), { [archiveFiles.fields]: fields });
      },
      /^The holding export is damaged: fields\.geojson is not valid at features\.0\.geometry/,
    ],
    [
      'a negative rainfall',
      () => {
        const weather = fileJson(archiveFiles.weather);
        weather[0].rainfall = -3;
        return rezip(files(), { [archiveFiles.weather]: weather });
      },
      /^The holding export is damaged: weather\.json is not valid at 0\.rainfall/,
    ],
    [
      'counts that do not match the manifest',
      () => {
        const croppings = fileJson(archiveFiles.croppings);
        return rezip(files(), { [archiveFiles.croppings]: croppings.slice(1) });
      },
      'The holding export is damaged: the manifest lists 3 croppings but the archive holds 2.',
    ],
    [
      'a cropping on a field not in the archive',
      () => {
        const croppings = fileJson(archiveFiles.croppings);
        croppings[2].fieldId = 987654;
        return rezip(files(), { [archiveFiles.croppings]: croppings });
      },
      /belongs to field 987654, which is not in the archive\.$/,
    ],
    [
      'a post town unknown here',
      () => rezip(files(), { [archiveFiles.holding]: { ...fileJson(archiveFiles.holding), townId: 7777 } }),
      'The holding export refers to post town 7777, which does not exist here.',
    ],
    [
      'a crop unknown here',
      () => {
        const croppings = fileJson(archiveFiles.croppings);
        croppings[0].cropId = 99999;
        return rezip(files(), { [archiveFiles.croppings]: croppings });
      },
      'The holding export refers to crop 99999, which does not exist here.',
    ],
  ])('refuses %s with a clear message, changing nothing', async (_, make, message) => {
    const before = await tableCounts(t.db);
    const response = await importZip(make());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ Message: string }>().Message).toMatch(message);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('needs the file in the field "file" of a multipart upload', async () => {
    const wrongField = await importZip(exported, agronomistToken, 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({
      Message: 'No file was sent in the field "file".',
      Code: 'noFileInFieldFile',
      Params: {},
    });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/import/omnia/holding',
      headers: bearer(agronomistToken),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('refuses a user whose role cannot create holdings, changing nothing', async () => {
    const before = await tableCounts(t.db);
    const response = await importZip(exported, await signIn(t.app, client));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      Message: 'You do not have permission to create holdings.',
      Code: 'holdingCreateNotAllowed',
      Params: {},
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('imports an empty holding', async () => {
    const empty = await createHolding(t.db, { tradingName: 'Bare Ground', cropYears: [2025] });
    await addMember(t.db, empty.id, agronomist.id);
    const zip = await exportHolding(empty.id);
    expect(zip.statusCode).toBe(200);
    const response = await importZip(new Uint8Array(zip.rawPayload));
    expect(response.statusCode, response.body).toBe(200);
    const holdingId = response.json<{ Holding: HoldingDetails }>().Holding.HoldingId;
    const contents = (await holdingContents(holdingId, agronomist.id)) as Record<string, unknown>;
    const original = (await holdingContents(empty.id, agronomist.id)) as Record<string, unknown>;
    // Imported by an agronomist, who becomes its agronomist, with the features of a holding made by hand; the
    // factory's holding has neither.
    expect(contents).toEqual({
      ...original,
      holding: {
        ...(original.holding as object),
        agronomist_id: agronomist.id,
        features: { perHoldingPermissions: true, sprayAudit: false, scoutingLink: false },
      },
    });
  });
});

async function previewZip(bytes: Uint8Array, token = agronomistToken) {
  const { payload, contentType } = multipartBody(bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/import/omnia/holding/preview',
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
}

/** The export with its holding file changed. */
function withHolding(change: Record<string, unknown>): Uint8Array {
  const files = unzipSync(exported);
  const holding = JSON.parse(strFromU8(files[archiveFiles.holding]!));
  return rezip(files, { [archiveFiles.holding]: { ...holding, ...change } });
}

/** The export with its first field changed. */
function withFirstField(change: (feature: Record<string, unknown>) => Record<string, unknown>): Uint8Array {
  const files = unzipSync(exported);
  const fields = JSON.parse(strFromU8(files[archiveFiles.fields]!));
  fields.features[0] = change(fields.features[0]);
  return rezip(files, { [archiveFiles.fields]: fields });
}

describe('holding import trusts no geometry of the file', () => {
  it('refuses a boundary out of range, and the fields lists in British National Grid still answer', async () => {
    const before = await tableCounts(t.db);
    const far = withFirstField((feature) => ({
      ...feature,
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [10, 95],
              [11, 95],
              [11, 96],
              [10, 95],
            ],
          ],
        ],
      },
    }));
    const response = await importZip(far);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'The holding export is damaged: the boundary of field "Long Park" cannot be used: The coordinates are not longitudes and latitudes (EPSG:4326).',
    );
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('measures every boundary in PostGIS, whatever area the file says', async () => {
    const lying = withFirstField((feature) => ({
      ...feature,
      properties: { ...(feature.properties as object), boundaryArea: 999_999 },
    }));
    const response = await importZip(lying);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ Holding: HoldingDetails }>().Holding.HoldingId;
    const [field] = await sqlRows<{ boundary_area: number; measured: number }>(
      t.db,
      sql`SELECT boundary_area::float8 AS boundary_area,
                 round((ST_Area(boundary::geography) / 10000)::numeric, 4)::float8 AS measured
            FROM fields WHERE holding_id = ${id} AND name = 'Long Park'`,
    );
    expect(field!.boundary_area).toBe(field!.measured);
    expect(field!.boundary_area).not.toBe(999_999);
  });

  it('repairs a self-intersecting boundary', async () => {
    const bowTie = withFirstField((feature) => ({
      ...feature,
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [-2.9, 56.6],
              [-2.89, 56.61],
              [-2.89, 56.6],
              [-2.9, 56.61],
              [-2.9, 56.6],
            ],
          ],
        ],
      },
    }));
    const response = await importZip(bowTie);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ Holding: HoldingDetails }>().Holding.HoldingId;
    const [field] = await sqlRows<{ valid: boolean; parts: number }>(
      t.db,
      sql`SELECT ST_IsValid(boundary) AS valid, ST_NumGeometries(boundary) AS parts
            FROM fields WHERE holding_id = ${id} AND name = 'Long Park'`,
    );
    expect(field).toEqual({ valid: true, parts: 2 });
  });

  it('refuses a small zip that unpacks to more than the limit', async () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((_error, chunk) => parts.push(chunk));
    const entry = new ZipDeflate(archiveFiles.fields, { level: 1 });
    zip.add(entry);
    const megabyte = new Uint8Array(1024 * 1024).fill(32);
    const megabytes = maxUnpackedBytes / megabyte.length + 8;
    for (let i = 0; i < megabytes; i += 1) entry.push(megabyte, i === megabytes - 1);
    zip.end();
    const response = await importZip(Buffer.concat(parts));
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('The zip file unpacks to more than 256 MB.');
  });
});

describe('importing the same holding twice', () => {
  it('warns of a holding with the same account number, and replaces it in place when asked', async () => {
    const owner = await createUser(t.db, { role: Role.Agronomist, businessId: ref.agronomyBusiness });
    const token = await signIn(t.app, owner);
    const archive = withHolding({ accountNumber: 'PEN-0042' });
    const first = await previewZip(archive, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      TradingName: 'Strathmore Mains',
      AccountNumber: 'PEN-0042',
      CropYears: [2023, 2024],
      Fields: 3,
      Croppings: 3,
      SameAccountNumber: [],
    });
    const imported = await importZip(archive, token);
    expect(imported.statusCode, imported.body).toBe(200);
    const id = imported.json<{ Holding: HoldingDetails }>().Holding.HoldingId;

    const again = await previewZip(
      withHolding({ accountNumber: ' pen-0042 ', tradingName: 'Penlan' }),
      token,
    );
    expect(again.json().SameAccountNumber).toEqual([{ HoldingId: id, TradingName: 'Strathmore Mains' }]);
    // Someone else with the same account number on their own holding learns nothing of this one.
    expect((await previewZip(archive)).json().SameAccountNumber).not.toContainEqual(
      expect.objectContaining({ HoldingId: id }),
    );

    const holdingsBefore = await sqlRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM holdings`,
    );
    const { payload, contentType } = multipartBody(
      withHolding({ accountNumber: 'PEN-0042', tradingName: 'Penlan' }),
    );
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/import/omnia/holding',
      headers: { ...bearer(token), 'content-type': contentType },
      payload: Buffer.concat([
        Buffer.from(
          `--${contentType.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="replaceHoldingId"\r\n\r\n${id}\r\n`,
        ),
        payload,
      ]),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<{ Holding: HoldingDetails }>().Holding).toMatchObject({
      HoldingId: id,
      TradingName: 'Penlan',
    });
    const holdingsAfter = await sqlRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM holdings`,
    );
    expect(holdingsAfter).toEqual(holdingsBefore);
    const [counts] = await sqlRows<{ fields: number; croppings: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM fields WHERE holding_id = ${id}) AS fields,
                 (SELECT count(*)::int FROM croppings WHERE holding_id = ${id}) AS croppings`,
    );
    expect(counts).toEqual({ fields: 3, croppings: 3 });
  });

  it('tells a holding imported again as a new one apart by its name: Name (2), then Name (3)', async () => {
    const owner = await createUser(t.db, { role: Role.Agronomist, businessId: ref.agronomyBusiness });
    const token = await signIn(t.app, owner);
    const archive = withHolding({ accountNumber: 'TWICE-77', tradingName: 'Cwm Farm' });
    const names: string[] = [];
    for (let copy = 0; copy < 3; copy += 1) {
      const imported = await importZip(archive, token);
      expect(imported.statusCode, imported.body).toBe(200);
      names.push(imported.json<{ Holding: HoldingDetails }>().Holding.TradingName);
    }
    expect(names).toEqual(['Cwm Farm', 'Cwm Farm (2)', 'Cwm Farm (3)']);
    // Another account number, or another user's holdings, leave the file's name as it is.
    const other = await importZip(withHolding({ accountNumber: 'ELSE-1', tradingName: 'Cwm Farm' }), token);
    expect(other.json<{ Holding: HoldingDetails }>().Holding.TradingName).toBe('Cwm Farm');
    const stranger = await importZip(archive);
    expect(stranger.json<{ Holding: HoldingDetails }>().Holding.TradingName).toBe('Cwm Farm');
    // A name at the longest is shortened to keep its number.
    const long = 'L'.repeat(200);
    const longArchive = withHolding({ accountNumber: 'LONG-1', tradingName: long });
    expect(
      (await importZip(longArchive, token)).json<{ Holding: HoldingDetails }>().Holding.TradingName,
    ).toBe(long);
    expect(
      (await importZip(longArchive, token)).json<{ Holding: HoldingDetails }>().Holding.TradingName,
    ).toBe(`${'L'.repeat(196)} (2)`);
  });

  it('refuses to replace a holding the caller cannot change, changing nothing', async () => {
    const stranger = await createUser(t.db, { role: Role.Agronomist, businessId: ref.agronomyBusiness });
    const before = await tableCounts(t.db);
    const { payload, contentType } = multipartBody(exported);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/import/omnia/holding',
      headers: { ...bearer(await signIn(t.app, stranger)), 'content-type': contentType },
      payload: Buffer.concat([
        Buffer.from(
          `--${contentType.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="replaceHoldingId"\r\n\r\n${source.HoldingId}\r\n`,
        ),
        payload,
      ]),
    });
    expect(response.statusCode).toBe(404);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

/** The export with its layers file changed (or removed, with `undefined`) and the manifest's count to match. */
function withLayers(change: (layers: Record<string, unknown>[]) => Record<string, unknown>[] | undefined) {
  const files = unzipSync(exported);
  const layers = change(JSON.parse(strFromU8(files[archiveFiles.layers]!)));
  const manifest = JSON.parse(strFromU8(files[archiveFiles.manifest]!));
  const { layers: _count, ...counts } = manifest.counts;
  return rezip(files, {
    [archiveFiles.layers]: layers,
    [archiveFiles.manifest]: {
      ...manifest,
      counts: layers === undefined ? counts : { ...counts, layers: layers.length },
    },
  });
}

describe('data layers in the holding export', () => {
  it('carries every column of the layers, zones and points tables', async () => {
    const [layer, soil] = JSON.parse(strFromU8(unzipSync(exported)[archiveFiles.layers]!));
    const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    // Counts and areas are recomputed on import; the zone's picture travels by its stored name in the library.
    const derived = new Set(['holding_id', 'zone_count', 'point_count', 'layer_id', 'area_ha']);
    const renamed: Record<string, string> = { document: 'document_id', geometry: 'geom' };
    const columns = (keys: string[]) => keys.map((key) => renamed[key] ?? snake(key)).sort();
    expect((await tableColumns(t.db, 'data_layers')).filter((column) => !derived.has(column))).toEqual(
      columns(Object.keys(layer).filter((key) => key !== 'zones' && key !== 'points')),
    );
    expect(
      (await tableColumns(t.db, 'layer_zones')).filter((column) => !derived.has(column) && column !== 'id'),
    ).toEqual(columns(Object.keys(layer.zones[0])));
    expect(await tableColumns(t.db, 'layer_points')).toEqual(['geom', 'id', 'layer_id', 'value']);
    expect(soil.points[0]).toEqual([-2.889123456789012, 56.64612345678901, 6.1]);
  });

  it('imports layers linked to the new fields, croppings, parents and pictures, with zone areas, rates and points', async () => {
    const response = await importZip(exported);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ Holding: HoldingDetails }>().Holding.HoldingId;
    const layers = await sqlRows<{
      name: string;
      field: string | null;
      cropping: number | null;
      parent: string | null;
      zone_count: number;
      point_count: number;
    }>(
      t.db,
      sql`SELECT l.name, f.name AS field, c.year_id AS cropping, p.name AS parent, l.zone_count, l.point_count
            FROM data_layers l LEFT JOIN fields f ON f.id = l.field_id AND f.holding_id = l.holding_id
            LEFT JOIN croppings c ON c.id = l.cropping_id AND c.holding_id = l.holding_id
            LEFT JOIN data_layers p ON p.id = l.parent_id AND p.holding_id = l.holding_id
           WHERE l.holding_id = ${id} ORDER BY l.id`,
    );
    expect(layers).toEqual([
      {
        name: 'P2O5 application',
        field: 'Long Park',
        cropping: 2024,
        parent: 'P2O5 requirement',
        zone_count: 2,
        point_count: 0,
      },
      { name: 'pH 2023', field: 'Long Park', cropping: null, parent: null, zone_count: 2, point_count: 3 },
      {
        name: 'P2O5 requirement',
        field: 'Long Park',
        cropping: 2024,
        parent: 'pH 2023',
        zone_count: 1,
        point_count: 0,
      },
      { name: 'Drainage', field: null, cropping: null, parent: null, zone_count: 1, point_count: 0 },
    ]);
    const zones = await sqlRows<{ rates: number[]; area: number; measured: number; picture: string | null }>(
      t.db,
      sql`SELECT ARRAY[z.product_rate, z.nutrient_rate, z.init_product_rate] AS rates, z.area_ha AS area,
                 round((ST_Area(z.geom::geography) / 10000)::numeric, 4)::float8 AS measured, d.file_name AS picture
            FROM layer_zones z JOIN data_layers l ON l.id = z.layer_id
            LEFT JOIN import_documents d ON d.id = z.document_id AND d.holding_id = l.holding_id
           WHERE l.holding_id = ${id} ORDER BY z.id`,
    );
    expect(zones.map((zone) => zone.rates)).toContainEqual([87.5, 40, 95]);
    expect(zones.map((zone) => zone.rates)).toContainEqual([142.25, 65, 142.25]);
    for (const zone of zones) {
      expect(zone.area).toBeGreaterThan(0);
      expect(zone.area).toBe(zone.measured);
    }
    expect(zones.filter((zone) => zone.picture !== null).map((zone) => zone.picture)).toEqual(['pit.png']);
  });

  it('imports an export made before data layers', async () => {
    const before = await tableCounts(t.db);
    const response = await importZip(withLayers(() => undefined));
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ Holding: HoldingDetails }>().Holding.HoldingId;
    const [layers] = await sqlRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM data_layers WHERE holding_id = ${id}`,
    );
    expect(layers!.n).toBe(0);
    expect((await tableCounts(t.db)).fields).toBe(before.fields! + 3);
  });

  it('refuses the whole import when one zone has a bad geometry, storing nothing', async () => {
    const before = await tableCounts(t.db);
    const response = await importZip(
      withLayers((layers) =>
        layers.map((layer, index) =>
          index === 3
            ? {
                ...layer,
                zones: (layer.zones as Record<string, unknown>[]).map((zone) => ({
                  ...zone,
                  geometry: {
                    type: 'MultiPolygon',
                    coordinates: [
                      [
                        [
                          [10, 95],
                          [11, 95],
                          [11, 96],
                          [10, 95],
                        ],
                      ],
                    ],
                  },
                })),
              }
            : layer,
        ),
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'The holding export is damaged: zone 1 of layer "Drainage" cannot be used: The coordinates are not longitudes and latitudes (EPSG:4326).',
    );
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses a layer of a cropping not in the archive, or layer counts that do not match, storing nothing', async () => {
    const before = await tableCounts(t.db);
    const stray = await importZip(
      withLayers((layers) =>
        layers.map((layer, index) => (index === 0 ? { ...layer, croppingId: 999_999 } : layer)),
      ),
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json().Message).toBe(
      'The holding export is damaged: layer "P2O5 application" belongs to cropping 999999, which is not in the archive on its field.',
    );
    const files = unzipSync(exported);
    const uncounted = rezip(files, {
      [archiveFiles.layers]: JSON.parse(strFromU8(files[archiveFiles.layers]!)).slice(1),
    });
    const miscounted = await importZip(uncounted);
    expect(miscounted.statusCode).toBe(400);
    expect(miscounted.json().Message).toBe(
      'The holding export is damaged: the manifest lists 4 layers but the archive holds 3.',
    );
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
