import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@headland/domain/roles';
import { bearer, createUser, signIn } from '../../testing/factories.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, testConfig, type TestApp } from '../../testing/testApp.ts';

let test: TestApp;
let admin: { authorization: string };
let client: { authorization: string };

beforeAll(async () => {
  test = await createTestApp();
  admin = bearer(await signIn(test.app, await createUser(test.db, { role: Role.Admin })));
  client = bearer(await signIn(test.app, await createUser(test.db, { role: Role.Client })));
}, 60_000);

afterAll(async () => {
  await test?.close();
});

const hour = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function setWindow(
  startOffsetMs: number,
  endOffsetMs: number,
  message = 'Closed from {start} to {end}.',
) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/maintenance/v1',
    headers: admin,
    payload: { startDate: at(startOffsetMs), endDate: at(endOffsetMs), message },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

async function clear(id: number) {
  const response = await test.app.inject({
    method: 'DELETE',
    url: `/api/maintenance/v1/${id}`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('maintenance notices', () => {
  it('lists a coming window in /maintenance.json without refusing calls', async () => {
    const id = await setWindow(2 * hour, 3 * hour);
    const list = await test.app.inject({ method: 'GET', url: '/maintenance.json' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id, message: 'Closed from {start} to {end}.' })]);
    const call = await test.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: client });
    expect(call.statusCode).toBe(200);
    await clear(id);
    expect((await test.app.inject({ method: 'GET', url: '/maintenance.json' })).json()).toEqual([]);
  });

  it('refuses every API call with 503, no retry, while a window is on, and lets an Admin end it', async () => {
    const id = await setWindow(-1000, hour);
    for (const [method, url] of [
      ['GET', '/api/session/v1/login'],
      ['POST', '/oauth/token'],
      ['GET', '/api/fields/v1'],
    ] as const) {
      const refused = await test.app.inject({
        method,
        url,
        headers: client,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(refused.statusCode, url).toBe(503);
      expect(refused.headers['x-omnia-retry']).toBe('No');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(refused.json()).toMatchObject({
        Message: expect.stringMatching(/^The service is closed for maintenance until /),
        Maintenance: { id },
      });
    }
    // The page and its notice list still answer, so that the panel can be shown.
    expect((await test.app.inject({ method: 'GET', url: '/maintenance.json' })).statusCode).toBe(200);
    await clear(id);
    const after = await test.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: client });
    expect(after.statusCode).toBe(200);
  });

  it('lets only an Admin set or clear a window', async () => {
    const payload = { startDate: at(hour), endDate: at(2 * hour), message: 'Upgrade' };
    const set = await test.app.inject({
      method: 'POST',
      url: '/api/maintenance/v1',
      headers: client,
      payload,
    });
    expect(set.statusCode).toBe(403);
    const id = await setWindow(hour, 2 * hour);
    const cleared = await test.app.inject({
      method: 'DELETE',
      url: `/api/maintenance/v1/${id}`,
      headers: client,
    });
    expect(cleared.statusCode).toBe(403);
    await clear(id);
    const again = await test.app.inject({
      method: 'DELETE',
      url: `/api/maintenance/v1/${id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a window that ends before it starts, or without a message, naming the field', async () => {
    const backwards = await test.app.inject({
      method: 'POST',
      url: '/api/maintenance/v1',
      headers: admin,
      payload: { startDate: at(2 * hour), endDate: at(hour), message: 'Upgrade' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Errors[0]).toMatchObject({
      Field: 'endDate',
      Message: expect.stringContaining('The end must come after the start.'),
    });
    const blank = await test.app.inject({
      method: 'POST',
      url: '/api/maintenance/v1',
      headers: admin,
      payload: { startDate: at(hour), endDate: at(2 * hour), message: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().Errors[0].Field).toBe('message');
  });

  it('keeps a window across a restart: a server started afresh on the same database enforces it', async () => {
    const id = await setWindow(-1000, hour);
    const restarted = await buildApp({ config: testConfig(), database: test.database });
    try {
      await restarted.ready();
      const refused = await restarted.inject({
        method: 'GET',
        url: '/api/session/v1/login',
        headers: client,
      });
      expect(refused.statusCode).toBe(503);
      expect((await restarted.inject({ method: 'GET', url: '/maintenance.json' })).json()).toEqual([
        expect.objectContaining({ id }),
      ]);
    } finally {
      await restarted.close();
    }
    await clear(id);
  });
});
