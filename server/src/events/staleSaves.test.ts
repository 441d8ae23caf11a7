import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import type { HoldingDetails, HoldingSaveRequest } from '@headland/domain/api/holdingsApi';
import type { PermissionsResponse } from '@headland/domain/api/permissionsApi';
import { HoldingRole, Role } from '@headland/domain/roles';
import { addMember, bearer, createUser, selectHolding, signIn, type TestUser } from '../testing/factories.ts';
import { gridSquare } from '../testing/fieldsFixtures.ts';
import { newHoldingPayload, seedHoldingReference } from '../testing/holdingsFixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

/**
 * Saves read at a version another user has since moved on (session-shell §8: 409 with Resources): the holding,
 * a membership, a setting, a field. Each answers 409 naming the record and who changed it, with no retry.
 */
let t: TestApp;
let anna: TestUser;
let ben: TestUser;
let carl: TestUser;
let holding: HoldingDetails;
/** Anna's and Ben's tokens with the holding open. */
let annaHeaders: { authorization: string };
let benHeaders: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedHoldingReference(t.db);
  anna = await createUser(t.db, { role: Role.Agronomist, firstName: 'Anna', lastName: 'Field' });
  ben = await createUser(t.db, { role: Role.Agronomist, firstName: 'Ben', lastName: 'Ridge' });
  carl = await createUser(t.db, { role: Role.Agronomist, firstName: 'Carl', lastName: 'Hedge' });
  const annaToken = await signIn(t.app, anna);
  const created = await t.app.inject({
    method: 'PUT',
    url: '/api/holdings/v1',
    headers: bearer(annaToken),
    payload: newHoldingPayload({ holding: { TradingName: 'Mill Farm' } }),
  });
  expect(created.statusCode, created.body).toBe(200);
  holding = created.json<HoldingDetails>();
  expect(holding.Version).toBe(1);
  await addMember(t.db, holding.HoldingId, ben.id, { holdingRole: HoldingRole.Owner });
  await addMember(t.db, holding.HoldingId, carl.id, { holdingRole: HoldingRole.Member });
  annaHeaders = bearer((await selectHolding(t.app, annaToken, holding.HoldingId)).token);
  benHeaders = bearer((await selectHolding(t.app, await signIn(t.app, ben), holding.HoldingId)).token);
});

afterAll(async () => {
  await t?.close();
});

function expectConflict(
  response: Awaited<ReturnType<TestApp['app']['inject']>>,
  resource: string,
  by: TestUser | null,
) {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.headers['x-omnia-retry']).toBe('No');
  expect(response.json()).toMatchObject({
    Resources: [resource],
    ChangedBy: by && { UserId: by.id, Name: by === anna ? 'Anna Field' : 'Ben Ridge', Self: false },
  });
}

describe('a stale holding save', () => {
  const payload = (name: string, version: number | undefined): HoldingSaveRequest => ({
    ...newHoldingPayload({ holding: { HoldingId: holding.HoldingId, TradingName: name, Version: version } }),
    firstCroppingYear: holding.CropYears[0],
    croppingYearId: holding.CropYears[0],
  });

  it('is refused with 409 naming the holding and the user who saved it first', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/holdings/v1',
      headers: annaHeaders,
      payload: payload('Mill Farm North', 1),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<HoldingDetails>().Version).toBe(2);

    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/holdings/v1',
      headers: benHeaders,
      payload: payload('Mill Farm South', 1),
    });
    expectConflict(stale, `holding:${holding.HoldingId}`, anna);

    const current = await t.app.inject({
      method: 'POST',
      url: '/api/holdings/v1',
      headers: benHeaders,
      payload: payload('Mill Farm South', 2),
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json<HoldingDetails>()).toMatchObject({ TradingName: 'Mill Farm South', Version: 3 });
  });
});

describe('a stale permissions save', () => {
  const read = async (headers: { authorization: string }) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/holdings/v1/permissions', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PermissionsResponse>();
  };
  const save = (headers: { authorization: string }, users: unknown[], year: number) =>
    t.app.inject({ method: 'POST', url: '/api/holdings/v1/permissions', headers, payload: { year, users } });

  it('is refused with 409 naming the membership and the owner who changed it first', async () => {
    const annaView = await read(annaHeaders);
    const benView = await read(benHeaders);
    const carlAsRead = benView.users.find((user) => user.userId === carl.id)!;
    expect(annaView.users.find((user) => user.userId === carl.id)!.version).toBe(carlAsRead.version);

    const first = await save(
      annaHeaders,
      [{ userId: carl.id, holdingRole: HoldingRole.RestrictedMember, version: carlAsRead.version }],
      annaView.year,
    );
    expect(first.statusCode, first.body).toBe(200);

    const stale = await save(
      benHeaders,
      [{ userId: carl.id, holdingRole: HoldingRole.Owner, version: carlAsRead.version }],
      benView.year,
    );
    expectConflict(stale, `member:${holding.HoldingId}:${carl.id}`, anna);
    const after = (await read(benHeaders)).users.find((user) => user.userId === carl.id)!;
    expect(after.holdingRole).toBe(HoldingRole.RestrictedMember);
    expect(after.version).toBe(carlAsRead.version + 1);
  });

  it('names the owner who removed the member meanwhile', async () => {
    const view = await read(benHeaders);
    const carlAsRead = view.users.find((user) => user.userId === carl.id)!;
    const removed = await save(
      annaHeaders,
      [{ userId: carl.id, delete: true, version: carlAsRead.version }],
      view.year,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const stale = await save(
      benHeaders,
      [{ userId: carl.id, holdingRole: HoldingRole.Member, version: carlAsRead.version }],
      view.year,
    );
    expectConflict(stale, `member:${holding.HoldingId}:${carl.id}`, anna);
  });
});

describe('a stale settings save', () => {
  const save = (headers: { authorization: string }, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/service/settings/save', headers, payload: body });
  const holdingWide = (value: string, version: number) => ({
    UserId: null,
    HoldingId: holding.HoldingId,
    Key: 'holding.reportLayout',
    Value: value,
    Version: version,
  });

  it('of a holding setting is refused with 409 naming who saved it first', async () => {
    const first = await save(annaHeaders, holdingWide('a', 0));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ Version: 1 });
    // Ben read none: Anna's is as new to him as a later version.
    const stale = await save(benHeaders, holdingWide('b', 0));
    const settingId = Number((stale.json<{ Resources: string[] }>().Resources[0] ?? '').split(':')[1]);
    expect(settingId).toBeGreaterThan(0);
    expectConflict(stale, `setting:${settingId}`, anna);

    expect((await save(benHeaders, holdingWide('b', 1))).json()).toEqual({ Version: 2 });
    expectConflict(await save(annaHeaders, holdingWide('c', 1)), `setting:${settingId}`, ben);
  });

  it("of the user's map settings saved meanwhile in another tab names the user themself", async () => {
    const own = (value: string, version: number) => ({
      UserId: anna.id,
      HoldingId: holding.HoldingId,
      Key: 'map.layers',
      Value: value,
      Version: version,
    });
    expect((await save(annaHeaders, own('{"a":1}', 0))).json()).toEqual({ Version: 1 });
    const stale = await save(annaHeaders, own('{"a":2}', 0));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().ChangedBy).toEqual({ UserId: anna.id, Name: 'Anna Field', Self: true });
    // Without a version the save replaces what is stored, as before.
    const unversioned = await save(annaHeaders, { ...own('{"a":3}', 0), Version: undefined });
    expect(unversioned.json()).toEqual({ Version: 2 });
  });
});

describe('a stale field save', () => {
  it('names the user whose save moved the field on', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/fields/v1',
      headers: annaHeaders,
      payload: { Name: 'Long Acre', Boundary: gridSquare(520_000, 300_000, 200), srid: 27700 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const field = created.json<FieldResponse>();
    const url = `/api/fields/v1/${field.FieldId}`;
    const first = await t.app.inject({
      method: 'PUT',
      url,
      headers: benHeaders,
      payload: { FieldNumber: 'B1', Version: field.Version },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await t.app.inject({
      method: 'PUT',
      url,
      headers: annaHeaders,
      payload: { FieldNumber: 'A1', Version: field.Version },
    });
    expectConflict(stale, `field:${field.FieldId}`, ben);
  });
});
