import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Module } from '@headland/domain/enumerations';
import { defaultHoldingPermissions, withHoldingPermission } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  selectHolding,
  signIn,
  type TestHolding,
  type TestUser,
} from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';

let t: TestApp;
let farm: TestHolding;
let otherFarm: TestHolding;
let owner: TestUser;
let readOnlyMember: TestUser;
let admin: TestUser;
let ownerToken: string;
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp();
  farm = await createHolding(t.db, { features: { perHoldingPermissions: true } });
  otherFarm = await createHolding(t.db);
  owner = await createUser(t.db, { role: Role.Agronomist });
  readOnlyMember = await createUser(t.db, { role: Role.Agronomist });
  admin = await createUser(t.db, { role: Role.Admin });
  await addMember(t.db, farm.id, owner.id, { holdingRole: HoldingRole.Owner });
  await addMember(t.db, otherFarm.id, owner.id, { holdingRole: HoldingRole.Owner });
  await addMember(t.db, farm.id, readOnlyMember.id, {
    holdingRole: HoldingRole.Member,
    holdingPermissions: withHoldingPermission(defaultHoldingPermissions(Role.Agronomist), 'main.holdings', {
      read: true,
      write: false,
    }),
  });
  ownerToken = (await selectHolding(t.app, await signIn(t.app, owner), farm.id)).token;
  memberToken = (await selectHolding(t.app, await signIn(t.app, readOnlyMember), farm.id)).token;
});

afterAll(async () => {
  await t?.close();
});

const save = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/service/settings/save',
    headers: bearer(token),
    payload: payload as object,
  });

async function stored(key: string) {
  return sqlRows<{ holding_id: number | null; user_id: number | null; value: string | null }>(
    t.db,
    sql`SELECT holding_id, user_id, value FROM settings WHERE key = ${key} ORDER BY id`,
  );
}

describe('POST /api/service/settings/save', () => {
  it("inserts and then replaces the caller's own setting for the open holding", async () => {
    const first = await save(ownerToken, {
      UserId: owner.id,
      HoldingId: farm.id,
      Key: 'map.layers',
      Value: '{"a":1}',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ Version: 1 });
    expect(
      (await save(ownerToken, { UserId: owner.id, HoldingId: farm.id, Key: 'map.layers', Value: '{"a":2}' }))
        .statusCode,
    ).toBe(200);
    expect(await stored('map.layers')).toEqual([
      { holding_id: farm.id, user_id: owner.id, value: '{"a":2}' },
    ]);
    const events = await sqlRows<{
      action: string;
      source: number;
      object_type: string;
      holding_id: number | null;
    }>(
      t.db,
      sql`SELECT action, source, object_type, holding_id FROM events WHERE user_id = ${owner.id} AND data->>'Key' = 'map.layers'`,
    );
    // A personal preference is recorded without a holding, so it notifies nobody on the holding.
    expect(events).toEqual([
      { action: 'u', source: Module.UserAccount, object_type: 'Setting', holding_id: null },
      { action: 'u', source: Module.UserAccount, object_type: 'Setting', holding_id: null },
    ]);
  });

  it('saves a global setting of the caller without any holding open', async () => {
    const signInToken = await signIn(t.app, readOnlyMember);
    expect(
      (await save(signInToken, { UserId: readOnlyMember.id, HoldingId: null, Key: 'language', Value: 'fr' }))
        .statusCode,
    ).toBe(200);
    expect(await stored('language')).toEqual([{ holding_id: null, user_id: readOnlyMember.id, value: 'fr' }]);
  });

  it("refuses another user's setting and a holding that is not open", async () => {
    const otherUser = await save(ownerToken, {
      UserId: readOnlyMember.id,
      HoldingId: farm.id,
      Key: 'k',
      Value: 'v',
    });
    expect(otherUser.statusCode).toBe(403);
    expect(otherUser.json().Message).toBe('You can only save your own settings.');
    const notOpen = await save(ownerToken, {
      UserId: owner.id,
      HoldingId: otherFarm.id,
      Key: 'k',
      Value: 'v',
    });
    expect(notOpen.statusCode).toBe(403);
    expect(notOpen.json().Message).toBe('Settings can only be saved for the holding you have open.');
    expect(await stored('k')).toEqual([]);
  });

  it('lets an owner save a holding-wide setting, with an Event on the holding', async () => {
    const response = await save(ownerToken, {
      UserId: null,
      HoldingId: farm.id,
      Key: 'holding.units',
      Value: 'metric',
    });
    expect(response.statusCode).toBe(200);
    expect(await stored('holding.units')).toEqual([{ holding_id: farm.id, user_id: null, value: 'metric' }]);
    const [event] = await sqlRows<{ source: number; holding_id: number; data: Record<string, unknown> }>(
      t.db,
      sql`SELECT source, holding_id, data FROM events WHERE data->>'Key' = 'holding.units'`,
    );
    expect(event).toEqual({
      source: Module.Holding,
      holding_id: farm.id,
      data: { Key: 'holding.units', HoldingId: farm.id, UserId: null },
    });
  });

  it('refuses a holding-wide setting to a member whose holding permissions are read-only', async () => {
    const response = await save(memberToken, {
      UserId: null,
      HoldingId: farm.id,
      Key: 'holding.colours',
      Value: 'x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().Message).toBe('You do not have permission to change this holding.');
    expect(await stored('holding.colours')).toEqual([]);
    // Their own setting on the holding is fine.
    const own = await save(memberToken, {
      UserId: readOnlyMember.id,
      HoldingId: farm.id,
      Key: 'holding.colours',
      Value: 'x',
    });
    expect(own.statusCode).toBe(200);
  });

  it('keeps settings for everyone to administrators', async () => {
    const refused = await save(ownerToken, { UserId: null, HoldingId: null, Key: 'everyone', Value: 'v' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe('Only an administrator can save settings for everyone.');
    const allowed = await save(await signIn(t.app, admin), {
      UserId: null,
      HoldingId: null,
      Key: 'everyone',
      Value: 'v',
    });
    expect(allowed.statusCode).toBe(200);
    expect(await stored('everyone')).toEqual([{ holding_id: null, user_id: null, value: 'v' }]);
  });

  it('names missing and mistyped fields', async () => {
    const response = await save(ownerToken, { UserId: 'me', Key: '', Value: 5 });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ Errors: { Field: string }[] }>().Errors.map((error) => error.Field);
    expect(fields).toEqual(expect.arrayContaining(['UserId', 'HoldingId', 'Key', 'Value']));
  });

  it('hands saved settings back when the holding is opened', async () => {
    const { body } = await selectHolding(t.app, await signIn(t.app, owner), farm.id);
    expect(body.Settings).toEqual(
      expect.arrayContaining([
        { HoldingId: farm.id, UserId: owner.id, Key: 'map.layers', Value: '{"a":2}', Version: 2 },
        expect.objectContaining({ HoldingId: farm.id, UserId: null, Key: 'holding.units', Value: 'metric' }),
      ]),
    );
    expect(body.Settings.map((setting) => setting.Key)).not.toContain('language');
  });
});
