import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CroppingResponse } from '@headland/domain/api/fieldsApi';
import type {
  PermissionsResponse,
  PermissionsUser,
  SavePermissionsUser,
} from '@headland/domain/api/permissionsApi';
import { CropId } from '@headland/domain/crops';
import { EventAction, Module } from '@headland/domain/enumerations';
import {
  defaultHoldingPermissions,
  holdingPermissionFeatures,
  permissionAvailability,
  permissionCell,
  withHoldingPermission,
  withPermissionCell,
  type HoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  selectHolding,
  signIn,
  signInToHolding,
} from '../../testing/factories.ts';
import { seedCropTable } from '../../testing/fieldsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
});

afterAll(async () => {
  await test?.close();
});

type Headers = { authorization: string };

interface Farm {
  holdingId: number;
  owner: Headers;
  ownerId: number;
  member: Headers;
  memberId: number;
  restricted: Headers;
  restrictedId: number;
  /** Cropping ids by name: wheat and barley are listed; the others are left out of the Cropping tab. */
  croppings: Record<
    'wheat' | 'barley' | 'uncropped' | 'nonFarmed' | 'woodland' | 'setAside' | 'lastYear',
    number
  >;
}

async function insertField(holdingId: number, name: string, group: string | null): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    test.db,
    sql`INSERT INTO fields (holding_id, name, field_group) VALUES (${holdingId}, ${name}, ${group}) RETURNING id`,
  );
  return row!.id;
}

async function insertCropping(
  holdingId: number,
  fieldId: number,
  cropId: number,
  yearId = 2025,
): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    test.db,
    sql`INSERT INTO croppings (holding_id, field_id, year_id, crop_id, area)
        VALUES (${holdingId}, ${fieldId}, ${yearId}, ${cropId}, 3.456) RETURNING id`,
  );
  return row!.id;
}

/** A holding with an owner, a member and a restricted member, each signed in on 2025, and some croppings. */
async function createFarm(
  features: Record<string, boolean> = { perHoldingPermissions: true },
): Promise<Farm> {
  const holding = await createHolding(test.db, { cropYears: [2024, 2025], features });
  const owner = await createUser(test.db, { role: Role.Agronomist, firstName: 'Olive', lastName: 'Owner' });
  const member = await createUser(test.db, { role: Role.Client, firstName: 'Mark', lastName: 'Member' });
  const restricted = await createUser(test.db, { role: Role.Agronomist, firstName: '', lastName: '' });
  await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
  await addMember(test.db, holding.id, member.id, { holdingRole: HoldingRole.Member });
  await addMember(test.db, holding.id, restricted.id, { holdingRole: HoldingRole.RestrictedMember });
  const north = await insertField(holding.id, 'North', 'Arable');
  const south = await insertField(holding.id, 'South', null);
  const croppings = {
    wheat: await insertCropping(holding.id, north, CropId.WinterWheat),
    barley: await insertCropping(holding.id, south, CropId.SpringBarley),
    uncropped: await insertCropping(holding.id, south, CropId.Uncropped),
    nonFarmed: await insertCropping(holding.id, south, CropId.NonFarmedArea),
    woodland: await insertCropping(holding.id, south, CropId.Woodland),
    setAside: await insertCropping(holding.id, south, CropId.SetAside),
    lastYear: await insertCropping(holding.id, north, CropId.WinterWheat, 2024),
  };
  return {
    holdingId: holding.id,
    owner: bearer(await signInToHolding(test.app, owner, holding.id, 2025)),
    ownerId: owner.id,
    member: bearer(await signInToHolding(test.app, member, holding.id, 2025)),
    memberId: member.id,
    restricted: bearer(await signInToHolding(test.app, restricted, holding.id, 2025)),
    restrictedId: restricted.id,
    croppings,
  };
}

async function getPermissions(headers: Headers, year?: number): Promise<PermissionsResponse> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/holdings/v1/permissions${year ? `?year=${year}` : ''}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PermissionsResponse>();
}

function save(headers: Headers, users: SavePermissionsUser[], year = 2025) {
  return test.app.inject({
    method: 'POST',
    url: '/api/holdings/v1/permissions',
    headers,
    payload: { year, users },
  });
}

async function saved(headers: Headers, users: SavePermissionsUser[]): Promise<PermissionsUser[]> {
  const response = await save(headers, users);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ users: PermissionsUser[] }>().users;
}

const userOf = (users: readonly PermissionsUser[], userId: number) =>
  users.find((user) => user.userId === userId)!;

async function storedMembership(holdingId: number, userId: number) {
  const [row] = await sqlRows<{ holding_role: number; holding_permissions: HoldingPermissions | null }>(
    test.db,
    sql`SELECT holding_role, holding_permissions FROM holding_users WHERE holding_id = ${holdingId} AND user_id = ${userId}`,
  );
  return row ?? null;
}

describe('reading the users and permissions', () => {
  it('gives an owner every user, the invitations, the default permissions and the listed croppings', async () => {
    const farm = await createFarm();
    await test.db.execute(sql`
      INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
      VALUES (${farm.holdingId}, ${farm.restrictedId}, ${farm.croppings.barley}, false)`);
    const body = await getPermissions(farm.owner);

    expect(body.canManage).toBe(true);
    expect(body.year).toBe(2025);
    expect(body.users.map((user) => user.holdingRole).sort()).toEqual([
      HoldingRole.Member,
      HoldingRole.Owner,
      HoldingRole.RestrictedMember,
    ]);
    const owner = userOf(body.users, farm.ownerId);
    expect(owner.displayName).toBe('Olive Owner');
    const restricted = userOf(body.users, farm.restrictedId);
    // No name: the e-mail address stands in.
    expect(restricted.displayName).toBe(restricted.email);
    expect(restricted.restrictCroppingAccess).toBe(true);
    // Only the withheld croppings are listed: a cropping without an entry is authorised (§3).
    expect(restricted.croppingPermissions).toEqual([
      { croppingId: farm.croppings.barley, authorized: false },
    ]);
    expect(userOf(body.users, farm.memberId).croppingPermissions).toEqual([]);
    // A restricted member never has Business Production, whatever the defaults say.
    expect(restricted.holdingPermissions.main.businessProduction).toEqual({ read: false, write: false });
    expect(userOf(body.users, farm.memberId).holdingPermissions).toEqual(
      body.defaultPermissions.find(
        (entry) => entry.userRole === Role.Client && entry.holdingRole === HoldingRole.Member,
      )!.holdingPermissions,
    );

    // §5.2: crop id 0, non-farmed area, woodland and hidden crops are not listed; nor is another year.
    expect(body.croppings.map((cropping) => cropping.croppingId)).toEqual([
      farm.croppings.wheat,
      farm.croppings.barley,
    ]);
    expect(body.croppings[0]).toMatchObject({
      fieldName: 'North',
      fieldGroup: 'Arable',
      cropId: CropId.WinterWheat,
      area: 3.46,
    });
    const lastYear = await getPermissions(farm.owner, 2024);
    expect(lastYear.croppings.map((cropping) => cropping.croppingId)).toEqual([farm.croppings.lastYear]);
  });

  it("lists a restricted member's withheld croppings of the year only, and each member's own permissions", async () => {
    const farm = await createFarm();
    const other = await createUser(test.db, { role: Role.Client, firstName: 'Nell', lastName: 'Narrow' });
    const narrow = withPermissionCell(defaultHoldingPermissions(Role.Client), 'main.fields', 'view');
    await addMember(test.db, farm.holdingId, other.id, {
      holdingRole: HoldingRole.Member,
      holdingPermissions: narrow,
    });
    for (const croppingId of [farm.croppings.lastYear, farm.croppings.setAside, farm.croppings.barley]) {
      await test.db.execute(sql`
        INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
        VALUES (${farm.holdingId}, ${farm.restrictedId}, ${croppingId}, false)`);
    }
    await test.db.execute(sql`
      INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
      VALUES (${farm.holdingId}, ${farm.restrictedId}, ${farm.croppings.wheat}, true)`);
    const body = await getPermissions(farm.owner);
    // Another year's cropping and a cropping that is not listed are left out; an authorised one needs no entry.
    expect(userOf(body.users, farm.restrictedId).croppingPermissions).toEqual([
      { croppingId: farm.croppings.barley, authorized: false },
    ]);
    // Two clients on the same holding role, one on the defaults and one with saved permissions.
    expect(permissionCell(userOf(body.users, other.id).holdingPermissions, 'main.fields')).toBe('view');
    expect(permissionCell(userOf(body.users, farm.memberId).holdingPermissions, 'main.fields')).toBe('edit');
  });

  it('gives a member the grid read-only: no invitations, croppings or cropping authorisations', async () => {
    const farm = await createFarm();
    for (const headers of [farm.member, farm.restricted]) {
      const body = await getPermissions(headers);
      expect(body.canManage).toBe(false);
      expect(body.users).toHaveLength(3);
      expect(body.invites).toEqual([]);
      expect(body.croppings).toEqual([]);
      expect(body.users.every((user) => user.croppingPermissions.length === 0)).toBe(true);
      expect(
        body.users.filter((user) => user.userId !== body.currentUserId).map((u) => u.userPermissions),
      ).toEqual([null, null]);
    }
  });

  it('refuses a caller without a holding session', async () => {
    const user = await createUser(test.db);
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/permissions',
      headers: bearer(await signIn(test.app, user)),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('who may save', () => {
  it('refuses a member saving for another user', async () => {
    const farm = await createFarm();
    const response = await save(farm.member, [
      { userId: farm.restrictedId, holdingRole: HoldingRole.Member },
    ]);
    expect(response.statusCode).toBe(403);
    expect(response.json().Message).toBe(
      'Only an owner of this holding can change the access of other users.',
    );
    expect((await storedMembership(farm.holdingId, farm.restrictedId))!.holding_role).toBe(
      HoldingRole.RestrictedMember,
    );
  });

  it.each([
    ['become an owner', { holdingRole: HoldingRole.Owner }],
    ['remove themselves', { delete: true }],
  ])('refuses a member trying to %s', async (_, change) => {
    const farm = await createFarm();
    const response = await save(farm.member, [{ userId: farm.memberId, ...change }]);
    expect(response.statusCode).toBe(403);
    expect(response.json().Message).toBe('You can only change your own role to restricted member.');
  });

  it('lets a member switch to restricted member, then the role call signs them out', async () => {
    const farm = await createFarm();
    const users = await saved(farm.member, [
      {
        userId: farm.memberId,
        holdingRole: HoldingRole.RestrictedMember,
        // A member's own permission edits are not theirs to make: ignored.
        holdingPermissions: withHoldingPermission(defaultHoldingPermissions(Role.Client), 'main.holdings', {
          read: true,
          write: true,
        }),
      },
    ]);
    const self = userOf(users, farm.memberId);
    expect(self.holdingRole).toBe(HoldingRole.RestrictedMember);
    expect(self.holdingPermissions.main.businessProduction).toEqual({ read: false, write: false });
    expect(self.holdingPermissions.main.holdings.write).toBe(false);

    const role = await test.app.inject({
      method: 'POST',
      url: '/api/holdings/v1/permissions/role/restricted',
      headers: farm.member,
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json()).toBe(true);
    const after = await test.app.inject({
      method: 'GET',
      url: '/api/session/v1/login',
      headers: farm.member,
    });
    expect(after.statusCode).toBe(401);
  });

  it('switches a member to restricted member through the role call alone, recording the event', async () => {
    const farm = await createFarm();
    // The token is cached by a first request, as in real use.
    await getPermissions(farm.member);
    const role = await test.app.inject({
      method: 'POST',
      url: '/api/holdings/v1/permissions/role/restricted',
      headers: farm.member,
    });
    expect(role.statusCode).toBe(200);
    const membership = await storedMembership(farm.holdingId, farm.memberId);
    expect(membership!.holding_role).toBe(HoldingRole.RestrictedMember);
    const fields = await test.app.inject({ method: 'GET', url: '/api/fields/v1', headers: farm.member });
    expect(fields.statusCode).toBe(401);
    const [event] = await sqlRows<{ action: string; source: number; object_type: string }>(
      test.db,
      sql`SELECT action, source, object_type FROM events WHERE holding_id = ${farm.holdingId} AND user_id = ${farm.memberId}`,
    );
    expect(event).toEqual({
      action: EventAction.Update,
      source: Module.UserAccount,
      object_type: 'HoldingUser',
    });
  });

  it.each([
    ['the role call', 'role'],
    ['a save', 'save'],
  ])('never hands out rights by a switch to restricted member through %s', async (_, how) => {
    const farm = await createFarm();
    // A client who owns no holding and has no saved permissions only reads this holding.
    const client = await createUser(test.db, { role: Role.Client });
    await addMember(test.db, farm.holdingId, client.id, { holdingRole: HoldingRole.Member });
    const before = await selectHolding(test.app, await signIn(test.app, client), farm.holdingId, 2025);
    expect(before.body.Permissions.fields).toMatchObject({ read: true, write: false });
    const headers = bearer(before.token);
    if (how === 'role') {
      const role = await test.app.inject({
        method: 'POST',
        url: '/api/holdings/v1/permissions/role/restricted',
        headers,
      });
      expect(role.statusCode).toBe(200);
    } else {
      await saved(headers, [{ userId: client.id, holdingRole: HoldingRole.RestrictedMember }]);
    }
    expect(await storedMembership(farm.holdingId, client.id)).toEqual({
      holding_role: HoldingRole.RestrictedMember,
      holding_permissions: null,
    });
    const after = await selectHolding(test.app, await signIn(test.app, client), farm.holdingId, 2025);
    expect(after.body.HoldingRole).toBe('RestrictedMember');
    expect(after.body.Permissions.fields).toMatchObject({ read: true, write: false });
    expect(after.body.Permissions.production).toMatchObject({ read: false, write: false });
  });

  it('refuses the last owner the switch to restricted member', async () => {
    const farm = await createFarm();
    const role = await test.app.inject({
      method: 'POST',
      url: '/api/holdings/v1/permissions/role/restricted',
      headers: farm.owner,
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().Message).toMatch(/at least one owner/);
    expect((await storedMembership(farm.holdingId, farm.ownerId))!.holding_role).toBe(HoldingRole.Owner);
  });

  it('lets an administrator who is no member manage the holding and undo a restricted switch', async () => {
    const farm = await createFarm();
    const admin = await createUser(test.db, { role: Role.Admin });
    const headers = bearer(await signInToHolding(test.app, admin, farm.holdingId, 2025));
    expect((await getPermissions(headers)).canManage).toBe(true);
    const users = await saved(headers, [{ userId: farm.restrictedId, holdingRole: HoldingRole.Member }]);
    expect(userOf(users, farm.restrictedId).holdingRole).toBe(HoldingRole.Member);
  });
});

describe('owners keep the holding owned', () => {
  it.each([
    ['demote', { holdingRole: HoldingRole.Member }, 400, /at least one owner/],
    ['remove', { delete: true }, 400, /cannot remove yourself/],
  ])('refuses to %s the last owner', async (_, change, status, message) => {
    const farm = await createFarm();
    const response = await save(farm.owner, [{ userId: farm.ownerId, ...change }]);
    expect(response.statusCode).toBe(status);
    expect(response.json().Message).toMatch(message);
    expect((await storedMembership(farm.holdingId, farm.ownerId))!.holding_role).toBe(HoldingRole.Owner);
  });

  it('lets an owner step down once another user is made owner in the same save', async () => {
    const farm = await createFarm();
    const users = await saved(farm.owner, [
      { userId: farm.memberId, holdingRole: HoldingRole.Owner },
      { userId: farm.ownerId, holdingRole: HoldingRole.Member },
    ]);
    expect(userOf(users, farm.memberId).holdingRole).toBe(HoldingRole.Owner);
    expect(userOf(users, farm.ownerId).holdingRole).toBe(HoldingRole.Member);
    // The former owner now sees the grid read-only.
    expect((await getPermissions(farm.owner)).canManage).toBe(false);
  });

  it('refuses to remove another owner without changing their role first', async () => {
    const farm = await createFarm();
    await saved(farm.owner, [{ userId: farm.memberId, holdingRole: HoldingRole.Owner }]);
    const response = await save(farm.owner, [{ userId: farm.memberId, delete: true }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('An owner cannot be removed: change their role first.');
  });

  it.each([
    ['a user who is not a member', (farm: Farm) => [{ userId: farm.ownerId + 100_000 }], /is not a member/],
    [
      'the same user twice',
      (farm: Farm) => [{ userId: farm.memberId }, { userId: farm.memberId }],
      /listed twice/,
    ],
  ])('refuses a save naming %s', async (_, users, message) => {
    const farm = await createFarm();
    const response = await save(farm.owner, users(farm));
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toMatch(message);
  });
});

describe('the dependency rules hold on the server', () => {
  // Soil taken away: every save below changes something, so that what is stored can be checked too.
  const base = () =>
    withHoldingPermission(defaultHoldingPermissions(Role.Client), 'main.soil', { read: false, write: false });

  it.each<
    [string, (p: HoldingPermissions) => HoldingPermissions, (p: HoldingPermissions) => unknown, unknown]
  >([
    [
      'Halo audit needs spray plans read',
      (p) =>
        withHoldingPermission(
          withHoldingPermission(p, 'main.sprayPlans', { read: false, write: false }),
          'main.sprayPlans.haloAudit',
          {
            enabled: true,
          },
        ),
      (p) => p.main.sprayPlans.haloAudit.enabled,
      false,
    ],
    [
      'write without read is cleared',
      (p) => withHoldingPermission(p, 'main.fields', { read: false, write: true }),
      (p) => p.main.fields,
      { read: false, write: false },
    ],
    [
      'financial flags without read are cleared',
      (p) => withHoldingPermission(p, 'main.stocks', { read: false, write: true, financialData: true }),
      (p) => p.main.stocks,
      { read: false, write: false, financialData: false },
    ],
    [
      'stocks write brings financial data',
      (p) => withHoldingPermission(p, 'main.stocks', { read: true, write: true, financialData: false }),
      (p) => p.main.stocks,
      { read: true, write: true, financialData: true },
    ],
    [
      'nothing beyond the account role (a client reads holdings only)',
      (p) => withHoldingPermission(p, 'main.holdings', { read: true, write: true }),
      (p) => p.main.holdings,
      { read: true, write: false },
    ],
    [
      'scouting needs the holding’s scouting link',
      (p) => withHoldingPermission(p, 'scouting.appAccess', { enabled: true }),
      (p) => p.scouting.appAccess.enabled,
      false,
    ],
  ])('%s', async (_, edit, pick, expected) => {
    const farm = await createFarm();
    const users = await saved(farm.owner, [{ userId: farm.memberId, holdingPermissions: edit(base()) }]);
    expect(pick(userOf(users, farm.memberId).holdingPermissions)).toEqual(expected);
    const stored = await storedMembership(farm.holdingId, farm.memberId);
    expect(pick(stored!.holding_permissions!)).toEqual(expected);
  });

  it('keeps Halo audit where the holding audits spray plans and the role may audit', async () => {
    const farm = await createFarm({ perHoldingPermissions: true, sprayAudit: true });
    const agronomist = defaultHoldingPermissions(Role.Agronomist);
    const withAudit = withHoldingPermission(agronomist, 'main.sprayPlans.haloAudit', { enabled: true });
    const users = await saved(farm.owner, [{ userId: farm.restrictedId, holdingPermissions: withAudit }]);
    expect(userOf(users, farm.restrictedId).holdingPermissions.main.sprayPlans.haloAudit.enabled).toBe(true);
  });

  it('clears Halo audit where the holding has no audit feature', async () => {
    const farm = await createFarm();
    const withAudit = withHoldingPermission(
      defaultHoldingPermissions(Role.Agronomist),
      'main.sprayPlans.haloAudit',
      {
        enabled: true,
      },
    );
    const users = await saved(farm.owner, [{ userId: farm.restrictedId, holdingPermissions: withAudit }]);
    expect(userOf(users, farm.restrictedId).holdingPermissions.main.sprayPlans.haloAudit.enabled).toBe(false);
  });

  it('clears Business Production when a member becomes a restricted member', async () => {
    const farm = await createFarm();
    const owner = await createUser(test.db, { role: Role.Agronomist });
    await addMember(test.db, farm.holdingId, owner.id, {
      holdingRole: HoldingRole.Member,
      holdingPermissions: defaultHoldingPermissions(Role.Agronomist),
    });
    expect(
      (await storedMembership(farm.holdingId, owner.id))!.holding_permissions!.main.businessProduction.read,
    ).toBe(true);
    const users = await saved(farm.owner, [{ userId: owner.id, holdingRole: HoldingRole.RestrictedMember }]);
    expect(userOf(users, owner.id).holdingPermissions.main.businessProduction).toEqual({
      read: false,
      write: false,
    });
    expect(
      (await storedMembership(farm.holdingId, owner.id))!.holding_permissions!.main.businessProduction,
    ).toEqual({
      read: false,
      write: false,
    });
  });

  it('narrows the member’s session at once', async () => {
    // The holding validation is read under the fields right alone (the fields list is open to map-layer readers too).
    const farm = await createFarm();
    const before = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/validation',
      headers: farm.member,
    });
    expect(before.statusCode).toBe(200);
    await saved(farm.owner, [
      {
        userId: farm.memberId,
        holdingPermissions: withHoldingPermission(base(), 'main.fields', { read: false, write: false }),
      },
    ]);
    const after = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/validation',
      headers: farm.member,
    });
    expect(after.statusCode).toBe(403);
  });
});

describe("nothing beyond what the holding's owners have", () => {
  /** An owner with the Access role (no stocks, fields or soil; climate view only) and two members. */
  async function createAccessFarm() {
    const holding = await createHolding(test.db, {
      cropYears: [2025],
      features: { perHoldingPermissions: true, sprayAudit: true, scoutingLink: true },
    });
    const owner = await createUser(test.db, { role: Role.Access, firstName: 'Ada', lastName: 'Access' });
    const manager = await createUser(test.db, { role: Role.Manager, firstName: 'Max', lastName: 'Manager' });
    const client = await createUser(test.db, { role: Role.Client, firstName: 'Cleo', lastName: 'Client' });
    await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    await addMember(test.db, holding.id, manager.id, { holdingRole: HoldingRole.Member });
    await addMember(test.db, holding.id, client.id, { holdingRole: HoldingRole.Member });
    return { holdingId: holding.id, owner, manager, client };
  }

  it('answers what the owners have, narrows the members by it and shows it Not available', async () => {
    const farm = await createAccessFarm();
    const body = await getPermissions(
      bearer(await signInToHolding(test.app, farm.owner, farm.holdingId, 2025)),
    );
    const owner = body.ownerPermissions!;
    expect(permissionCell(owner, 'main.stocks')).toBeNull();
    expect(permissionCell(owner, 'main.climate')).toBe('view');
    expect(permissionCell(owner, 'main.holdings')).toBe('edit');
    expect(permissionCell(owner, 'main.mapLayers')).toBe('edit');
    expect(permissionCell(owner, 'scouting.appAccess')).toBe('notAvailable');

    const manager = userOf(body.users, farm.manager.id);
    const cells = (permissions: HoldingPermissions) =>
      ['main.stocks', 'main.fields', 'main.climate', 'main.mapLayers', 'main.exports', 'main.reports'].map(
        (id) => permissionCell(permissions, id as 'main.stocks'),
      );
    expect(cells(manager.holdingPermissions)).toEqual([
      null,
      null,
      'view',
      'edit',
      'available',
      'notAvailable',
    ]);
    const managerDefaults = body.defaultPermissions.find(
      (entry) => entry.userRole === Role.Manager && entry.holdingRole === HoldingRole.Member,
    )!;
    expect(managerDefaults.holdingPermissions).toEqual(manager.holdingPermissions);
    // The owner's own column is not narrowed by itself.
    expect(permissionCell(userOf(body.users, farm.owner.id).holdingPermissions, 'main.mapLayers')).toBe(
      'edit',
    );

    const unavailable = holdingPermissionFeatures
      .filter(
        (feature) =>
          !permissionAvailability(feature.id, Role.Manager, HoldingRole.Member, body.holdingFeatures, {
            permissions: manager.holdingPermissions,
            ownerPermissions: body.ownerPermissions,
          }).available,
      )
      .map((feature) => feature.id);
    expect(unavailable).toContain('main.stocks');
    expect(unavailable).toContain('main.fields');
    expect(unavailable).toContain('scouting.appAccess');
    expect(unavailable).not.toContain('main.climate');
  });

  it('gives an owner with every right the members as their roles allow', async () => {
    const farm = await createFarm();
    const body = await getPermissions(farm.owner);
    expect(body.ownerPermissions).not.toBeNull();
    expect(userOf(body.users, farm.memberId).holdingPermissions.main).toEqual(
      defaultHoldingPermissions(Role.Client).main,
    );
  });

  it('clears on save what the owner lacks and caps what the owner only views', async () => {
    const farm = await createAccessFarm();
    const owner = bearer(await signInToHolding(test.app, farm.owner, farm.holdingId, 2025));
    // Exports turned off, so that the save is an explicit grant rather than the role's defaults.
    const wanted = withPermissionCell(
      defaultHoldingPermissions(Role.Manager),
      'main.exports',
      'notAvailable',
    );
    expect(permissionCell(wanted, 'main.stocks')).toBe('editFinancial');
    const users = await saved(owner, [{ userId: farm.manager.id, holdingPermissions: wanted }]);
    for (const permissions of [
      userOf(users, farm.manager.id).holdingPermissions,
      (await storedMembership(farm.holdingId, farm.manager.id))!.holding_permissions!,
    ]) {
      expect(permissions.main.stocks).toEqual({ read: false, write: false, financialData: false });
      expect(permissions.main.fields).toEqual({ read: false, write: false });
      expect(permissions.main.climate).toEqual({ read: true, write: false });
      expect(permissions.main.mapLayers).toEqual({ read: true, write: true });
      expect(permissions.scouting.appAccess).toEqual({ enabled: false });
    }
  });

  it('narrows the sessions of members on their role defaults', async () => {
    const farm = await createAccessFarm();
    const { body } = await selectHolding(
      test.app,
      await signIn(test.app, farm.manager),
      farm.holdingId,
      2025,
    );
    expect(body.Permissions.stocks).toMatchObject({ read: false, write: false });
    expect(body.Permissions.fields).toMatchObject({ read: false, write: false });
    expect(body.Permissions.climate).toMatchObject({ read: true, write: false });
    expect(body.Permissions.mapLayers).toMatchObject({ read: true, write: true });
    const fields = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/validation',
      headers: bearer(body.Token),
    });
    expect(fields.statusCode).toBe(403);
  });

  it('widens every member’s session at once when a new owner has more', async () => {
    const farm = await createAccessFarm();
    const owner = bearer(await signInToHolding(test.app, farm.owner, farm.holdingId, 2025));
    const client = bearer(await signInToHolding(test.app, farm.client, farm.holdingId, 2025));
    const before = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/validation',
      headers: client,
    });
    expect(before.statusCode).toBe(403);
    await saved(owner, [{ userId: farm.manager.id, holdingRole: HoldingRole.Owner }]);
    const after = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/validation',
      headers: client,
    });
    expect(after.statusCode).toBe(200);
    const body = await getPermissions(owner);
    expect(permissionCell(body.ownerPermissions!, 'main.stocks')).toBe('editFinancial');
    expect(permissionCell(userOf(body.users, farm.client.id).holdingPermissions, 'main.fields')).toBe('edit');
  });
});

describe('removing a user', () => {
  it('ends the removed user’s access to the holding at once', async () => {
    const farm = await createFarm();
    await test.db.execute(sql`
      INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
      VALUES (${farm.holdingId}, ${farm.restrictedId}, ${farm.croppings.wheat}, false)`);
    // A first request caches the caller, as in real use.
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/fields/v1', headers: farm.restricted })).statusCode,
    ).toBe(200);

    const users = await saved(farm.owner, [{ userId: farm.restrictedId, delete: true }]);
    expect(users.map((user) => user.userId)).not.toContain(farm.restrictedId);

    for (const url of ['/api/fields/v1', '/api/croppings/v1', '/api/holdings/v1/permissions']) {
      const response = await test.app.inject({ method: 'GET', url, headers: farm.restricted });
      expect([401, 403], `${url} ${response.statusCode}`).toContain(response.statusCode);
    }
    expect(await storedMembership(farm.holdingId, farm.restrictedId)).toBeNull();
    const [left] = await sqlRows<{ permissions: number; open_sessions: number }>(
      test.db,
      sql`SELECT (SELECT count(*)::int FROM cropping_permissions WHERE holding_id = ${farm.holdingId} AND user_id = ${farm.restrictedId}) AS permissions,
                 (SELECT count(*)::int FROM sessions WHERE holding_id = ${farm.holdingId} AND user_id = ${farm.restrictedId} AND ended_at IS NULL) AS open_sessions`,
    );
    expect(left).toEqual({ permissions: 0, open_sessions: 0 });
    const [event] = await sqlRows<{ action: string; source: number; data: { UserId: number } }>(
      test.db,
      sql`SELECT action, source, data FROM events WHERE holding_id = ${farm.holdingId} AND action = 'd'`,
    );
    expect(event).toMatchObject({
      action: EventAction.Delete,
      source: Module.Holding,
      data: { UserId: farm.restrictedId },
    });
  });
});

describe('cropping access of restricted members', () => {
  it('saves the authorisations of the year and narrows the member at once', async () => {
    const farm = await createFarm();
    const listed = async () => {
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/croppings/v1',
        headers: farm.restricted,
      });
      expect(response.statusCode).toBe(200);
      return response.json<CroppingResponse[]>().map((cropping) => cropping.CroppingId);
    };
    expect(await listed()).toContain(farm.croppings.barley);

    const users = await saved(farm.owner, [
      {
        userId: farm.restrictedId,
        croppingPermissions: [
          { croppingId: farm.croppings.wheat, authorized: true },
          { croppingId: farm.croppings.barley, authorized: false },
        ],
      },
    ]);
    expect(userOf(users, farm.restrictedId).croppingPermissions).toEqual([
      { croppingId: farm.croppings.barley, authorized: false },
    ]);
    expect(await listed()).not.toContain(farm.croppings.barley);
    expect(await listed()).toContain(farm.croppings.wheat);

    // 'Access any cropping' lifts the restriction without losing the saved choices.
    await saved(farm.owner, [{ userId: farm.restrictedId, restrictCroppingAccess: false }]);
    expect(await listed()).toContain(farm.croppings.barley);
    const again = await saved(farm.owner, [{ userId: farm.restrictedId, restrictCroppingAccess: true }]);
    expect(userOf(again, farm.restrictedId).croppingPermissions).toContainEqual({
      croppingId: farm.croppings.barley,
      authorized: false,
    });
  });

  it('refuses croppings of another holding or year', async () => {
    const farm = await createFarm();
    const other = await createFarm();
    for (const croppingId of [other.croppings.wheat, farm.croppings.lastYear]) {
      const response = await save(farm.owner, [
        { userId: farm.restrictedId, croppingPermissions: [{ croppingId, authorized: false }] },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().Message).toBe(
        `Cropping #${croppingId} is not a cropping of this holding in 2025.`,
      );
    }
  });

  it('ignores cropping authorisations sent for users without restricted cropping access', async () => {
    const farm = await createFarm();
    await saved(farm.owner, [
      {
        userId: farm.memberId,
        croppingPermissions: [{ croppingId: farm.croppings.wheat, authorized: false }],
      },
    ]);
    const [row] = await sqlRows<{ count: number }>(
      test.db,
      sql`SELECT count(*)::int AS count FROM cropping_permissions WHERE user_id = ${farm.memberId}`,
    );
    expect(row!.count).toBe(0);
  });

  it('records one Event per changed user and none for unchanged ones', async () => {
    const farm = await createFarm();
    const before = await getPermissions(farm.owner);
    await saved(farm.owner, [
      { userId: farm.memberId, holdingPermissions: userOf(before.users, farm.memberId).holdingPermissions },
      { userId: farm.restrictedId, holdingRole: HoldingRole.Member },
    ]);
    const events = await sqlRows<{ data: { UserId: number }; source: number }>(
      test.db,
      sql`SELECT data, source FROM events WHERE holding_id = ${farm.holdingId} AND object_type = 'HoldingUser'`,
    );
    expect(events).toEqual([
      { data: expect.objectContaining({ UserId: farm.restrictedId }), source: Module.Holding },
    ]);
  });
});
