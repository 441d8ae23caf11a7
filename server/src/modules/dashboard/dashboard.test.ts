import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@headland/domain/api/dashboardApi';
import type { CroppingResponse, FieldResponse } from '@headland/domain/api/fieldsApi';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
import { HoldingIssueCode } from '@headland/domain/holdingValidation';
import { sqlRows } from '../../db/sqlRows.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';
import { setMaintenance } from '../live/maintenance.service.ts';

/** The dashboard's one call, on the embedded database or on PostgreSQL with TEST_DATABASE_URL. */

let test: TestApp;
let farm: FieldsHolding;
let other: FieldsHolding;
const ids = {} as Record<
  'north' | 'south' | 'paddock' | 'wheatNorth' | 'wheatSouth' | 'barley' | 'margin' | 'previous' | 'bad',
  number
>;

const wheat = { CropId: CropId.WinterWheat, Residue: CropResidue.Baled, Purpose: CropPurpose.Feed };
const barley = { CropId: CropId.SpringBarley, Residue: CropResidue.Baled, Purpose: CropPurpose.Feed };

async function field(name: string, east: number, boundary = true): Promise<number> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/fields/v1',
    headers: farm.headers,
    payload: boundary
      ? { Name: name, Boundary: gridSquare(east, 300_000, 200), srid: 27700 }
      : { Name: name, WholeArea: 2, AreaType: 'Whole' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FieldResponse>().FieldId;
}

async function cropping(payload: Record<string, unknown>): Promise<number> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/croppings/v1',
    headers: farm.headers,
    payload: { SowingDate: '2024-10-01', HarvestDate: '2025-08-01', ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CroppingResponse>().CroppingId;
}

async function dashboard(headers: Record<string, string>, query = '?year=2025') {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/holdings/v1/dashboard${query}`,
    headers,
  });
  return response;
}

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db, { features: { perHoldingPermissions: true } });
  other = await createFieldsHolding(test.app, test.db);
  ids.north = await field('North', 420_000);
  ids.south = await field('South', 421_000);
  ids.paddock = await field('Paddock', 0, false);
  ids.wheatNorth = await cropping({ ...wheat, FieldId: ids.north, Area: 3 });
  ids.wheatSouth = await cropping({ ...wheat, FieldId: ids.south, Area: 2.5 });
  ids.barley = await cropping({
    ...barley,
    FieldId: ids.south,
    Area: 1.25,
    SowingDate: '2025-03-01',
    HarvestDate: '2025-08-20',
  });
  ids.margin = await cropping({ CropId: CropId.GrassMargin, FieldId: ids.north, Area: 0.4 });
  ids.previous = await cropping({
    ...barley,
    FieldId: ids.north,
    YearId: 2024,
    Area: 4,
    SowingDate: '2024-03-01',
    HarvestDate: '2024-08-01',
  });
  // Sown after its harvest: the API refuses it, so it is written straight to the table.
  const [bad] = await sqlRows<{ id: number }>(
    test.db,
    sql`INSERT INTO croppings (holding_id, field_id, year_id, crop_id, sowing_date, harvest_date, area, attributes)
        VALUES (${farm.holdingId}, ${ids.paddock}, 2025, ${CropId.WinterWheat}, '2025-09-01', '2025-08-01', 1,
                '{"Residue": 3, "Purpose": "Feed"}')
        RETURNING id`,
  );
  ids.bad = bad!.id;
}, 120_000);

afterAll(async () => {
  await test?.close();
});

describe('GET /api/holdings/v1/dashboard', () => {
  it('totals each crop of the year and of the year before, with its style, non-crops apart', async () => {
    const response = await dashboard(farm.headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DashboardResponse>();
    expect(body.Restricted).toBe(false);
    const year = body.Cropping!.Year;
    expect(year.Crops.map((crop) => [crop.CropId, crop.Hectares, crop.Fields, crop.Croppings])).toEqual([
      [CropId.WinterWheat, 6.5, 3, 3],
      [CropId.SpringBarley, 1.25, 1, 1],
    ]);
    expect(year.CroppedHectares).toBe(7.75);
    expect(year.Crops[0]!.Share).toBeCloseTo(6.5 / 7.75, 10);
    expect(year.Crops[0]!.Colour).toHaveLength(3);
    expect(year.NonCrops).toEqual([
      expect.objectContaining({ CropId: CropId.GrassMargin, Hectares: 0.4, Share: null, Fields: 1 }),
    ]);
    expect(year.NonCrops[0]!.Pattern).not.toBeNull();
    // Two 4 ha squares measured by PostGIS and the 2 ha paddock.
    expect(year.FieldHectares).toBeCloseTo(10, 1);
    const previous = body.Cropping!.PreviousYear;
    expect(previous.YearId).toBe(2024);
    expect(previous.Crops.map((crop) => [crop.CropId, crop.Hectares])).toEqual([[CropId.SpringBarley, 4]]);
  });

  it('counts the year’s issues by code, croppings with invalid dates and fields without a boundary', async () => {
    const body = (await dashboard(farm.headers)).json<DashboardResponse>();
    const attention = body.Attention!;
    const sowing = attention.Issues.find((issue) => issue.Code === HoldingIssueCode.SowingNotBeforeEnd);
    expect(sowing).toEqual({ Code: 2000, Count: 1, Fields: [{ FieldId: ids.paddock, Name: 'Paddock' }] });
    expect(attention.InvalidDates).toEqual({
      Count: 1,
      Croppings: 1,
      Fields: [{ FieldId: ids.paddock, Name: 'Paddock' }],
    });
    expect(attention.FieldsWithoutBoundary).toEqual({
      Count: 1,
      Fields: [{ FieldId: ids.paddock, Name: 'Paddock' }],
    });
  });

  it('counts only the croppings shared with a restricted member, and says so', async () => {
    const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [ids.wheatSouth, ids.bad]);
    const response = await dashboard(member.headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DashboardResponse>();
    expect(body.Restricted).toBe(true);
    const wheatTotal = body.Cropping!.Year.Crops.find((crop) => crop.CropId === CropId.WinterWheat);
    expect(wheatTotal).toMatchObject({ Hectares: 3, Fields: 1, Croppings: 1 });
    expect(body.Cropping!.Year.CroppedHectares).toBe(4.25);
    // The paddock's only cropping is hidden: it is not called uncropped, and its date fault is not told.
    expect(body.Cropping!.Year.UncroppedHectares).toBe(0);
    expect(body.Attention!.InvalidDates.Count).toBe(0);
    expect(body.Attention!.Issues.find((issue) => issue.Code === 2000)).toBeUndefined();
  });

  it('shows the caller’s own running, waiting and failed imports, and no one else’s', async () => {
    const insert = (status: string, holdingId: number, userId: number) =>
      test.db.execute(sql`INSERT INTO layer_import_tasks (holding_id, user_id, request, status)
                          VALUES (${holdingId}, ${userId}, '{}'::jsonb, ${status})`);
    await insert('running', farm.holdingId, farm.ownerId);
    await insert('queued', farm.holdingId, farm.ownerId);
    await insert('queued', farm.holdingId, farm.ownerId);
    await insert('failed', farm.holdingId, farm.ownerId);
    await insert('failed', other.holdingId, other.ownerId);
    const imports = (await dashboard(farm.headers)).json<DashboardResponse>().Imports!;
    expect(imports).toMatchObject({ Running: 1, Waiting: 2, FailedCount: 1 });
    expect(imports.Failed).toHaveLength(1);
    expect(imports.Failed[0]!.FileName).toBeNull();
    const elsewhere = (await dashboard(other.headers)).json<DashboardResponse>().Imports!;
    expect(elsewhere).toMatchObject({ Running: 0, Waiting: 0, FailedCount: 1 });
  });

  it('names the latest pictures of the library with the field they were taken in', async () => {
    const [inside] = await sqlRows<{ wkt: string }>(
      test.db,
      sql`SELECT ST_AsText(ST_PointOnSurface(boundary)) AS wkt FROM fields WHERE id = ${ids.north}`,
    );
    for (const [name, type] of [
      ['walk.jpg', 'image/jpeg'],
      ['soil.pdf', 'application/pdf'],
    ] as const) {
      await test.db.execute(sql`
        INSERT INTO import_documents (holding_id, year_id, file_name, content_type, storage_name, ext, size_bytes,
                                      exif_location)
        VALUES (${farm.holdingId}, 2025, ${name}, ${type}, md5(${name}), ${name.slice(-3)}, 10,
                ST_GeomFromText(${inside!.wkt}, 4326))`);
    }
    const pictures = (await dashboard(farm.headers)).json<DashboardResponse>().Pictures!;
    expect(pictures.map((picture) => [picture.FileName, picture.Field])).toEqual([
      ['walk.jpg', { FieldId: ids.north, Name: 'North' }],
    ]);
    expect((await dashboard(other.headers)).json<DashboardResponse>().Pictures).toEqual([]);
  });

  it('gives the upcoming maintenance window', async () => {
    const start = new Date(Date.now() + 3_600_000).toISOString();
    const end = new Date(Date.now() + 7_200_000).toISOString();
    await setMaintenance(test.db, { startDate: start, endDate: end, message: 'Upgrade' }, null);
    await test.app.maintenanceNotices.reload();
    const body = (await dashboard(farm.headers)).json<DashboardResponse>();
    expect(body.Maintenance).toMatchObject({ message: 'Upgrade' });
    expect(Date.parse(body.Maintenance!.startDate)).toBe(Date.parse(start));
  });

  it('answers the session’s year by default, and refuses a year out of range in words', async () => {
    const body = (await dashboard(farm.headers, '')).json<DashboardResponse>();
    expect(body.YearId).toBe(2025);
    const refused = await dashboard(farm.headers, '?year=12');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).not.toMatch(/zod|undefined/i);
    expect((await test.app.inject({ method: 'GET', url: '/api/holdings/v1/dashboard' })).statusCode).toBe(
      401,
    );
  });

  it('answers the kept cards until the holding’s data changes, then the new figures', async () => {
    const wheatOf = async () =>
      (await dashboard(farm.headers))
        .json<DashboardResponse>()
        .Cropping!.Year.Crops.find((crop) => crop.CropId === CropId.WinterWheat)!.Hectares;
    const before = await wheatOf();
    expect(await wheatOf()).toBe(before);
    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/croppings/v1/${ids.wheatNorth}`,
      headers: farm.headers,
      payload: { Area: 2 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await wheatOf()).toBe(before - 1);
  });

  it('never counts another holding’s fields', async () => {
    const body = (await dashboard(other.headers)).json<DashboardResponse>();
    expect(body.Cropping!.Year.Crops).toEqual([]);
    expect(body.Cropping!.Year.FieldHectares).toBe(0);
  });
});
