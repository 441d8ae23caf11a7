import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import { sqlRows } from '../../db/sqlRows.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';

let test: TestApp;
let farm: FieldsHolding;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
});

afterAll(async () => {
  await test?.close();
});

async function post(payload: unknown, query = '') {
  return test.app.inject({
    method: 'POST',
    url: `/api/fields/v1${query}`,
    headers: farm.headers,
    payload: payload as object,
  });
}

describe('creating fields', () => {
  it('stores a British National Grid boundary in 4326 and measures it geodesically', async () => {
    const response = await post({
      Name: 'Home Field',
      FieldNumber: '7',
      Boundary: gridSquare(400_000, 300_000, 100),
      srid: 27700,
    });
    expect(response.statusCode).toBe(201);
    const field = response.json<FieldResponse>();
    expect(field).toMatchObject({
      Name: 'Home Field',
      FieldNumber: '7',
      AreaType: 'Boundary',
      BoundaryArea: 1,
      Croppings: [],
    });
    expect(field.Years).toEqual([
      { YearId: 2024, Disabled: false },
      { YearId: 2025, Disabled: false },
      { YearId: 2026, Disabled: false },
    ]);
    const [lon, lat] = field.Boundary!.coordinates[0]![0]![0]!;
    expect(lon).toBeCloseTo(-2.0014, 3);
    expect(lat).toBeCloseTo(52.5978, 3);
    const [stored] = await sqlRows<{ area: string; srid: number }>(
      test.db,
      sql`SELECT boundary_area::text AS area, ST_SRID(boundary) AS srid FROM fields WHERE id = ${field.FieldId}`,
    );
    expect(stored!.srid).toBe(4326);
    // Four decimals kept; the grid's scale factor near its central meridian makes 100 m squares a touch larger.
    expect(Number(stored!.area)).toBeCloseTo(1.0008, 3);
  });

  it('answers boundaries in the grid when asked', async () => {
    const response = await post(
      { Name: 'Grid', Boundary: gridSquare(401_000, 300_000, 200), srid: 27700 },
      '?srid=27700',
    );
    const field = response.json<FieldResponse>();
    // Stored in 4326 to eight decimals, so the grid comes back to within a few millimetres.
    const corners = field.Boundary!.coordinates[0]![0]!;
    expect(
      corners.some(([east, north]) => Math.abs(east! - 401_000) < 0.01 && Math.abs(north! - 300_000) < 0.01),
    ).toBe(true);
    expect(field.BoundaryArea).toBe(4);
  });

  it('reads well-known text in the given coordinate system', async () => {
    const response = await post({
      Name: 'Text',
      Boundary: 'POLYGON((402000 300000, 402100 300000, 402100 300050, 402000 300050, 402000 300000))',
      srid: 27700,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<FieldResponse>().BoundaryArea).toBe(0.5);
  });

  it('makes a self-crossing boundary valid, keeping both halves', async () => {
    const response = await post({
      Name: 'Bow tie',
      Boundary: {
        type: 'Polygon',
        coordinates: [
          [
            [-1, 52],
            [-0.999, 52.001],
            [-0.999, 52],
            [-1, 52.001],
            [-1, 52],
          ],
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<FieldResponse>().Boundary!.coordinates).toHaveLength(2);
  });

  it("numbers a name already used, as in 'Name (2)', ignoring case", async () => {
    const first = await post({ Name: 'Long Acre', WholeArea: 3 });
    const second = await post({ Name: 'long acre', WholeArea: 3 });
    expect(first.json<FieldResponse>().Name).toBe('Long Acre');
    expect(second.json<FieldResponse>()).toMatchObject({
      Name: 'long acre (2)',
      AreaType: 'Whole',
      WholeArea: 3,
    });
  });

  it.each([
    [{ Boundary: gridSquare(403_000, 300_000, 10), srid: 27700 }, 'Name', 'Name is required.'],
    [{ Name: '   ', WholeArea: 1 }, 'Name', 'Name is required.'],
    [{ Name: 'Line', Boundary: 'LINESTRING(0 0, 1 1)' }, 'Boundary', 'The boundary is not a valid polygon.'],
    [{ Name: 'Junk', Boundary: 'not a geometry' }, 'Boundary', 'The boundary is not a valid polygon.'],
    [
      { Name: 'Shape', Boundary: { type: 'Point', coordinates: [0, 0] } },
      'Boundary',
      'The boundary is not a valid polygon.',
    ],
    [
      { Name: 'Metres', Boundary: gridSquare(400_000, 300_000, 10) },
      'Boundary',
      'The boundary coordinates are not longitudes and latitudes (EPSG:4326); send srid 27700 for British National Grid coordinates.',
    ],
    [{ Name: 'Nothing' }, 'Boundary', 'A field needs a boundary or an area.'],
    [
      { Name: 'Whole', AreaType: 'Whole', WorkingArea: 2 },
      'WholeArea',
      'The whole area is required when the area type is Whole.',
    ],
    [
      { Name: 'Big', WholeArea: 2, WorkingArea: 3 },
      'WorkingArea',
      'The working area cannot be larger than the whole area.',
    ],
  ])('refuses %j', async (payload, field, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Message: message,
      Errors: expect.arrayContaining([
        expect.objectContaining({ Field: field, Message: message, Code: expect.any(String) }),
      ]),
    });
  });
});

describe('changing and deleting fields', () => {
  it('updates, keeps what is not sent, and records an event for each change', async () => {
    const created = (
      await post({ Name: 'Change me', Boundary: gridSquare(404_000, 300_000, 100), srid: 27700 })
    ).json<FieldResponse>();
    const renamed = await test.app.inject({
      method: 'PUT',
      url: `/api/fields/v1/${created.FieldId}`,
      headers: farm.headers,
      payload: {
        Name: 'Changed',
        AreaType: 'Working',
        WorkingArea: 0.8,
        Years: [{ YearId: 2026, Disabled: true }],
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<FieldResponse>()).toMatchObject({
      Name: 'Changed',
      AreaType: 'Working',
      WorkingArea: 0.8,
      BoundaryArea: 1,
      Years: [
        { YearId: 2024, Disabled: false },
        { YearId: 2025, Disabled: false },
        { YearId: 2026, Disabled: true },
      ],
    });

    const cleared = await test.app.inject({
      method: 'PUT',
      url: `/api/fields/v1/${created.FieldId}`,
      headers: farm.headers,
      payload: { Boundary: null, AreaType: 'Boundary' },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().Message).toBe('A boundary is required when the area type is Boundary.');

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/fields/v1/${created.FieldId}`,
      headers: farm.headers,
    });
    expect(deleted.json()).toEqual({ Deleted: true });
    const gone = await test.app.inject({
      method: 'GET',
      url: `/api/fields/v1/${created.FieldId}`,
      headers: farm.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().Message).toBe('The field was not found.');

    const events = await sqlRows<{ action: string; data: { Name: string; Field: string } }>(
      test.db,
      sql`SELECT action, data FROM events WHERE object_type = 'Field' AND source = 1 AND data->>'Field' IN ('Change me', 'Changed') ORDER BY id`,
    );
    expect(events.map((event) => [event.action, event.data.Name])).toEqual([
      ['c', 'Change me'],
      ['u', 'Changed'],
      ['d', 'Changed'],
    ]);
  });

  it('stores a negative manure spread area as not set, and refuses one beyond any field', async () => {
    const created = (
      await post({
        Name: 'Spread',
        Boundary: gridSquare(405_000, 300_000, 100),
        srid: 27700,
        ManureSpreadArea: 0.9,
      })
    ).json<FieldResponse>();
    expect(created.ManureSpreadArea).toBe(0.9);
    const put = (payload: object) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/fields/v1/${created.FieldId}`,
        headers: farm.headers,
        payload,
      });
    const negative = await put({ ManureSpreadArea: -1_000_000 });
    expect(negative.statusCode, negative.body).toBe(200);
    expect(negative.json<FieldResponse>().ManureSpreadArea).toBeNull();
    const [stored] = await sqlRows<{ area: string | null }>(
      test.db,
      sql`SELECT manure_spread_area::text AS area FROM fields WHERE id = ${created.FieldId}`,
    );
    expect(stored!.area).toBeNull();
    const huge = await put({ ManureSpreadArea: 5_000_000 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().Errors[0].Field).toBe('ManureSpreadArea');
  });

  it('renames onto a used name with a number, and keeps its own name untouched', async () => {
    const a = (await post({ Name: 'North', WholeArea: 1 })).json<FieldResponse>();
    const b = (await post({ Name: 'South', WholeArea: 1 })).json<FieldResponse>();
    const same = await test.app.inject({
      method: 'PUT',
      url: `/api/fields/v1/${a.FieldId}`,
      headers: farm.headers,
      payload: { Name: 'North' },
    });
    expect(same.json<FieldResponse>().Name).toBe('North');
    const clash = await test.app.inject({
      method: 'PUT',
      url: `/api/fields/v1/${b.FieldId}`,
      headers: farm.headers,
      payload: { Name: 'North' },
    });
    expect(clash.json<FieldResponse>().Name).toBe('North (2)');
  });

  it("does not show or change another holding's fields", async () => {
    const other = await createFieldsHolding(test.app, test.db);
    const theirs = (
      await test.app.inject({
        method: 'POST',
        url: '/api/fields/v1',
        headers: other.headers,
        payload: { Name: 'Theirs', WholeArea: 1 },
      })
    ).json<FieldResponse>();
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/fields/v1/${theirs.FieldId}`,
      headers: farm.headers,
    });
    expect(read.statusCode).toBe(404);
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/fields/v1/${theirs.FieldId}`,
      headers: farm.headers,
    });
    expect(removed.statusCode).toBe(404);
    const list = await test.app.inject({ method: 'GET', url: '/api/fields/v1', headers: farm.headers });
    expect(list.json<FieldResponse[]>().map((field) => field.Name)).not.toContain('Theirs');
  });

  it('needs a signed-in holding session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/fields/v1' });
    expect(response.statusCode).toBe(401);
  });
});
