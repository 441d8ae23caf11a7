import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HoldingRole, Role } from '@headland/domain/roles';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  selectHolding,
  signIn,
} from '../../testing/factories.ts';
import { createTestApp, testConfig, type TestApp } from '../../testing/testApp.ts';
import { openTestSocket } from '../../testing/liveSockets.ts';

/**
 * Two servers on one PostgreSQL database, as behind a load balancer (session-shell §4). Runs in CI's PostgreSQL
 * leg (TEST_DATABASE_URL); the embedded database serves one process only, so there is no second server to test.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('several servers on one database', () => {
  let first: TestApp;
  let secondDatabase: Database;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await createTestApp();
    const url = (first.database as { url?: string }).url;
    if (!url) throw new Error('the PostgreSQL test database names no URL');
    secondDatabase = await openDatabase({ url });
    second = await buildApp({ config: testConfig(), database: secondDatabase });
    await second.ready();
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  async function farm() {
    const holding = await createHolding(first.db, { cropYears: [2025] });
    const owner = await createUser(first.db, { role: Role.Agronomist });
    const member = await createUser(first.db, { role: Role.Agronomist });
    await addMember(first.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    await addMember(first.db, holding.id, member.id, { holdingRole: HoldingRole.Member });
    // The owner works through the first server, the member through the second.
    const a = await selectHolding(first.app, await signIn(first.app, owner), holding.id, 2025);
    const b = await selectHolding(second, await signIn(second, member), holding.id, 2025);
    return {
      holdingId: holding.id,
      memberId: member.id,
      a,
      b,
      headersA: bearer(a.token),
      headersB: bearer(b.token),
    };
  }

  it('pushes an edit made through one server to a socket on the other', async () => {
    const { a, b, headersA } = await farm();
    const socket = await openTestSocket(second, { sessionId: b.body.SessionId, authToken: b.token });
    await socket.next('sessions');
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/fields/v1',
      headers: headersA,
      payload: { Name: 'Mill Close', WholeArea: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pushed = await socket.next('events');
    expect(pushed.Data).toMatchObject({
      Events: [
        { Action: 'c', ObjectType: 'Field', SessionId: a.body.SessionId, Data: { Name: 'Mill Close' } },
      ],
    });
    socket.close();
  });

  it('ends a removed member’s access on the other server at once, socket included', async () => {
    const { b, headersA, headersB, memberId } = await farm();
    const socket = await openTestSocket(second, { sessionId: b.body.SessionId, authToken: b.token });
    await socket.next('sessions');
    // A first call caches the member on the second server, as in real use (for 5 s).
    expect(
      (await second.inject({ method: 'GET', url: '/api/fields/v1', headers: headersB })).statusCode,
    ).toBe(200);

    const removed = await first.app.inject({
      method: 'POST',
      url: '/api/holdings/v1/permissions',
      headers: headersA,
      payload: { year: 2025, users: [{ userId: memberId, delete: true }] },
    });
    expect(removed.statusCode, removed.body).toBe(200);

    // Far quicker than the cache's 5 s: only the message between the servers can make it so.
    const started = Date.now();
    let status = 200;
    while (Date.now() - started < 1500) {
      status = (await second.inject({ method: 'GET', url: '/api/fields/v1', headers: headersB })).statusCode;
      if (status !== 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect([401, 403]).toContain(status);
    expect(await socket.closed()).toBe(4401);
  });

  it('drops the year lists the other server keeps for a holding whose data changed', async () => {
    const { headersA, headersB } = await farm();
    const listed = await second.inject({ method: 'GET', url: '/api/fields/v1', headers: headersB });
    expect(listed.statusCode).toBe(200);
    const kept = second.keptLists.size.lists;
    expect(kept).toBeGreaterThan(0);
    await first.app.inject({
      method: 'POST',
      url: '/api/fields/v1',
      headers: headersA,
      payload: { Name: 'New Ground', WholeArea: 1 },
    });
    const started = Date.now();
    while (second.keptLists.size.lists >= kept && Date.now() - started < 1500) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(second.keptLists.size.lists).toBeLessThan(kept);
  });
});
