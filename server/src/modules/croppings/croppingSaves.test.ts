import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CroppingResponse, FieldResponse } from '@headland/domain/api/fieldsApi';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
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
let east = 520_000;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
});

afterAll(async () => {
  await test?.close();
});

/** A new 4 ha field (200 m square) of the test holding. */
async function newField(name: string): Promise<FieldResponse> {
  east += 1_000;
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/fields/v1',
    headers: farm.headers,
    payload: { Name: name, Boundary: gridSquare(east, 300_000, 200), srid: 27700 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FieldResponse>();
}

const wheat = {
  YearId: 2025,
  CropId: CropId.WinterWheat,
  Residue: CropResidue.Baled,
  Purpose: CropPurpose.Milling,
  SowingDate: '2024-10-01',
  HarvestDate: '2025-08-10',
};

const post = (payload: Record<string, unknown>, headers = farm.headers) =>
  test.app.inject({ method: 'POST', url: '/api/croppings/v1', headers, payload });
const put = (croppingId: number, payload: Record<string, unknown>, headers = farm.headers) =>
  test.app.inject({ method: 'PUT', url: `/api/croppings/v1/${croppingId}`, headers, payload });
const read = async (croppingId: number) =>
  (
    await test.app.inject({ method: 'GET', url: `/api/croppings/v1/${croppingId}`, headers: farm.headers })
  ).json<CroppingResponse>();

describe('concurrent saves on one field', () => {
  it('cannot together take more than the field: the second is checked against the first', async () => {
    const field = await newField('Race');
    const answers = await Promise.all([
      post({ ...wheat, FieldId: field.FieldId, Area: 3 }),
      post({ ...wheat, FieldId: field.FieldId, Area: 3 }),
      post({ ...wheat, FieldId: field.FieldId, Area: 3 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!.json();
    expect(refused.Errors[0]).toMatchObject({ Field: 'Area', Code: 'concurrentCrops' });
  });

  it('two updates growing two croppings cannot both pass', async () => {
    const field = await newField('Race two');
    const a = (await post({ ...wheat, FieldId: field.FieldId, Area: 1.5 })).json<CroppingResponse>();
    const b = (await post({ ...wheat, FieldId: field.FieldId, Area: 1.5 })).json<CroppingResponse>();
    const answers = await Promise.all([put(a.CroppingId, { Area: 2.5 }), put(b.CroppingId, { Area: 2.5 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((await read(a.CroppingId)).Area! + (await read(b.CroppingId)).Area!).toBe(4);
  });
});

describe('versions', () => {
  it('a save read at an older version is refused with 409, Resources and no retry', async () => {
    const field = await newField('Versions');
    const created = (await post({ ...wheat, FieldId: field.FieldId, Area: 2 })).json<CroppingResponse>();
    expect(created.Version).toBe(1);
    const first = await put(created.CroppingId, { CropDescr: 'First user', Version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CroppingResponse>().Version).toBe(2);

    const second = await put(created.CroppingId, { CropDescr: 'Second user', Version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.headers['x-omnia-retry']).toBe('No');
    expect(second.json()).toMatchObject({ Resources: [`cropping:${created.CroppingId}`] });
    expect((await read(created.CroppingId)).CropDescr).toBe('First user');
  });

  it('a field save read at an older version is refused the same way', async () => {
    const field = await newField('Field versions');
    const url = `/api/fields/v1/${field.FieldId}`;
    const first = await test.app.inject({
      method: 'PUT',
      url,
      headers: farm.headers,
      payload: { FieldNumber: 'A1', Version: field.Version },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await test.app.inject({
      method: 'PUT',
      url,
      headers: farm.headers,
      payload: { FieldNumber: 'B2', Version: field.Version },
    });
    expect(second.statusCode).toBe(409);
    expect(second.headers['x-omnia-retry']).toBe('No');
    expect(second.json()).toMatchObject({ Resources: [`field:${field.FieldId}`] });
  });

  it('a cropping changed by its field moves on too', async () => {
    const field = await newField('Shrinking');
    const created = (await post({ ...wheat, FieldId: field.FieldId })).json<CroppingResponse>();
    await test.app.inject({
      method: 'PUT',
      url: `/api/fields/v1/${field.FieldId}`,
      headers: farm.headers,
      payload: { Boundary: gridSquare(east, 300_000, 150), srid: 27700 },
    });
    const after = await read(created.CroppingId);
    expect(after.Version).toBe(2);
    expect((await put(created.CroppingId, { Area: 4, Version: 1 })).statusCode).toBe(409);
  });
});

describe('a smaller boundary', () => {
  it('cuts the croppings to the field: area and boundary', async () => {
    const field = await newField('Cut');
    const fieldEast = east;
    const whole = (await post({ ...wheat, FieldId: field.FieldId })).json<CroppingResponse>();
    expect(whole.Area).toBe(4);
    const next = (
      await post({
        ...wheat,
        YearId: 2026,
        SowingDate: '2025-10-01',
        HarvestDate: '2026-08-10',
        FieldId: field.FieldId,
      })
    ).json<CroppingResponse>();
    const field2 = await newField('Cut with a plot');
    const plotEast = east;
    const plot = (
      await post({
        ...wheat,
        FieldId: field2.FieldId,
        Boundary: gridSquare(plotEast + 100, 300_000, 100),
        srid: 27700,
      })
    ).json<CroppingResponse>();
    expect(plot.Area).toBe(1);

    const shrink = (fieldId: number, corner: number) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/fields/v1/${fieldId}`,
        headers: farm.headers,
        payload: { Boundary: gridSquare(corner, 300_000, 150), srid: 27700 },
      });
    expect((await shrink(field.FieldId, fieldEast)).statusCode).toBe(200);
    expect((await read(whole.CroppingId)).Area).toBe(2.25);
    expect((await read(next.CroppingId)).Area).toBe(2.25);

    // The plot's east half lies outside the new field: it loses that half, boundary and area.
    expect((await shrink(field2.FieldId, plotEast)).statusCode).toBe(200);
    const cut = await read(plot.CroppingId);
    expect(cut.Area).toBe(0.5);
    expect(cut.BoundaryArea).toBeCloseTo(0.5, 2);

    const validation = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/validation?year=2025',
      headers: farm.headers,
    });
    const issues = validation.json<{ Code: number; FieldId?: number }[]>();
    const ours = issues.filter((issue) => [field.FieldId, field2.FieldId].includes(issue.FieldId ?? -1));
    expect(ours.map((issue) => issue.Code)).not.toContain(2002);
    expect(ours.map((issue) => issue.Code)).not.toContain(2005);
  });
});

describe('restricted members', () => {
  it('are told of hidden crops at the same time without their areas', async () => {
    const field = await newField('Shared');
    const hidden = (await post({ ...wheat, FieldId: field.FieldId, Area: 2.5 })).json<CroppingResponse>();
    const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [hidden.CroppingId]);
    const refused = await post({ ...wheat, FieldId: field.FieldId, Area: 2 }, member.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors).toEqual([
      expect.objectContaining({ Code: 'concurrentCropsWithHidden', Params: { fieldArea: 4 } }),
    ]);
    expect(refused.body).not.toContain('4.50');

    const list = await test.app.inject({
      method: 'GET',
      url: '/api/fields/v1?year=2025',
      headers: member.headers,
    });
    const listed = list.json<FieldResponse[]>().find((entry) => entry.FieldId === field.FieldId)!;
    expect(listed.Croppings).toEqual([]);
    expect(listed.HiddenCroppingYears).toEqual([2025]);
    const owners = await test.app.inject({
      method: 'GET',
      url: '/api/fields/v1?year=2025',
      headers: farm.headers,
    });
    expect(
      owners.json<FieldResponse[]>().find((entry) => entry.FieldId === field.FieldId)!.HiddenCroppingYears,
    ).toEqual([]);
    const one = await test.app.inject({
      method: 'GET',
      url: `/api/fields/v1/${field.FieldId}`,
      headers: member.headers,
    });
    expect(one.json<FieldResponse>().HiddenCroppingYears).toEqual([2025]);
  });
});
