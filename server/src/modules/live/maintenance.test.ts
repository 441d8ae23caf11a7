import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@headland/domain/roles';
import { bearer, createUser, defaultPassword, signIn, type TestUser } from '../../testing/factories.ts';
import { lockFileName } from '../../db/dataDirLock.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, testConfig, type TestApp } from '../../testing/testApp.ts';

let test: TestApp;
let admin: { authorization: string };
let client: { authorization: string };
let adminUser: TestUser;
let clientUser: TestUser;

beforeAll(async () => {
  test = await createTestApp();
  adminUser = await createUser(test.db, { role: Role.Admin });
  clientUser = await createUser(test.db, { role: Role.Client });
  admin = bearer(await signIn(test.app, adminUser));
  client = bearer(await signIn(test.app, clientUser));
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

  it('keeps every sign-in through a window, and lets an Admin sign in during it and end it', async () => {
    const id = await setWindow(-1000, hour);
    const passwordSignIn = (email: string, password = defaultPassword) =>
      test.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', username: email, password },
      });
    const refused = await passwordSignIn(clientUser.email);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ Maintenance: { id } });
    expect((await passwordSignIn(adminUser.email, 'Wrong1234')).statusCode).toBe(400);
    const adminIn = await passwordSignIn(adminUser.email);
    expect(adminIn.statusCode, adminIn.body).toBe(200);
    const fresh = { authorization: `Bearer ${adminIn.json<{ access_token: string }>().access_token}` };
    const ended = await test.app.inject({
      method: 'DELETE',
      url: `/api/maintenance/v1/${id}`,
      headers: fresh,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    // The tokens from before the window still work: no one signs in again.
    for (const headers of [client, admin, fresh]) {
      const call = await test.app.inject({ method: 'GET', url: '/api/session/v1/login', headers });
      expect(call.statusCode).toBe(200);
    }
  });

  it('ends a window on a running server from the command line, the embedded database being held', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'headland-maintenance-'));
    // This process holds the folder, as a running server does: the command cannot open the database.
    writeFileSync(join(dataDir, lockFileName), JSON.stringify({ pid: process.pid }));
    const running = await buildApp({
      config: testConfig({ dataDir, filesDir: `${dataDir}-files` }),
      database: test.database,
    });
    try {
      await running.ready();
      const id = await setWindow(-1000, hour);
      await running.maintenanceNotices.reload();
      const call = () => running.inject({ method: 'GET', url: '/api/session/v1/login', headers: client });
      expect((await call()).statusCode).toBe(503);
      const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/maintenanceCommand.ts', 'clear', '--id', String(id)],
        { cwd: serverDir, env, timeout: 90_000 },
      );
      expect(stdout).toContain('Cleared 1 notice(s) on the running server.');
      // The server answered the command (within its 15 seconds) and heard the change at once.
      expect((await call()).statusCode).toBe(200);
    } finally {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-files`, { recursive: true, force: true });
    }
  }, 120_000);
});
