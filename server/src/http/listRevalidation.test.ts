import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import { ifNoneMatchHas } from './listRevalidation.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import {
  createFieldWithCropping,
  createFieldsHolding,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../testing/fieldsFixtures.ts';

let test: TestApp;
let farm: FieldsHolding;
let fieldId: number;
let croppingId: number;
let member: { userId: number; headers: { authorization: string } };

const fieldList = '/api/fields/v1?year=2025';
const croppingList = '/api/croppings/v1?year=2025';

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db, { features: { perHoldingPermissions: true } });
  ({ fieldId, croppingId } = await createFieldWithCropping(test.app, farm, {
    name: 'Long Acre',
    east: 430_000,
    north: 300_000,
    area: 4,
  }));
  member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [croppingId]);
});

afterAll(async () => {
  await test?.close();
});

async function get(url: string, headers: { authorization: string }, tag?: string) {
  return test.app.inject({
    method: 'GET',
    url,
    headers: tag ? { ...headers, 'if-none-match': tag } : headers,
  });
}

async function tagOf(url: string, headers = farm.headers): Promise<string> {
  const response = await get(url, headers);
  expect(response.statusCode).toBe(200);
  return String(response.headers.etag);
}

describe('revalidating the year lists', () => {
  it.each([fieldList, croppingList])(
    '%s answers 304 without a body while the copy is current',
    async (url) => {
      const first = await get(url, farm.headers);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^W\/"[\w-]+"$/);
      const again = await get(url, farm.headers, tag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(tag);
      expect((await get(url, farm.headers, 'W/"something-else"')).statusCode).toBe(200);
    },
  );

  it('gives each year, list and coordinate system its own tag', async () => {
    const tags = await Promise.all([
      tagOf(fieldList),
      tagOf('/api/fields/v1?year=2026'),
      tagOf(croppingList),
      tagOf(`${fieldList}&srid=27700`),
    ]);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('sends the whole list to another user who presents the owner’s tag', async () => {
    const ownerTag = await tagOf(fieldList);
    const response = await get(fieldList, member.headers, ownerTag);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).not.toBe(ownerTag);
  });

  it('moves on with every change to what the lists answer, and answers the list as changed', async () => {
    const fieldNames = (response: { json: <T>() => T }) =>
      response.json<FieldResponse[]>().map((field) => field.Name);
    const areas = (response: { json: <T>() => T }) =>
      response.json<FieldResponse[]>().flatMap((field) => field.Croppings.map((cropping) => cropping.Area));
    const changes: [string, () => Promise<unknown>, ((response: { json: <T>() => T }) => void)?][] = [
      [
        'a field renamed',
        () =>
          test.app.inject({
            method: 'PUT',
            url: `/api/fields/v1/${fieldId}`,
            headers: farm.headers,
            payload: { Name: 'Long Acre North' },
          }),
        (response) => expect(fieldNames(response)).toContain('Long Acre North'),
      ],
      [
        'a cropping changed',
        () =>
          test.app.inject({
            method: 'PUT',
            url: `/api/croppings/v1/${croppingId}`,
            headers: farm.headers,
            payload: { Area: 3.5 },
          }),
        (response) => expect(areas(response)).toContain(3.5),
      ],
      [
        'a field year disabled',
        () =>
          test.db.execute(
            sql`UPDATE field_years SET disabled = true WHERE field_id = ${fieldId} AND year_id = 2026`,
          ),
      ],
      [
        'a variety renamed',
        () =>
          test.db.execute(
            sql`UPDATE varieties SET name = name WHERE id IN (SELECT id FROM varieties LIMIT 1)`,
          ),
      ],
    ];
    for (const [change, make, check] of changes) {
      const before = await tagOf(fieldList);
      await make();
      const after = await get(fieldList, farm.headers, before);
      expect(after.statusCode, change).toBe(200);
      expect(after.headers.etag, change).not.toBe(before);
      check?.(after);
    }
  });

  it('answers each member the list they may see, whoever asked for it before', async () => {
    const croppingIds = (response: { json: <T>() => T }) =>
      response
        .json<FieldResponse[]>()
        .flatMap((field) => field.Croppings.map((cropping) => cropping.CroppingId));
    for (const [headers, sees] of [
      [farm.headers, true],
      [member.headers, false],
      [farm.headers, true],
      [member.headers, false],
    ] as const) {
      const response = await get(fieldList, headers);
      expect(response.statusCode).toBe(200);
      expect(croppingIds(response).includes(croppingId)).toBe(sees);
    }
  });

  it('sends the same list gzipped to clients that accept it and plain to others', async () => {
    const plain = await get(fieldList, farm.headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers.vary).toBe('accept-encoding');
    const gzipped = await test.app.inject({
      method: 'GET',
      url: fieldList,
      headers: { ...farm.headers, 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('moves on for a restricted member when a cropping is shown to them', async () => {
    const before = await tagOf(fieldList, member.headers);
    const hidden = await get(fieldList, member.headers, before);
    expect(hidden.statusCode).toBe(304);
    await test.db.execute(sql`
      UPDATE cropping_permissions SET authorized = true
       WHERE user_id = ${member.userId} AND cropping_id = ${croppingId}`);
    const shown = await get(fieldList, member.headers, before);
    expect(shown.statusCode).toBe(200);
    const croppings = shown.json<FieldResponse[]>().flatMap((field) => field.Croppings);
    expect(croppings.map((cropping) => cropping.CroppingId)).toContain(croppingId);
  });
});

describe('If-None-Match', () => {
  it('compares weakly, in a list, and takes *', () => {
    expect(ifNoneMatchHas('W/"a1"', 'W/"a1"')).toBe(true);
    expect(ifNoneMatchHas('"a1"', 'W/"a1"')).toBe(true);
    expect(ifNoneMatchHas('W/"b2", W/"a1"', 'W/"a1"')).toBe(true);
    expect(ifNoneMatchHas('*', 'W/"a1"')).toBe(true);
    expect(ifNoneMatchHas('W/"a2"', 'W/"a1"')).toBe(false);
    expect(ifNoneMatchHas(undefined, 'W/"a1"')).toBe(false);
  });
});
