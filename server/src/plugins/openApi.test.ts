import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { apiTags, operationIdOf } from './openApiDocument.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

interface Document {
  tags: { name: string }[];
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: Document;
let operations: { key: string; path: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      operation,
    })),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('names every operation with a unique camelCase operationId', () => {
    expect(operations.length).toBeGreaterThan(90);
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const [index, id] of ids.entries())
      expect(id, operations[index]!.key).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation a summary of its own and exactly one tag of a documented area', () => {
    const areas = new Set(document.tags.map((tag) => tag.name));
    expect([...areas].sort()).toEqual(apiTags.map((tag) => tag.name).sort());
    for (const { key, operation } of operations) {
      expect(operation.summary, key).toBeTruthy();
      expect(operation.summary, key).not.toBe(key);
      expect(operation.tags, key).toHaveLength(1);
      expect(areas.has(operation.tags![0]!), `${key}: ${operation.tags![0]}`).toBe(true);
    }
  });

  it('declares the security of every operation from its access rule', () => {
    const byKey = new Map(operations.map(({ key, operation }) => [key, operation]));
    for (const { key, operation } of operations) expect(Array.isArray(operation.security), key).toBe(true);
    // Public routes carry none; every other route the bearer token.
    expect(byKey.get('POST /oauth/token')?.security).toEqual([]);
    expect(byKey.get('GET /api/health')?.security).toEqual([]);
    expect(byKey.get('GET /api/fields/v1')?.security).toEqual([{ bearer: [] }]);
    expect(byKey.get('POST /api/session/v1/start')?.security).toEqual([{ bearer: [] }]);
  });

  it('documents the refusals of every operation with the refusal schema', () => {
    const refusal = document.components.schemas.Refusal;
    expect(refusal?.required).toEqual(['Message']);
    expect(Object.keys(refusal?.properties ?? {})).toEqual(
      expect.arrayContaining(['Message', 'Errors', 'Code', 'Params']),
    );
    for (const { key, path, operation } of operations) {
      const statuses = Object.keys(operation.responses).filter((status) => status.startsWith('4'));
      if (operation.security?.length) expect(statuses, key).toEqual(expect.arrayContaining(['401', '403']));
      if (operation.parameters?.length || operation.requestBody) expect(statuses, key).toContain('400');
      if (path.includes('{')) expect(statuses, key).toContain('404');
      for (const status of statuses) {
        const schema = operation.responses[status]!.content?.['application/json']?.schema;
        expect(schema, `${key} ${status}`).toBeDefined();
      }
    }
  });

  it('serves the reader at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('operationIdOf', () => {
  it('makes a camelCase id of the method and path, without the api prefix and v1', () => {
    expect(operationIdOf('GET', '/api/fields/v1/:id')).toBe('getFieldsById');
    expect(operationIdOf('POST', '/api/session/v1/holdings/select')).toBe('postSessionHoldingsSelect');
    expect(operationIdOf('GET', '/api/shared-data/v2/')).toBe('getSharedDataV2');
    expect(operationIdOf('GET', '/resources/:lang/text.json')).toBe('getResourcesByLangTextJson');
  });
});
