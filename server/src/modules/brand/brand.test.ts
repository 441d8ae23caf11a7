import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';

describe('GET /api/service/brand', () => {
  let test: TestApp;
  let forced: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ config: { brand: undefined } });
    forced = await createTestApp({ config: { brand: 'third' } });
  });
  afterAll(async () => {
    await test.close();
    await forced.close();
  });

  it.each([
    ['localhost:3000', 'main'],
    ['headland-soil.example', 'second'],
    ['lite.headland.example', 'third'],
  ])('serves host %s as the %s brand, without a token', async (host, brand) => {
    const response = await test.app.inject({ method: 'GET', url: '/api/service/brand', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Brand: brand });
  });

  it('lets the BRAND setting win over the host', async () => {
    const response = await forced.app.inject({
      method: 'GET',
      url: '/api/service/brand',
      headers: { host: 'headland-soil.example' },
    });
    expect(response.json()).toEqual({ Brand: 'third' });
  });
});
