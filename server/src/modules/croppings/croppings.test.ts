import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  croppingListResponseSchema,
  fieldListResponseSchema,
  type CroppingResponse,
  type FieldResponse,
} from '@headland/domain/api/fieldsApi';
import { CropId, CropPurpose, CropResidue, GrassManagement } from '@headland/domain/crops';
import { sqlRows } from '../../db/sqlRows.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';

let test: TestApp;
let farm: FieldsHolding;
let east = 410_000;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
});

afterAll(async () => {
  await test?.close();
});

/** A new 4 ha field (200 m square) of the test holding. */
async function newField(name: string, headers = farm.headers): Promise<FieldResponse> {
  east += 1_000;
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/fields/v1',
    headers,
    payload: { Name: name, Boundary: gridSquare(east, 300_000, 200), srid: 27700 },
  });
  expect(response.statusCode).toBe(201);
  return response.json<FieldResponse>();
}

const wheat = {
  CropId: CropId.WinterWheat,
  Residue: CropResidue.Baled,
  Purpose: CropPurpose.Milling,
  SowingDate: '2024-10-01',
  HarvestDate: '2025-08-10',
};

/** Winter oilseed rape harvested in 2024: the crop before `wheat` in a rotation. */
const rapeOf2024 = {
  YearId: 2024,
  CropId: CropId.WinterOilseedRape,
  Residue: 1,
  SowingDate: '2023-08-25',
  HarvestDate: '2024-07-20',
};

async function createCropping(payload: Record<string, unknown>, headers = farm.headers) {
  return test.app.inject({ method: 'POST', url: '/api/croppings/v1', headers, payload });
}

async function created(payload: Record<string, unknown>): Promise<CroppingResponse> {
  const response = await createCropping(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CroppingResponse>();
}

describe('creating croppings', () => {
  it('stores every attribute and fills in the area, period and crop details', async () => {
    const field = await newField('Wheat field');
    const cropping = await created({
      ...wheat,
      FieldId: field.FieldId,
      YearId: 2025,
      PlotId: 'P1',
      BatchId: 'B7',
      CropDescr: 'First wheat',
      TargetYield: 9.5,
      TargetpH: 6.5,
      Undersown: false,
      ManagementOptions: [{ Code: 'CSAM1', Area: 2 }],
    });
    expect(cropping).toMatchObject({
      FieldId: field.FieldId,
      FieldName: 'Wheat field',
      YearId: 2025,
      PlotId: 'P1',
      BatchId: 'B7',
      StartDate: '2024-10-01',
      EndDate: '2025-08-10',
      Destroyed: false,
      CropId: CropId.WinterWheat,
      CropDescr: 'First wheat',
      Area: 4,
      Purpose: 'Milling',
      Residue: 3,
      TargetYield: 9.5,
      TargetpH: 6.5,
      Undersown: false,
      ManagementOptions: [{ Code: 'CSAM1', Area: 2 }],
      Crop: { Name: 'Winter wheat', Perennial: false, Residue: true },
      PreviousIds: [],
      NextIds: [],
      SpreadArea: 4,
    });
    expect(cropping.CssColor).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    const [event] = await sqlRows<{ action: string; object_type: string; data: Record<string, unknown> }>(
      test.db,
      sql`SELECT action, object_type, data FROM events WHERE data->>'CroppingId' = ${String(cropping.CroppingId)}`,
    );
    expect(event).toEqual({
      action: 'c',
      object_type: 'Cropping',
      data: {
        Name: 'Winter wheat',
        Field: 'Wheat field',
        Crop: 'Winter wheat',
        CropId: CropId.WinterWheat,
        CroppingId: cropping.CroppingId,
        YearId: 2025,
        Area: 4,
      },
    });
  });

  it('takes the area of its own boundary when it has one', async () => {
    const field = await newField('Half field');
    const cropping = await created({
      ...wheat,
      FieldId: field.FieldId,
      Boundary: gridSquare(east, 300_000, 100),
      srid: 27700,
    });
    expect(cropping.Area).toBe(1);
    expect(cropping.BoundaryArea).toBe(1);
    expect(cropping.Boundary?.type).toBe('MultiPolygon');
  });

  it.each([
    [{ CropId: CropId.WinterWheat, Purpose: 'Feed' }, 'Residue', 'Residue is required.'],
    [{ CropId: CropId.WinterWheat, Residue: 1 }, 'Purpose', 'Purpose is required.'],
    [{ CropId: CropId.Grass }, 'GrassManagement', 'Grass management is required.'],
    [
      { CropId: CropId.Grass, GrassManagement: GrassManagement.Seed },
      'GrassManagement',
      'Grass management: the chosen value is not available for this crop. Please pick one from the list.',
    ],
    [
      { CropId: CropId.Potatoes, Purpose: 'Maincrop' },
      'GrowingSeasonLength',
      'Growing season length is required.',
    ],
    [{ CropId: CropId.Strawberries }, 'ProtectionStatus', 'Protection is required.'],
    [{ CropId: CropId.Other }, 'CropName', "The crop name is required for the crop 'Other'."],
    [{ CropId: 999_999 }, 'CropId', 'The crop is not known.'],
    [
      { ...wheat, SowingDate: '2025-03-01', HarvestDate: '2025-02-01' },
      'SowingDate',
      'The sowing date must be before the harvest or destruction date.',
    ],
    [
      { ...wheat, SowingDate: '2023-10-01', HarvestDate: '2024-08-01' },
      'SowingDate',
      'The dates do not fit crop year 2025: sowing must be between 01/08/2024 and 31/07/2025, and harvest or destruction no later than 31/07/2026.',
    ],
    [
      { ...wheat, Area: 4.5 },
      'Area',
      'The cropping area (4.50 ha) cannot be larger than the field area (4.00 ha).',
    ],
    [{ ...wheat, YearId: 2030 }, 'YearId', "2030 is not one of the holding's crop years."],
    [
      { ...wheat, ManagementOptions: [{ Code: 'X', Area: 5 }] },
      'ManagementOptions',
      'A management option cannot cover more than the cropping area.',
    ],
    [{ ...wheat, Boundary: 'POINT(1 1)' }, 'Boundary', 'The boundary is not a valid polygon.'],
  ])('refuses %j', async (payload, field, message) => {
    const { FieldId } = await newField(`Refusal ${east}`);
    const response = await createCropping({ FieldId, YearId: 2025, ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors).toContainEqual(
      expect.objectContaining({ Field: field, Message: message }),
    );
  });

  it('refuses a field of another holding or none at all', async () => {
    const other = await createFieldsHolding(test.app, test.db);
    const theirs = await newField('Theirs', other.headers);
    const response = await createCropping({ ...wheat, FieldId: theirs.FieldId });
    expect(response.json()).toMatchObject({ Message: 'The field was not found.' });
    expect((await createCropping({ ...wheat })).json()).toMatchObject({ Message: 'Field is required.' });
  });

  it('refuses a cropping on a field disabled in the year', async () => {
    const field = await newField('Resting');
    await test.app.inject({
      method: 'PUT',
      url: `/api/fields/v1/${field.FieldId}`,
      headers: farm.headers,
      payload: { Years: [{ YearId: 2025, Disabled: true }] },
    });
    const response = await createCropping({ ...wheat, FieldId: field.FieldId });
    expect(response.json().Message).toBe('Field Resting is disabled during year 2025.');
  });

  it('refuses crops at the same time that together take more than the field, with the spec message', async () => {
    const field = await newField('Shared');
    await created({ ...wheat, FieldId: field.FieldId, Area: 3 });
    // 3 + 1.1 = 4.1 ha is within the 0.1 ha tolerance; 3 + 1.2 is not.
    await created({ ...wheat, FieldId: field.FieldId, Area: 1.1 });
    const response = await createCropping({ ...wheat, FieldId: field.FieldId, Area: 0.2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'There are other crops at the same time on this field, and the overall cropped area (4.30 ha) exceeds that of the field (4.00 ha). Please check the dates and area.',
    );
    // A crop that follows the others is no clash.
    await created({
      FieldId: field.FieldId,
      YearId: 2026,
      CropId: CropId.SpringBarley,
      Residue: 1,
      Purpose: 'Feed',
      SowingDate: '2026-03-01',
      HarvestDate: '2026-08-20',
    });
  });

  it('carries a perennial into the following crop years of the holding', async () => {
    const field = await newField('Ley');
    const grass = await created({
      FieldId: field.FieldId,
      YearId: 2025,
      CropId: CropId.Grass,
      GrassManagement: GrassManagement.Grazed,
      SowingDate: '2024-09-01',
    });
    const list = await test.app.inject({
      method: 'GET',
      url: `/api/fields/v1/${field.FieldId}`,
      headers: farm.headers,
    });
    const croppings = list.json<FieldResponse>().Croppings;
    expect(croppings.map((c) => [c.YearId, c.CropId])).toEqual([
      [2025, CropId.Grass],
      [2026, CropId.Grass],
    ]);
    const next = croppings[1]!;
    expect(next).toMatchObject({
      SowingDate: '2024-09-01',
      GrassManagement: GrassManagement.Grazed,
      PreviousIds: [grass.CroppingId],
    });
    expect(croppings[0]!.NextIds).toEqual([next.CroppingId]);
  });
});

describe('changing and deleting croppings', () => {
  it('links the rotation, updates with the rules, and deletes', async () => {
    const field = await newField('Rotation');
    const before = await created({
      ...rapeOf2024,
      FieldId: field.FieldId,
    });
    const after = await created({ ...wheat, FieldId: field.FieldId });
    expect(after.PreviousIds).toEqual([before.CroppingId]);
    expect(after.PreviousCroppings).toEqual([
      {
        CroppingId: before.CroppingId,
        YearId: 2024,
        CropId: CropId.WinterOilseedRape,
        CropName: 'Winter oilseed rape',
      },
    ]);

    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/croppings/v1/${after.CroppingId}`,
      headers: farm.headers,
      payload: { Area: 3.5, VarietyName: 'Skyfall', HarvestDate: null, DestructionDate: '2025-05-01' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<CroppingResponse>()).toMatchObject({
      Area: 3.5,
      VarietyName: 'Skyfall',
      HarvestDate: null,
      DestructionDate: '2025-05-01',
      Destroyed: true,
      EndDate: '2025-05-01',
      Purpose: 'Milling',
    });

    const bad = await test.app.inject({
      method: 'PUT',
      url: `/api/croppings/v1/${after.CroppingId}`,
      headers: farm.headers,
      payload: { SowingDate: '2025-06-01' },
    });
    expect(bad.json().Message).toBe('The sowing date must be before the harvest or destruction date.');

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/croppings/v1/${after.CroppingId}`,
      headers: farm.headers,
    });
    expect(removed.json()).toEqual({ Deleted: true });
    const again = await test.app.inject({
      method: 'DELETE',
      url: `/api/croppings/v1/${after.CroppingId}`,
      headers: farm.headers,
    });
    expect(again.statusCode).toBe(404);
    const actions = await sqlRows<{ action: string }>(
      test.db,
      sql`SELECT action FROM events WHERE object_type = 'Cropping' AND data->>'CroppingId' = ${String(after.CroppingId)} ORDER BY id`,
    );
    expect(actions.map((row) => row.action)).toEqual(['c', 'u', 'd']);
  });

  it('lists the croppings of the asked year only', async () => {
    const field = await newField('Years');
    const of2026 = await created({
      FieldId: field.FieldId,
      YearId: 2026,
      CropId: CropId.SugarBeet,
      SowingDate: '2026-04-01',
    });
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/croppings/v1?year=2026',
      headers: farm.headers,
    });
    const ids = list.json<CroppingResponse[]>().map((c) => c.CroppingId);
    expect(ids).toContain(of2026.CroppingId);
    expect(list.json<CroppingResponse[]>().every((c) => c.YearId === 2026)).toBe(true);
    const fields = await test.app.inject({
      method: 'GET',
      url: '/api/fields/v1?year=2025',
      headers: farm.headers,
    });
    const years = fields.json<FieldResponse[]>().find((f) => f.FieldId === field.FieldId)!.Croppings;
    expect(years).toEqual([]);
  });

  it('answers the year lists in exactly their schemas, each cropping as it reads on its own', async () => {
    const get = async (url: string) => {
      const response = await test.app.inject({ method: 'GET', url, headers: farm.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<unknown>();
    };
    const field = await newField('Listed rotation');
    await created({
      ...rapeOf2024,
      FieldId: field.FieldId,
    });
    await created({ ...wheat, FieldId: field.FieldId, YearId: 2025 });
    let linked = 0;
    for (const year of [2024, 2025, 2026]) {
      // Written without the schema on the way out, so nothing may differ from what the schema would keep.
      const croppings = await get(`/api/croppings/v1?year=${year}`);
      expect(croppingListResponseSchema.parse(croppings)).toEqual(croppings);
      const fields = await get(`/api/fields/v1?year=${year}`);
      expect(fieldListResponseSchema.parse(fields)).toEqual(fields);
      // The list reads its year and the neighbouring ones in one go; links and areas must not change by it.
      for (const cropping of croppings as CroppingResponse[]) {
        expect(await get(`/api/croppings/v1/${cropping.CroppingId}`)).toEqual(cropping);
        if (cropping.PreviousCroppings.length + cropping.NextCroppings.length > 0) linked += 1;
      }
    }
    expect(linked).toBeGreaterThan(0);
  });
});

describe('carving a cropping out of others', () => {
  /** A 10 m strip along the south edge of the field made by newField (whose south-west corner is east, 300 000). */
  const southStrip = (fieldEast: number) => ({
    type: 'Polygon',
    coordinates: [
      [
        [fieldEast, 300_000],
        [fieldEast + 200, 300_000],
        [fieldEast + 200, 300_010],
        [fieldEast, 300_010],
        [fieldEast, 300_000],
      ],
    ],
  });
  const margin = (fieldId: number, fieldEast: number, takeFrom?: number[]) => ({
    FieldId: fieldId,
    YearId: 2025,
    CropId: CropId.GrassMargin,
    Boundary: southStrip(fieldEast),
    srid: 27700,
    ...(takeFrom ? { TakeAreaFrom: takeFrom } : {}),
  });
  const read = async (croppingId: number) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/croppings/v1/${croppingId}?srid=27700`,
        headers: farm.headers,
      })
    ).json<CroppingResponse>();

  it('takes a margin out of the crop that fills the field, area and boundary, in one change', async () => {
    const field = await newField('Margin field');
    const fieldEast = east;
    const main = await created({ ...wheat, FieldId: field.FieldId, Boundary: field.Boundary, srid: 4326 });
    expect(main.Area).toBe(field.BoundaryArea);

    const refused = await createCropping(margin(field.FieldId, fieldEast));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ Errors: { Field: string }[] }>().Errors[0]?.Field).toBe('Area');

    const response = await createCropping(margin(field.FieldId, fieldEast, [main.CroppingId]));
    expect(response.statusCode, response.body).toBe(201);
    const strip = response.json<CroppingResponse>();
    expect(strip.Area).toBeCloseTo(0.2, 2);
    const shrunk = await read(main.CroppingId);
    expect(shrunk.Area).toBeCloseTo((main.Area ?? 0) - (strip.Area ?? 0), 2);
    // The strip is gone from the crop's boundary: its south edge now runs 10 m further north.
    expect(shrunk.BoundaryArea).toBeCloseTo((main.BoundaryArea ?? 0) - 0.2, 1);
    const southmost = Math.min(...shrunk.Boundary!.coordinates.flat(2).map(([, north]) => north!));
    expect(southmost).toBeCloseTo(300_010, 0);
    const actions = await sqlRows<{ action: string; cropping: number }>(
      test.db,
      sql`SELECT action, (data->>'CroppingId')::int AS cropping FROM events
           WHERE object_type = 'Cropping' AND (data->>'CroppingId')::int IN (${main.CroppingId}, ${strip.CroppingId})
           ORDER BY id`,
    );
    expect(actions).toEqual([
      { action: 'c', cropping: main.CroppingId },
      { action: 'u', cropping: main.CroppingId },
      { action: 'c', cropping: strip.CroppingId },
    ]);
  });

  it('changes nothing when the area cannot be taken', async () => {
    const field = await newField('Small crop field');
    const fieldEast = east;
    const small = await created({ ...wheat, FieldId: field.FieldId, Area: 0.1 });
    const other = await newField('Elsewhere');
    const elsewhere = await created({ ...wheat, FieldId: other.FieldId });
    const count = async () =>
      (
        await sqlRows<{ n: number }>(
          test.db,
          sql`SELECT count(*)::int AS n FROM croppings WHERE field_id IN (${field.FieldId}, ${other.FieldId})`,
        )
      )[0]!.n;
    const before = await count();

    const tooSmall = await createCropping(margin(field.FieldId, fieldEast, [small.CroppingId]));
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json<{ Errors: { Message: string }[] }>().Errors[0]?.Message).toBe(
      'Winter wheat (0.10 ha) is not larger than the new cropping (0.20 ha).',
    );
    const wrongField = await createCropping(margin(field.FieldId, fieldEast, [elsewhere.CroppingId]));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json<{ Errors: { Message: string }[] }>().Errors[0]?.Message).toBe(
      'The area can only be taken from a cropping of the same field and crop year.',
    );
    expect(await count()).toBe(before);
    expect((await read(elsewhere.CroppingId)).Area).toBe(elsewhere.Area);
  });

  it('does not let a restricted member take area from a cropping hidden from them', async () => {
    const field = await newField('Hidden crop field');
    const fieldEast = east;
    const secret = await created({ ...wheat, FieldId: field.FieldId });
    const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [secret.CroppingId]);
    const response = await createCropping(
      margin(field.FieldId, fieldEast, [secret.CroppingId]),
      member.headers,
    );
    expect(response.statusCode).toBe(404);
    expect((await read(secret.CroppingId)).Area).toBe(secret.Area);
  });
});

describe('restricted members', () => {
  it('see and change only the croppings they are authorised for', async () => {
    const field = await newField('Split');
    const open = await created({ ...wheat, FieldId: field.FieldId, Area: 2 });
    const secret = await created({ ...wheat, FieldId: field.FieldId, Area: 2, CropDescr: 'Secret trial' });
    const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [secret.CroppingId]);

    const croppings = await test.app.inject({
      method: 'GET',
      url: '/api/croppings/v1?year=2025',
      headers: member.headers,
    });
    const ids = croppings.json<CroppingResponse[]>().map((c) => c.CroppingId);
    expect(ids).toContain(open.CroppingId);
    expect(ids).not.toContain(secret.CroppingId);

    const fields = await test.app.inject({
      method: 'GET',
      url: '/api/fields/v1?year=2025',
      headers: member.headers,
    });
    const allIds = fields.json<FieldResponse[]>().flatMap((f) => f.Croppings.map((c) => c.CroppingId));
    expect(allIds).toContain(open.CroppingId);
    expect(allIds).not.toContain(secret.CroppingId);
    const one = await test.app.inject({
      method: 'GET',
      url: `/api/fields/v1/${field.FieldId}`,
      headers: member.headers,
    });
    expect(one.json<FieldResponse>().Croppings.map((c) => c.CroppingId)).toEqual([open.CroppingId]);
    expect(JSON.stringify(one.json())).not.toContain('Secret trial');

    for (const request of [
      { method: 'GET' as const, url: `/api/croppings/v1/${secret.CroppingId}` },
      { method: 'PUT' as const, url: `/api/croppings/v1/${secret.CroppingId}`, payload: { Area: 1 } },
      { method: 'DELETE' as const, url: `/api/croppings/v1/${secret.CroppingId}` },
    ]) {
      const response = await test.app.inject({ ...request, headers: member.headers });
      expect(response.statusCode, `${request.method} ${response.body}`).toBe(404);
    }
    const allowed = await test.app.inject({
      method: 'PUT',
      url: `/api/croppings/v1/${open.CroppingId}`,
      headers: member.headers,
      payload: { Area: 1.5 },
    });
    expect(allowed.statusCode).toBe(200);
    // The hidden cropping still counts towards the field's area.
    const tooMuch = await createCropping({ ...wheat, FieldId: field.FieldId, Area: 1 }, member.headers);
    expect(tooMuch.json().Message).toMatch(/^There are other crops at the same time on this field/);
    const deleteField = await test.app.inject({
      method: 'DELETE',
      url: `/api/fields/v1/${field.FieldId}`,
      headers: member.headers,
    });
    expect(deleteField.statusCode).toBe(403);

    // The owner sees both.
    const owner = await test.app.inject({
      method: 'GET',
      url: `/api/fields/v1/${field.FieldId}`,
      headers: farm.headers,
    });
    expect(owner.json<FieldResponse>().Croppings.map((c) => c.CroppingId)).toEqual([
      open.CroppingId,
      secret.CroppingId,
    ]);
  });
});
