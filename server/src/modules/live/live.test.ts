import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CropId } from '@headland/domain/crops';
import { EventAction, Module } from '@headland/domain/enumerations';
import { defaultHoldingPermissions, withHoldingPermission } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import { recordEvent } from '../../events/recordEvent.ts';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  selectHolding,
  signIn,
} from '../../testing/factories.ts';
import { seedCropTable } from '../../testing/fieldsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { openNetworkSocket, openTestSocket } from '../../testing/liveSockets.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
}, 60_000);

afterAll(async () => {
  await test?.close();
});

interface Member {
  userId: number;
  token: string;
  sessionId: string;
  headers: { authorization: string };
}

async function join(holdingId: number, userId: number, email: string, password: string): Promise<Member> {
  const { token, body } = await selectHolding(
    test.app,
    await signIn(test.app, { email, password }),
    holdingId,
    2025,
  );
  return { userId, token, sessionId: body.SessionId, headers: bearer(token) };
}

async function farmWithTwo(options: { restrictSecond?: boolean } = {}) {
  const holding = await createHolding(test.db, { cropYears: [2024, 2025] });
  const owner = await createUser(test.db, { role: Role.Agronomist, firstName: 'Anna', lastName: 'Smith' });
  const other = await createUser(test.db, { role: Role.Agronomist, firstName: 'Ben', lastName: 'Jones' });
  await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
  await addMember(test.db, holding.id, other.id, {
    holdingRole: options.restrictSecond ? HoldingRole.RestrictedMember : HoldingRole.Member,
    restrictCroppingAccess: true,
  });
  return {
    holdingId: holding.id,
    a: await join(holding.id, owner.id, owner.email, owner.password!),
    b: await join(holding.id, other.id, other.email, other.password!),
  };
}

const socketOf = (member: Member) =>
  openTestSocket(test.app, { sessionId: member.sessionId, authToken: member.token });

describe('the live socket', () => {
  it('refuses an unknown token and a session the token is not bound to, closing as unauthorised', async () => {
    const farm = await farmWithTwo();
    const unknown = await openTestSocket(test.app, { sessionId: farm.a.sessionId, authToken: 'not-a-token' });
    expect(await unknown.closed()).toBe(4401);
    const wrongSession = await openTestSocket(test.app, {
      sessionId: farm.b.sessionId,
      authToken: farm.a.token,
    });
    expect(await wrongSession.closed()).toBe(4401);
  });

  it('answers 400 to a socket request without its query', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/ws/v1/connect?sessionId=x' });
    expect(response.statusCode).toBe(400);
  });

  it('sends the sessions on opening, and pushes a rename by A to B as an event', async () => {
    const farm = await farmWithTwo();
    const socketB = await socketOf(farm.b);
    const sessions = await socketB.next('sessions');
    const listed = sessions.Data as { UserId: number; CurrentSession: boolean }[];
    expect(listed[0]).toMatchObject({ UserId: farm.b.userId, CurrentSession: true });
    expect(listed.map((session) => session.UserId)).toContain(farm.a.userId);

    const created = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1',
      headers: farm.a.headers,
      payload: { Name: 'Mill Close', WholeArea: 4 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await test.app.inject({
      method: 'PUT',
      url: `/api/fields/v1/${created.json<{ FieldId: number }>().FieldId}`,
      headers: farm.a.headers,
      payload: { Name: 'Long Meadow' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const pushed = await socketB.next('events', (data) =>
      (data as { Events: { Action: string }[] }).Events.some((event) => event.Action === EventAction.Update),
    );
    expect(pushed.Data).toMatchObject({
      Events: [
        {
          Action: 'u',
          ObjectType: 'Field',
          Source: Module.Fields,
          Data: { Name: 'Long Meadow' },
          UserId: farm.a.userId,
        },
      ],
      Users: [{ UserId: farm.a.userId, FirstName: 'Anna', LastName: 'Smith' }],
    });
    socketB.close();
  });

  it('stores the state a client sends and tells the other sessions which module it is in', async () => {
    const farm = await farmWithTwo();
    const socketA = await socketOf(farm.a);
    const socketB = await socketOf(farm.b);
    await socketA.next('sessions');
    socketB.send({ Type: 'setSessionState', Data: { clientState: { moduleId: Module.Fields } } });
    const update = await socketA.next('sessions', (data) =>
      (data as { UserId: number; ClientState: { moduleId?: number } | null }[]).some(
        (session) => session.UserId === farm.b.userId && session.ClientState?.moduleId === Module.Fields,
      ),
    );
    expect(update).toBeDefined();
    socketA.close();
    socketB.close();
  });

  it('ignores a client message its schema refuses, and goes on reading the next', async () => {
    const farm = await farmWithTwo();
    const socketA = await socketOf(farm.a);
    const socketB = await socketOf(farm.b);
    await socketA.next('sessions');
    socketB.send({ Type: 'setSessionState', Data: { clientState: { moduleId: 'fields' } } });
    socketB.send({ Type: 'dropHolding', Data: { clientState: { moduleId: Module.Soil } } });
    socketB.send('not an object');
    socketB.send({ Type: 'setSessionState', Data: { clientState: { moduleId: Module.Fields } } });
    await socketA.next('sessions', (data) =>
      (data as { UserId: number; ClientState: { moduleId?: number } | null }[]).some(
        (session) => session.UserId === farm.b.userId && session.ClientState?.moduleId === Module.Fields,
      ),
    );
    const states = socketA.messages
      .filter((message) => message.Type === 'sessions')
      .flatMap((message) => message.Data as { UserId: number; ClientState: unknown }[])
      .filter((session) => session.UserId === farm.b.userId)
      .map((session) => session.ClientState);
    expect(states).not.toContainEqual({ moduleId: 'fields' });
    expect(states).not.toContainEqual({ moduleId: Module.Soil });
    const [stored] = await sqlRows<{ client_state: unknown }>(
      test.db,
      sql`SELECT client_state FROM sessions WHERE id = ${farm.b.sessionId}`,
    );
    expect(stored?.client_state).toEqual({ moduleId: Module.Fields });
    socketA.close();
    socketB.close();
  });

  it('drops messages past its rate and closes a flooding socket with 1008, writing only a few', async () => {
    const farm = await farmWithTwo();
    const flooder = await socketOf(farm.b);
    await flooder.next('sessions');
    for (let index = 1; index <= 5000; index++) {
      flooder.send({ Type: 'setSessionState', Data: { clientState: { moduleId: index } } });
    }
    expect(await flooder.closed(10_000)).toBe(1008);
    // Let the accepted writes finish, then see which was the last stored.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [row] = await sqlRows<{ module_id: number | null }>(
      test.db,
      sql`SELECT (client_state->>'moduleId')::int AS module_id FROM sessions WHERE id = ${farm.b.sessionId}`,
    );
    expect(row!.module_id).toBeGreaterThan(0);
    expect(row!.module_id).toBeLessThanOrEqual(40);
    // The session itself stays usable: a new socket is accepted.
    const again = await socketOf(farm.b);
    await again.next('sessions');
    again.close();
  });

  it('takes a tab whose page went away (socket closed with 1001) out of the active sessions at once', async () => {
    const farm = await farmWithTwo();
    const socketA = await socketOf(farm.a);
    await socketA.next('sessions');
    const baseUrl = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const socketB = await openNetworkSocket(baseUrl, {
      sessionId: farm.b.sessionId,
      authToken: farm.b.token,
    });
    socketB.close(1001);
    const update = await socketA.next('sessions', (data) =>
      (data as { UserId: number }[]).every((session) => session.UserId !== farm.b.userId),
    );
    expect(update).toBeDefined();
    socketA.close();
  });

  it('keeps events of croppings hidden from a restricted member off their socket', async () => {
    const farm = await farmWithTwo({ restrictSecond: true });
    const [field] = await sqlRows<{ id: number }>(
      test.db,
      sql`INSERT INTO fields (holding_id, name) VALUES (${farm.holdingId}, 'North') RETURNING id`,
    );
    const cropping = async () => {
      const [row] = await sqlRows<{ id: number }>(
        test.db,
        sql`INSERT INTO croppings (holding_id, field_id, year_id, crop_id, area)
            VALUES (${farm.holdingId}, ${field!.id}, 2025, ${CropId.WinterWheat}, 2) RETURNING id`,
      );
      return row!.id;
    };
    const hidden = await cropping();
    const visible = await cropping();
    await test.db.execute(sql`
      INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
      VALUES (${farm.holdingId}, ${farm.b.userId}, ${hidden}, false)`);
    const socketA = await socketOf(farm.a);
    const socketB = await socketOf(farm.b);
    // Each socket hears events once the server has found its caller, which its first sessions message shows.
    await socketA.next('sessions');
    await socketB.next('sessions');
    for (const croppingId of [hidden, visible]) {
      await test.db.transaction((tx) =>
        recordEvent(
          tx,
          { userId: farm.a.userId, holdingId: farm.holdingId, sessionId: farm.a.sessionId },
          {
            action: EventAction.Update,
            source: Module.Fields,
            objectType: 'Cropping',
            data: { CroppingId: croppingId, Crop: 'Winter wheat', Field: 'North' },
          },
        ),
      );
    }
    const croppingIds = (socket: typeof socketA) =>
      socket.messages
        .filter((message) => message.Type === 'events')
        .flatMap((message) => (message.Data as { Events: { Data: { CroppingId: number } }[] }).Events)
        .map((event) => event.Data.CroppingId);
    await socketA.next('events', (data) => JSON.stringify(data).includes(`"CroppingId":${visible}`));
    await socketB.next('events', (data) => JSON.stringify(data).includes(`"CroppingId":${visible}`));
    expect(croppingIds(socketA)).toEqual([hidden, visible]);
    expect(croppingIds(socketB)).toEqual([visible]);
    socketA.close();
    socketB.close();
  });

  it('closes the socket of a member removed from the holding', async () => {
    const farm = await farmWithTwo();
    const socketB = await socketOf(farm.b);
    await socketB.next('sessions');
    const removed = await test.app.inject({
      method: 'POST',
      url: '/api/holdings/v1/permissions',
      headers: farm.a.headers,
      payload: { year: 2025, users: [{ userId: farm.b.userId, delete: true }] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await socketB.closed()).toBe(4401);
  });
});

describe('what a member may read', () => {
  it('leaves events of a module the member may not read out of the socket and the heartbeat', async () => {
    const holding = await createHolding(test.db, {
      cropYears: [2025],
      features: { perHoldingPermissions: true },
    });
    const owner = await createUser(test.db, { role: Role.Agronomist });
    const member = await createUser(test.db, { role: Role.Agronomist });
    await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    await addMember(test.db, holding.id, member.id, {
      holdingRole: HoldingRole.Member,
      holdingPermissions: withHoldingPermission(defaultHoldingPermissions(Role.Agronomist), 'main.fields', {
        read: false,
        write: false,
      }),
    });
    const a = await join(holding.id, owner.id, owner.email, owner.password!);
    const b = await join(holding.id, member.id, member.email, member.password!);
    const socketB = await socketOf(b);
    await socketB.next('sessions');
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1',
      headers: a.headers,
      payload: { Name: 'Private Close', WholeArea: 2 },
    });
    expect(created.statusCode, created.body).toBe(201);
    // A holding-wide event after it: once it has arrived, the field's would have too.
    await test.db.transaction((tx) =>
      recordEvent(
        tx,
        { userId: a.userId, holdingId: holding.id, sessionId: a.sessionId },
        { action: EventAction.Update, source: Module.Holding, objectType: 'Holding', data: { Name: 'x' } },
      ),
    );
    await socketB.next('events', (data) => JSON.stringify(data).includes('"ObjectType":"Holding"'));
    expect(JSON.stringify(socketB.messages)).not.toContain('Private Close');
    const beat = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1',
      headers: b.headers,
      payload: {},
    });
    const types = beat
      .json<{ Events: { Events: { ObjectType: string }[] } }>()
      .Events.Events.map((e) => e.ObjectType);
    expect(types).toEqual(['Holding']);
    socketB.close();
  });
});

describe('the notification call and the beacons', () => {
  it('stores the tab state sent by notification and lists it in the heartbeat of others', async () => {
    const farm = await farmWithTwo();
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/notification',
      headers: farm.b.headers,
      payload: { clientState: { moduleId: Module.Fields, activity: { action: 'edit', data: null } } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const beat = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1',
      headers: farm.a.headers,
      payload: {},
    });
    const session = beat
      .json<{ Sessions: { UserId: number; ClientState: unknown }[] }>()
      .Sessions.find((entry) => entry.UserId === farm.b.userId);
    expect(session?.ClientState).toMatchObject({ moduleId: Module.Fields });
  });

  it('takes a closed tab out of the active sessions at once, and a reload brings it back', async () => {
    const farm = await farmWithTwo();
    const listedUsers = async () =>
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/session/v1',
          headers: farm.a.headers,
          payload: {},
        })
      )
        .json<{ Sessions: { UserId: number }[] }>()
        .Sessions.map((session) => session.UserId);
    expect(await listedUsers()).toContain(farm.b.userId);
    const beacon = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/disconnect',
      payload: { token: farm.b.token, data: { sessionId: farm.b.sessionId } },
    });
    expect(beacon.statusCode, beacon.body).toBe(200);
    expect(await listedUsers()).not.toContain(farm.b.userId);
    // The same tab reloading beats again with its kept token.
    await test.app.inject({ method: 'POST', url: '/api/session/v1', headers: farm.b.headers, payload: {} });
    expect(await listedUsers()).toContain(farm.b.userId);
  });

  it('takes a tab that missed one heartbeat (3 minutes, and a minute of grace) out of the active sessions', async () => {
    const farm = await farmWithTwo();
    const listed = async () =>
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/session/v1',
          headers: farm.a.headers,
          payload: {},
        })
      )
        .json<{ Sessions: { UserId: number }[] }>()
        .Sessions.some((session) => session.UserId === farm.b.userId);
    const lastSeen = (ago: string) =>
      test.db.execute(
        sql`UPDATE sessions SET last_seen = now() - ${ago}::interval WHERE id = ${farm.b.sessionId}`,
      );
    await lastSeen('2 minutes 50 seconds');
    expect(await listed()).toBe(true);
    await lastSeen('4 minutes 5 seconds');
    expect(await listed()).toBe(false);
  });

  it('refuses a beacon with an unknown token (401) or without its data (400)', async () => {
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/disconnect',
      payload: { token: 'nope' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ AuthError: true });
    const farm = await farmWithTwo();
    const empty = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/error',
      payload: { token: farm.a.token, data: { message: '' } },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors[0].Field).toBe('data.message');
  });

  it('keeps uncaught browser errors, at most 20 per session in ten minutes', async () => {
    const farm = await farmWithTwo();
    for (let index = 0; index < 25; index++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/session/v1/error',
        payload: { token: farm.a.token, data: { message: `TypeError ${index}`, line: 3, url: '/fields' } },
      });
      expect(response.statusCode).toBe(200);
    }
    const [stored] = await sqlRows<{ count: number; first: string }>(
      test.db,
      sql`SELECT count(*)::int AS count, min(message) AS first FROM client_errors WHERE session_id = ${farm.a.sessionId}`,
    );
    expect(stored).toEqual({ count: 20, first: 'TypeError 0' });
  });
});
