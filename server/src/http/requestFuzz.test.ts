import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import {
  createFieldWithCropping,
  createFieldsHolding,
  seedCropTable,
  type FieldsHolding,
} from '../testing/fieldsFixtures.ts';
import { apiRoutes } from '../testing/openApiRoutes.ts';
import { casesOf, random } from '../testing/requestFuzzCases.ts';

/**
 * A schema-driven fuzz of every route of the OpenAPI document with the inputs that once answered 500: a NUL
 * character or a lone surrogate in a text, ids of 2^31 and above, numbers near 1e308 and negative ones, JSON
 * nested 10,000 deep, values of the wrong type. Each must be answered below 500, and a refusal must name its
 * field in words rather than in schema text. The choice of cases is seeded, so a failure repeats.
 */

const seed = 20261124;

let test: TestApp;
let farm: FieldsHolding;
let fieldId: number;
let croppingId: number;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
  ({ fieldId, croppingId } = await createFieldWithCropping(test.app, farm, {
    name: 'Fuzzed',
    east: 420_000,
    north: 300_000,
    area: 2,
  }));
}, 120_000);

afterAll(async () => {
  await test?.close();
});

/** Schema text that must never reach a user (issue 12): zod's own English and raw paths. */
const schemaText =
  /Too (big|small):|Invalid input|Invalid option|expected (string|number|int|array|object)|Unrecognized key|^\w+(\.\w+)*: /;

describe('every route, fuzzed', () => {
  it('answers every bad input below 500, naming the field in words', async () => {
    const next = random(seed);
    let headers = farm.headers;
    const failures: string[] = [];
    let count = 0;
    const routes = apiRoutes(test.app).sort(
      (a, b) => Number(a.key.includes('logout')) - Number(b.key.includes('logout')),
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      for (const options of casesOf(route, next, { holdingId: farm.holdingId, fieldId, croppingId })) {
        const response: LightMyRequestResponse = await test.app.inject({
          ...options,
          headers: { ...options.headers, ...headers },
        });
        count += 1;
        const what = `${route.key} ${options.url} ${String(options.payload ?? '').slice(0, 120)}`;
        if (response.statusCode >= 500)
          failures.push(`${response.statusCode} ${what}: ${response.body.slice(0, 200)}`);
        if (response.statusCode === 400 && response.headers['content-type']?.toString().includes('json')) {
          const answer = response.json<{
            Message?: string;
            error_description?: string;
            Errors?: { Field?: string; Message: string }[];
          }>();
          const words = [
            answer.Message ?? answer.error_description ?? '',
            ...(answer.Errors ?? []).map((error) => error.Message),
          ];
          for (const text of words) if (schemaText.test(text)) failures.push(`schema text ${what}: ${text}`);
          for (const error of answer.Errors ?? []) if (!error.Field) failures.push(`no field ${what}`);
        }
        if (response.statusCode === 401 && route.key !== 'GET /api/health') {
          // A case that signed the owner out (logout): sign in again for the rest.
          headers = (await createFieldsHolding(test.app, test.db)).headers;
        }
      }
    }
    console.log(`fuzz: ${count} requests`);
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(500);
  }, 300_000);
});
