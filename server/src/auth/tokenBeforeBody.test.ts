import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { apiRoutes, fillPath, multipartBody, type ApiRoute } from '../testing/openApiRoutes.ts';

/**
 * A caller without a valid token learns nothing about a route's input rules: every route that needs a sign-in
 * answers 401 before it reads params, query or body, however wrong they are. Walks the OpenAPI document, so a
 * route added tomorrow is covered.
 */

let test: TestApp;
let routes: ApiRoute[];

beforeAll(async () => {
  test = await createTestApp();
  routes = apiRoutes(test.app).filter((route) => !route.documentedPublic);
}, 120_000);

afterAll(async () => {
  await test?.close();
});

/** Inputs that every schema refuses: ids that are not numbers, a NUL in the query, JSON nested too deep. */
function badRequestOf(route: ApiRoute, authorization?: string) {
  const pathValues = Object.fromEntries(route.pathParams.map((parameter) => [parameter.name, 'not-an-id']));
  const url = `${fillPath(route.path, pathValues)}?year=%00&id=-1`;
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (route.method === 'GET' || route.method === 'DELETE' || route.method === 'HEAD') {
    return { method: route.method as 'GET', url, headers };
  }
  if (route.multipart && !route.jsonBody) {
    const body = multipartBody(
      { junk: '\u0000' },
      { field: 'file', name: 'x.bin', type: 'application/octet-stream', content: Buffer.from([0]) },
    );
    return {
      method: route.method as 'POST',
      url,
      headers: { ...headers, ...(body.headers as Record<string, string>) },
      payload: body.payload,
    };
  }
  return {
    method: route.method as 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: `${'['.repeat(50)}"\\u0000"${']'.repeat(50)}`,
  };
}

describe('a route that needs a sign-in checks the token before the input', () => {
  it('walks a non-trivial document', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers 401 without a token, whatever the params, query and body', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await test.app.inject(badRequestOf(route));
      if (response.statusCode !== 401) wrong.push(`${route.key}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 with a token that does not exist', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await test.app.inject(badRequestOf(route, 'Bearer 0123456789abcdef0123456789abcdef'));
      if (response.statusCode !== 401) wrong.push(`${route.key}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
