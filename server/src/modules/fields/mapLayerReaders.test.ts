import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CroppingResponse, FieldResponse } from '@headland/domain/api/fieldsApi';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
import { HoldingRole, Role } from '@headland/domain/roles';
import { addMember, bearer, createUser, signInToHolding } from '../../testing/factories.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';

// The Access role reads map layers and nothing of the fields area: the map draws from the fields and croppings
// lists, so those reads are open to map-layer readers, still bounded by the holding and the hidden croppings.

let test: TestApp;
let farm: FieldsHolding;
let field: FieldResponse;
let shown: CroppingResponse;
let hidden: CroppingResponse;

async function inject(method: 'GET' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) {
  return test.app.inject({ method, url, headers: headers as Record<string, string>, payload });
}

async function newCropping(cropId: number, area: number): Promise<CroppingResponse> {
  const response = await inject('POST', '/api/croppings/v1', farm.headers, {
    FieldId: field.FieldId,
    YearId: 2025,
    CropId: cropId,
    Area: area,
    Residue: CropResidue.Baled,
    Purpose: CropPurpose.Milling,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CroppingResponse>();
}

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
  const created = await inject('POST', '/api/fields/v1', farm.headers, {
    Name: 'Long Acre',
    Boundary: gridSquare(420_000, 300_000, 200),
    srid: 27700,
  });
  expect(created.statusCode).toBe(201);
  field = created.json<FieldResponse>();
  shown = await newCropping(CropId.WinterWheat, 1);
  hidden = await newCropping(CropId.WinterWheat, 1);
}, 60_000);

afterAll(async () => {
  await test?.close();
});

describe('map-layer readers without the fields area', () => {
  it('read the fields and croppings lists and one field or cropping, but change nothing', async () => {
    const user = await createUser(test.db, { role: Role.Access });
    await addMember(test.db, farm.holdingId, user.id, { holdingRole: HoldingRole.Member });
    const headers = bearer(await signInToHolding(test.app, user, farm.holdingId, 2025));

    const fields = await inject('GET', '/api/fields/v1', headers);
    expect(fields.statusCode, fields.body).toBe(200);
    expect(fields.json<FieldResponse[]>().map((f) => f.Name)).toEqual(['Long Acre']);
    expect((await inject('GET', `/api/fields/v1/${field.FieldId}`, headers)).statusCode).toBe(200);
    const croppings = await inject('GET', '/api/croppings/v1', headers);
    expect(croppings.statusCode).toBe(200);
    expect(croppings.json<CroppingResponse[]>()).toHaveLength(2);
    expect((await inject('GET', `/api/croppings/v1/${shown.CroppingId}`, headers)).statusCode).toBe(200);

    const write = await inject('POST', '/api/fields/v1', headers, { Name: 'Not mine', WholeArea: 1 });
    expect(write.statusCode).toBe(403);
    expect(write.json<{ Message: string }>().Message).toBe(
      'You do not have permission to change fields on this holding.',
    );
    const removal = await inject('DELETE', `/api/croppings/v1/${shown.CroppingId}`, headers);
    expect(removal.statusCode).toBe(403);
  });

  it('as restricted members do not see the croppings hidden from them', async () => {
    const member = await signInRestrictedMember(
      test.app,
      test.db,
      farm.holdingId,
      [hidden.CroppingId],
      2025,
      Role.Access,
    );
    const croppings = await inject('GET', '/api/croppings/v1', member.headers);
    expect(croppings.statusCode).toBe(200);
    expect(croppings.json<CroppingResponse[]>().map((c) => c.CroppingId)).toEqual([shown.CroppingId]);
    const fields = await inject('GET', '/api/fields/v1', member.headers);
    expect(fields.json<FieldResponse[]>()[0]!.Croppings.map((c) => c.CroppingId)).toEqual([shown.CroppingId]);
    expect((await inject('GET', `/api/croppings/v1/${hidden.CroppingId}`, member.headers)).statusCode).toBe(
      404,
    );
  });

  it('are still refused by a role with neither fields nor map layers', async () => {
    const user = await createUser(test.db, { role: Role.InvoicingAdmin });
    await addMember(test.db, farm.holdingId, user.id, { holdingRole: HoldingRole.Member });
    const headers = bearer(await signInToHolding(test.app, user, farm.holdingId, 2025));
    const fields = await inject('GET', '/api/fields/v1', headers);
    expect(fields.statusCode).toBe(403);
  });
});
