import { VectorTile } from '@mapbox/vector-tile';
import Protobuf from 'pbf';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileOfPoint, type FieldTileParams } from '@headland/domain/api/fieldTilesApi';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
import { HoldingRole, Role } from '@headland/domain/roles';
import { addMember, bearer, createUser, signInToHolding } from '../../../testing/factories.ts';
import {
  createFieldWithCropping,
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../../testing/fieldsFixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { sqlRows } from '../../../db/sqlRows.ts';
import { fieldTile } from './fieldTiles.service.ts';

let test: TestApp;
let farm: FieldsHolding;
let home: { fieldId: number; croppingId: number };
let hiddenCroppingId: number;
let tile: FieldTileParams;

const tileOf = tileOfPoint;

const tileUrl = (t: FieldTileParams, year = 2025) => `/api/fields/v1/tiles/${t.z}/${t.x}/${t.y}?year=${year}`;

async function get(url: string, headers: Record<string, string>) {
  return test.app.inject({ method: 'GET', url, headers });
}

interface DecodedFeature {
  id: number | undefined;
  type: number;
  properties: Record<string, unknown>;
  /** The geometry's box in tile units. */
  box: [number, number, number, number];
}

/** Every layer's features, in id order. */
function decode(bytes: Uint8Array): Record<string, DecodedFeature[]> {
  const decoded = new VectorTile(new Protobuf(bytes));
  return Object.fromEntries(
    Object.entries(decoded.layers).map(([name, layer]) => {
      const features: DecodedFeature[] = [];
      for (let i = 0; i < layer.length; i += 1) {
        const feature = layer.feature(i);
        const points = feature.loadGeometry().flat();
        const xs = points.map((p) => p.x);
        const ys = points.map((p) => p.y);
        features.push({
          id: feature.id,
          type: feature.type,
          properties: { ...feature.properties },
          box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
        });
      }
      return [name, features.sort((a, b) => (a.id ?? 0) - (b.id ?? 0))];
    }),
  );
}

const idsOf = (features: DecodedFeature[] | undefined) => (features ?? []).map((feature) => feature.id);

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db, { features: { perHoldingPermissions: true } });
  home = await createFieldWithCropping(test.app, farm, {
    name: 'Home Piece',
    east: 420_000,
    north: 300_000,
    area: 1,
  });
  const second = await test.app.inject({
    method: 'POST',
    url: '/api/croppings/v1',
    headers: farm.headers,
    payload: {
      FieldId: home.fieldId,
      CropId: CropId.WinterWheat,
      Residue: CropResidue.Baled,
      Purpose: CropPurpose.Milling,
      Area: 1,
      CropDescr: 'Secret plot',
    },
  });
  expect(second.statusCode, second.body).toBe(201);
  hiddenCroppingId = second.json<{ CroppingId: number }>().CroppingId;
  const [centre] = await sqlRows<{ lon: number; lat: number }>(
    test.db,
    sql`SELECT ST_X(ST_Centroid(boundary)) AS lon, ST_Y(ST_Centroid(boundary)) AS lat FROM fields WHERE id = ${home.fieldId}`,
  );
  tile = tileOf(Number(centre!.lon), Number(centre!.lat), 14);
}, 60_000);

afterAll(async () => {
  await test?.close();
});

describe('field tiles', () => {
  it('carry the holding’s fields and the year’s croppings with their attributes', async () => {
    const response = await get(tileUrl(tile), farm.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const layers = decode(response.rawPayload);
    expect(layers.fields).toEqual([
      expect.objectContaining({
        id: home.fieldId,
        type: 3,
        properties: { FieldId: home.fieldId, Name: 'Home Piece', Disabled: false },
      }),
    ]);
    expect(layers.croppings?.map((feature) => feature.properties)).toEqual([
      { CroppingId: home.croppingId, FieldId: home.fieldId, CropId: expect.any(Number) },
      { CroppingId: hiddenCroppingId, FieldId: home.fieldId, CropId: CropId.WinterWheat },
    ]);
    // Another year has the field but none of 2025's croppings.
    const other = decode((await get(tileUrl(tile, 2026), farm.headers)).rawPayload);
    expect(idsOf(other.fields)).toEqual([home.fieldId]);
    expect(other.croppings).toBeUndefined();
  });

  it('never carry a cropping hidden from a restricted member, whatever their role', async () => {
    for (const role of [Role.Agronomist, Role.Access]) {
      const member = await signInRestrictedMember(
        test.app,
        test.db,
        farm.holdingId,
        [hiddenCroppingId],
        2025,
        role,
      );
      const response = await get(tileUrl(tile), member.headers);
      expect(response.statusCode, response.body).toBe(200);
      const layers = decode(response.rawPayload);
      expect(idsOf(layers.fields)).toEqual([home.fieldId]);
      expect(idsOf(layers.croppings)).toEqual([home.croppingId]);
      expect(response.rawPayload.toString('latin1')).not.toContain('Secret');
    }
  });

  it('are open to the Access role, which reads map layers, and closed to a role reading neither', async () => {
    const reader = await createUser(test.db, { role: Role.Access });
    await addMember(test.db, farm.holdingId, reader.id, { holdingRole: HoldingRole.Member });
    const readerHeaders = bearer(await signInToHolding(test.app, reader, farm.holdingId, 2025));
    const read = await get(tileUrl(tile), readerHeaders);
    expect(read.statusCode).toBe(200);
    expect(idsOf(decode(read.rawPayload).croppings)).toEqual([home.croppingId, hiddenCroppingId]);

    const invoicing = await createUser(test.db, { role: Role.InvoicingAdmin });
    await addMember(test.db, farm.holdingId, invoicing.id, { holdingRole: HoldingRole.Member });
    const refused = await get(
      tileUrl(tile),
      bearer(await signInToHolding(test.app, invoicing, farm.holdingId, 2025)),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('carry nothing of another holding', async () => {
    const other = await createFieldsHolding(test.app, test.db);
    const response = await get(tileUrl(tile), other.headers);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.byteLength).toBe(0);
    expect(response.rawPayload.toString('latin1')).not.toContain('Home Piece');
  });

  it('answer 304 for the current copy and a new ETag after a write', async () => {
    const first = await get(tileUrl(tile), farm.headers);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(tileUrl(tile), { ...farm.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);

    const renamed = await test.app.inject({
      method: 'PUT',
      url: `/api/fields/v1/${home.fieldId}`,
      headers: farm.headers,
      payload: { Name: 'Home Close' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await get(tileUrl(tile), { ...farm.headers, 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(decode(after.rawPayload).fields?.[0]?.properties.Name).toBe('Home Close');
  });

  it('leave out fields too small to see at a coarse zoom', async () => {
    const [centre] = await sqlRows<{ lon: number; lat: number }>(
      test.db,
      sql`SELECT ST_X(ST_Centroid(boundary)) AS lon, ST_Y(ST_Centroid(boundary)) AS lat FROM fields WHERE id = ${home.fieldId}`,
    );
    const coarse = tileOf(Number(centre!.lon), Number(centre!.lat), 8);
    const response = await get(tileUrl(coarse), farm.headers);
    expect(response.statusCode).toBe(200);
    // A 200 m field is under two screen pixels at zoom 8 (1.2 km).
    expect(response.rawPayload.byteLength).toBe(0);
    const near = tileOf(Number(centre!.lon), Number(centre!.lat), 12);
    expect(idsOf(decode((await get(tileUrl(near), farm.headers)).rawPayload).fields)).toEqual([home.fieldId]);
  });

  it('refuse a tile outside the zoom’s grid in words', async () => {
    const response = await get('/api/fields/v1/tiles/3/8/0', farm.headers);
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ Errors: { Field: string; Code: string; Params: { max: number } }[] }>().Errors[0],
    ).toMatchObject({ Field: 'x', Code: 'tooLarge', Params: { max: 7 } });
    expect((await get('/api/fields/v1/tiles/23/0/0', farm.headers)).statusCode).toBe(400);
    expect((await get('/api/fields/v1/tiles/2/-1/0', farm.headers)).statusCode).toBe(400);
  });

  // PostGIS encodes only on PostgreSQL: the embedded database's PostGIS is built without protobuf.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'are the same from PostGIS and from geojson-vt',
    async () => {
      const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [hiddenCroppingId]);
      await test.app.inject({
        method: 'POST',
        url: '/api/fields/v1',
        headers: farm.headers,
        payload: {
          Name: 'Edge',
          FieldNumber: '12',
          Boundary: gridSquare(420_150, 300_100, 300),
          srid: 27700,
        },
      });
      const readers = [
        {
          holdingId: farm.holdingId,
          access: { holdingId: farm.holdingId, userId: farm.ownerId, restricted: false },
        },
        {
          holdingId: farm.holdingId,
          access: { holdingId: farm.holdingId, userId: member.userId, restricted: true },
        },
      ];
      for (const reader of readers) {
        for (const zoom of [12, 14, 16]) {
          const [centre] = await sqlRows<{ lon: number; lat: number }>(
            test.db,
            sql`SELECT ST_X(ST_Centroid(boundary)) AS lon, ST_Y(ST_Centroid(boundary)) AS lat FROM fields WHERE id = ${home.fieldId}`,
          );
          const at = tileOf(Number(centre!.lon), Number(centre!.lat), zoom);
          const postgis = decode(await fieldTile(test.database, reader, 2025, at, 'postgis'));
          const geojsonVt = decode(await fieldTile(test.database, reader, 2025, at, 'geojson-vt'));
          expect(Object.keys(geojsonVt).sort()).toEqual(Object.keys(postgis).sort());
          expect(postgis.fields?.length).toBeGreaterThan(0);
          for (const layer of Object.keys(postgis)) {
            const strip = (features: DecodedFeature[]) => features.map(({ box: _box, ...rest }) => rest);
            expect(strip(geojsonVt[layer]!), `${layer} at zoom ${zoom}`).toEqual(strip(postgis[layer]!));
            // The same shapes: boxes within a tile unit or two (each rounds to the grid its own way).
            postgis[layer]!.forEach((feature, index) => {
              geojsonVt[layer]![index]!.box.forEach((value, corner) =>
                expect(Math.abs(value - feature.box[corner]!)).toBeLessThanOrEqual(2),
              );
            });
          }
        }
      }
    },
  );
});
