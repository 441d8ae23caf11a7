import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { bearer, createUser, signIn } from '../testing/factories.ts';
import { testConfig } from '../testing/testApp.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { safeError, scrubText } from './logging.ts';
import { closeGracefully } from './shutdown.ts';

describe('the log', () => {
  let database: Database;
  let app: FastifyInstance;
  let lines: Record<string, unknown>[];
  let text = '';
  const email = 'ada.lovelace@farm.example';
  const password = 'Secret-Harvest-2026';

  beforeAll(async () => {
    database = await openTestDatabase();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    app = await buildApp({ config: testConfig({ logLevel: 'info' }), database }, { logStream: stream });
    app.get('/api/test/failing-query', { config: { access: 'public' } }, async () => {
      // Fails in the database with the e-mail among the statement's parameters and in the driver's message.
      await database.db.execute(sql`SELECT ${email}::int AS id`);
      return {};
    });
    await app.ready();
    await createUser(database.db, { email, password });
    const token = await signIn(app, { email, password });
    await app.inject({
      method: 'GET',
      url: '/api/session/v1/holdings/query?query=Wold',
      headers: bearer(token),
    });
    await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: email, password: `${password}-wrong` },
    });
    await app.inject({ method: 'GET', url: `/api/test/failing-query?email=${email}&token=${token}` });
    await app.inject({ method: 'GET', url: `/api/nothing/here/${encodeURIComponent(email)}` });
    lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // Kept for the test below that checks no token leaks.
    lines.push({ token });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('has one access line per request, at the default level, with the request id', () => {
    const access = lines.filter((line) => line.msg === 'request');
    expect(access.map((line) => [line.method, line.route])).toEqual([
      ['POST', '/oauth/token'],
      ['GET', '/api/session/v1/holdings/query'],
      ['POST', '/oauth/token'],
      ['GET', '/api/test/failing-query'],
      ['GET', '(no route)'],
    ]);
    const statuses = access.map((line) => Number(line.statusCode));
    expect([statuses[0], statuses[1], statuses[3], statuses[4]]).toEqual([200, 200, 500, 404]);
    // The refused sign-in: its exact status is the sign-in's business.
    expect(statuses[2]).toBeGreaterThanOrEqual(400);
    for (const line of access) {
      expect(line.level).toBe(30);
      expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.ms).toEqual(expect.any(Number));
    }
    expect(new Set(access.map((line) => line.reqId)).size).toBe(access.length);
  });

  it('logs the failed query with the request id, without its parameters or personal data', () => {
    const failure = lines.find((line) => line.msg === 'unhandled error');
    expect(failure?.reqId).toEqual(expect.any(String));
    const err = failure?.err as { message: string; cause?: { message: string; code: string } };
    expect(err.message).toContain('Failed query: SELECT $1::int AS id');
    expect(err.message).not.toContain('params');
    expect(err.cause?.code).toBe('22P02');
    expect(err.cause?.message).toContain('[e-mail]');
  });

  it('holds no e-mail address, password or token anywhere', () => {
    const token = lines.at(-1)?.token as string;
    expect(token.length).toBeGreaterThan(20);
    expect(text).not.toContain(email);
    expect(text).not.toContain('ada.lovelace');
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
  });

  it('hides secrets and personal data in free text and errors', () => {
    expect(scrubText('mail to ada@farm.example failed')).toBe('mail to [e-mail] failed');
    expect(scrubText('token 0123456789abcdef0123456789abcdef0123 expired')).toBe('token [secret] expired');
    const error = Object.assign(new Error('Failed query: SELECT 1\nparams: ada@farm.example'), {
      query: 'SELECT $1',
      params: ['ada@farm.example'],
    });
    expect(JSON.stringify(safeError(error))).not.toContain('ada@farm.example');
  });
});

describe('closeGracefully', () => {
  it('finishes the requests under way, refuses new connections, then closes the database', async () => {
    const database = await openTestDatabase();
    const events: string[] = [];
    const tracked: Database = {
      ...database,
      close: async () => {
        events.push('database closed');
        await database.close();
      },
    };
    const app = await buildApp({ config: testConfig(), database: tracked });
    let release = () => {};
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
      const result = await database.db.execute<{ answer: number }>(sql`SELECT 42 AS answer`);
      events.push('slow request answered');
      return { answer: result.rows[0]?.answer };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const slow = fetch(`${url}/api/test/slow`).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
    await inside;
    const closed = closeGracefully(app, tracked).then(() => events.push('closed'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // While it drains, the server takes no new connection, and the database stays open.
    await expect(fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    expect(events).toEqual([]);
    release();
    expect(await slow).toEqual({ status: 200, body: { answer: 42 } });
    await closed;
    expect(events).toEqual(['slow request answered', 'database closed', 'closed']);
  }, 120_000);
});
