import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDataResponseSchema, type SharedData } from '@headland/domain/api/sharedDataApi';
import { CropId } from '@headland/domain/crops';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { createFieldsHolding, seedCropTable, type FieldsHolding } from '../../testing/fieldsFixtures.ts';

let test: TestApp;
let farm: FieldsHolding;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  await test.db.execute(sql`INSERT INTO varieties (id, crop_id, name, market) VALUES
    (9001, ${CropId.WinterWheat}, 'Skyfall', 'Group 1'),
    (9002, ${CropId.WinterWheat}, 'Extase', 'Group 1'),
    (9003, ${CropId.WinterBarley}, 'KWS Orwell', NULL)`);
  farm = await createFieldsHolding(test.app, test.db);
});

afterAll(async () => {
  await test?.close();
});

const get = (query: string, headers: Record<string, string> = farm.headers) =>
  test.app.inject({ method: 'GET', url: `/api/shared-data/v2/${query}`, headers });

describe('GET /api/shared-data/v2/', () => {
  it('answers the crops with their styles and the varieties by crop and name', async () => {
    const response = await get(`?holdingId=${farm.holdingId}&year=2025`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<SharedData>();
    expect(sharedDataResponseSchema.parse(data)).toEqual(data);
    expect(data.Crops.find((crop) => crop.CropId === CropId.WinterWheat)).toMatchObject({
      Name: 'Winter wheat',
      Residue: true,
    });
    expect(data.CropStyles.find((style) => style.CropId === CropId.WinterWheat)?.Colour).toHaveLength(3);
    expect(data.Varieties).toEqual([
      { VarietyId: 9002, CropId: CropId.WinterWheat, Name: 'Extase', Market: 'Group 1' },
      { VarietyId: 9001, CropId: CropId.WinterWheat, Name: 'Skyfall', Market: 'Group 1' },
      { VarietyId: 9003, CropId: CropId.WinterBarley, Name: 'KWS Orwell', Market: null },
    ]);
  });

  it('refuses another holding than the session’s, bad input and callers without a token', async () => {
    expect((await get(`?holdingId=${farm.holdingId + 1000}`)).statusCode).toBe(403);
    expect((await get('?year=next')).statusCode).toBe(400);
    expect((await get('', {})).statusCode).toBe(401);
  });
});
