import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@headland/domain/api/sessionApi';
import { maxBoundaryVertices, maxJsonDepth } from '@headland/domain/inputLimits';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { createFieldsHolding, type FieldsHolding } from '../testing/fieldsFixtures.ts';

/**
 * What a refused request answers: `{ Message, Errors }` where Message is the first error in words, and each
 * error names its field (`Field`), says what is wrong as `Code` and `Params`, and in words (`Message`).
 */

let test: TestApp;
let farm: FieldsHolding;

beforeAll(async () => {
  test = await createTestApp();
  farm = await createFieldsHolding(test.app, test.db);
}, 120_000);

afterAll(async () => {
  await test?.close();
});

async function refusal(options: InjectOptions, status = 400): Promise<ApiError> {
  const response = await test.app.inject({ ...options, headers: { ...farm.headers, ...options.headers } });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<ApiError>();
}

describe('a refused request', () => {
  it('names the field in words, never in schema text', async () => {
    const answer = await refusal({
      method: 'GET',
      url: `/api/session/v1/holdings/query?query=${'w'.repeat(5_000)}`,
    });
    expect(answer).toEqual({
      Message: 'Holding search can be at most 100 characters long.',
      Code: 'tooLong',
      Params: { max: 100, inclusive: true },
      Errors: [
        {
          Field: 'query',
          Code: 'tooLong',
          Params: { max: 100, inclusive: true },
          Message: 'Holding search can be at most 100 characters long.',
        },
      ],
    });
  });

  it('keeps a message the schema gives itself', async () => {
    const answer = await refusal({ method: 'GET', url: '/api/session/v1/holdings/query?query=w' });
    expect(answer.Message).toBe('Type at least 2 characters to search holdings.');
  });

  it('names a nested field by its label', async () => {
    const answer = await refusal({
      method: 'POST',
      url: '/api/croppings/v1',
      payload: { CropDescr: 'd'.repeat(351) },
    });
    expect(answer.Message).toBe('Description can be at most 250 characters long.');
    expect(answer.Errors?.[0]).toMatchObject({ Field: 'CropDescr', Code: 'tooLong' });
  });

  it('refuses ids the database cannot hold, in paths and bodies', async () => {
    const path = await refusal({ method: 'GET', url: '/api/fields/v1/2147483648' });
    expect(path.Message).toBe('The id in the address can be at most 2,147,483,647.');
    const body = await refusal({
      method: 'POST',
      url: '/api/session/v1/holdings/select',
      payload: { holdingId: 2 ** 31 },
    });
    expect(body.Errors?.[0]).toMatchObject({ Field: 'holdingId', Code: 'tooLarge' });
  });

  it('refuses numbers near 1e308 and negative areas', async () => {
    const huge = await refusal({
      method: 'POST',
      url: '/api/holdings/v1',
      payload: { holding: { HoldingId: farm.holdingId }, totalArea: 1e308 },
    });
    expect(huge.Message).toBe('Total area can be at most 1,000,000.');
    const negative = await refusal({
      method: 'POST',
      url: '/api/fields/v1',
      payload: { Name: 'Negative', AreaType: 'Whole', WholeArea: -1e308 },
    });
    expect(negative.Errors?.[0]).toMatchObject({ Field: 'WholeArea', Code: 'tooSmall' });
    expect(negative.Message).toBe('Whole area must be at least 0.');
  });

  it('refuses a NUL character or a lone surrogate in any text, keys included', async () => {
    const nul = await refusal({
      method: 'POST',
      url: '/api/fields/v1',
      payload: { Name: 'Long\u0000Meadow', AreaType: 'Whole', WholeArea: 2 },
    });
    expect(nul.Errors?.[0]).toMatchObject({ Field: 'Name', Code: 'nulCharacter' });
    expect(nul.Message).toMatch(/^Name contains a null character/);
    const surrogate = await refusal({
      method: 'POST',
      url: '/api/session/v1',
      payload: { update: { clientState: { ['key\ud800']: 1 } } },
    });
    expect(surrogate.Errors?.[0]).toMatchObject({ Code: 'loneSurrogate' });
    const query = await refusal({ method: 'GET', url: '/api/session/v1/holdings/query?query=ab%00' });
    expect(query.Errors?.[0]).toMatchObject({ Field: 'query', Code: 'nulCharacter' });
  });

  it('refuses JSON nested deeper than the limit before parsing it', async () => {
    const answer = await refusal({
      method: 'POST',
      url: '/api/session/v1',
      headers: { 'content-type': 'application/json' },
      payload: `{"update":{"clientState":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`,
    });
    expect(answer.Errors?.[0]).toMatchObject({
      Field: 'body',
      Code: 'tooDeep',
      Params: { max: maxJsonDepth },
    });
  });

  it('refuses a boundary over the vertex limit before the database reads it', async () => {
    const positions = Array.from({ length: maxBoundaryVertices + 1 }, (_, index) => `${index} 0`);
    const answer = await refusal({
      method: 'POST',
      url: '/api/fields/v1',
      payload: { Name: 'Huge', Boundary: `POLYGON((${positions.join(',')}))`, srid: 27700 },
    });
    expect(answer.Errors?.[0]).toMatchObject({ Field: 'Boundary', Code: 'tooManyVertices' });
    expect(answer.Message).toBe(
      'Boundary has 20,001 points; a boundary can have at most 20,000. Simplify it and try again.',
    );
  });

  it('refuses a body over its route’s limit with that limit in words', async () => {
    const small = await refusal(
      {
        method: 'POST',
        url: '/api/session/v1',
        payload: { update: { clientState: { a: 'x'.repeat(300_000) } } },
      },
      413,
    );
    expect(small.Message).toBe('The request is too large: this call takes at most 256 kB.');
    const boundary = await refusal(
      { method: 'POST', url: '/api/fields/v1', payload: { Name: 'x'.repeat(4 * 1024 * 1024) } },
      413,
    );
    expect(boundary.Message).toBe('The request is too large: this call takes at most 3 MB.');
  });
});
