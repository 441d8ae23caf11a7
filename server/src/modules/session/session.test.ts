import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HeartbeatResponse,
  SelectHoldingResponse,
  SessionStartResponse,
} from '@headland/domain/api/sessionApi';
import { EventAction, Module, SessionType } from '@headland/domain/enumerations';
import { defaultHoldingPermissions, withHoldingPermission } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import { recordEvent } from '../../events/recordEvent.ts';
import {
  addMember,
  bearer,
  createHolding,
  createTown,
  createUser,
  publishTerms,
  selectHolding,
  signIn,
  signInToHolding,
  type TestHolding,
  type TestUser,
} from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { currentHarvestYear } from './session.service.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { hashToken } from '../../auth/tokens.ts';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let restricted: TestUser;
let fixedClient: TestUser;
let agronomist: TestUser;
let outsider: TestUser;
let greenacre: TestHolding;
let hillTop: TestHolding;
let valley: TestHolding;
let brook: TestHolding;
const bulk: TestHolding[] = [];

const readOnlyHoldings = (role: Role) =>
  withHoldingPermission(defaultHoldingPermissions(role), 'main.holdings', { read: true, write: false });

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  await publishTerms(db, 1, 'The terms of use.');
  const ashby = await createTown(db, 'Ashby');
  admin = await createUser(db, { role: Role.Admin });
  owner = await createUser(db, { role: Role.Client, firstName: 'Olive', lastName: 'Owner' });
  member = await createUser(db, { role: Role.Agronomist, firstName: 'Mark', lastName: 'Member' });
  restricted = await createUser(db, { role: Role.Client, firstName: 'Rita', lastName: 'Restricted' });
  fixedClient = await createUser(db, { role: Role.Client });
  agronomist = await createUser(db, { role: Role.Agronomist });
  outsider = await createUser(db, { role: Role.Client });

  greenacre = await createHolding(db, {
    tradingName: 'Greenacre Farm',
    cropYears: [2022, 2023, 2024],
    features: { perHoldingPermissions: true },
  });
  hillTop = await createHolding(db, { tradingName: 'Hill Top', townId: ashby, cropYears: [2025] });
  valley = await createHolding(db, {
    tradingName: 'Valley Farm',
    agronomistId: agronomist.id,
    cropYears: [2019, 2020],
  });
  brook = await createHolding(db, { tradingName: 'Brook Farm', cropYears: [2024, 2025] });
  await addMember(db, greenacre.id, owner.id, { holdingRole: HoldingRole.Owner });
  await addMember(db, greenacre.id, member.id, {
    holdingRole: HoldingRole.Member,
    holdingPermissions: readOnlyHoldings(Role.Agronomist),
  });
  await addMember(db, greenacre.id, restricted.id, { holdingRole: HoldingRole.RestrictedMember });
  await addMember(db, hillTop.id, fixedClient.id, { holdingRole: HoldingRole.Member });
  await addMember(db, brook.id, agronomist.id, { holdingRole: HoldingRole.Member });
  for (let index = 0; index < 21; index++) {
    bulk.push(await createHolding(db, { tradingName: `Bulk Holding ${String(index).padStart(2, '0')}` }));
  }
});

afterAll(async () => {
  await t?.close();
});

async function start(token: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/session/v1/start', headers: bearer(token), payload });
}

const holdingIds = (body: SessionStartResponse) => body.Holdings.map((holding) => holding.HoldingId);
const years = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('POST /api/session/v1/start', () => {
  it('gives an owner their holdings, the years from their earliest crop year, the terms and no fixed list', async () => {
    const response = await start(await signIn(t.app, owner));
    expect(response.statusCode).toBe(200);
    const body = response.json<SessionStartResponse>();
    expect(body.User).toMatchObject({
      Id: owner.id,
      Email: owner.email,
      FirstName: 'Olive',
      Role: Role.Client,
    });
    expect(holdingIds(body)).toEqual([greenacre.id]);
    expect(body.Holdings[0]).toEqual({
      HoldingId: greenacre.id,
      TradingName: 'Greenacre Farm',
      AgronomistId: null,
      TownId: null,
      Town: null,
      Region: null,
      BusinessId: null,
      Business: null,
      CropYears: [2022, 2023, 2024],
      Satellite: false,
    });
    expect(body.CroppingYears).toEqual(years(2022, currentHarvestYear() + 1));
    expect(body.FixedHoldingList).toBe(false);
    // The only holding is the initial one when nothing was used before.
    expect(body.InitialHolding?.HoldingId).toBe(greenacre.id);
    expect(body.BingMaps).toEqual({ Key: process.env.BING_MAPS_KEY || null });
    expect(body.MustAcceptTermsAndConditions).toBe(false);
    expect(body.TermsAndConditions).toEqual({ Version: 1, Text: 'The terms of use.' });
  });

  it('gives a member without a holding of their own a fixed list of exactly their memberships', async () => {
    const body = (await start(await signIn(t.app, fixedClient))).json<SessionStartResponse>();
    expect(holdingIds(body)).toEqual([hillTop.id]);
    expect(body.Holdings[0]).toMatchObject({ Town: 'Ashby', TownId: expect.any(Number) });
    expect(body.FixedHoldingList).toBe(true);
  });

  it('lists an agronomist their memberships and the holdings they are agronomist of, and opens the last used one', async () => {
    const token = await signIn(t.app, agronomist);
    const first = (await start(token)).json<SessionStartResponse>();
    expect(holdingIds(first).sort()).toEqual([valley.id, brook.id].sort());
    expect(first.FixedHoldingList).toBe(false);
    expect(first.InitialHolding).toBeNull();
    expect(first.CroppingYears[0]).toBe(2019);

    await selectHolding(t.app, token, valley.id);
    expect((await start(token)).json<SessionStartResponse>().InitialHolding?.HoldingId).toBe(valley.id);
    await selectHolding(t.app, token, brook.id);
    expect((await start(token)).json<SessionStartResponse>().InitialHolding?.HoldingId).toBe(brook.id);
    // An allowed initial holding wins over the last used one.
    const chosen = (await start(token, { initialHoldingId: valley.id })).json<SessionStartResponse>();
    expect(chosen.InitialHolding?.HoldingId).toBe(valley.id);
  });

  it('ignores an initial holding the user may not open', async () => {
    const body = (
      await start(await signIn(t.app, owner), { initialHoldingId: hillTop.id })
    ).json<SessionStartResponse>();
    expect(body.InitialHolding?.HoldingId).toBe(greenacre.id);
    expect(holdingIds(body)).not.toContain(hillTop.id);
  });

  it('gives a user without holdings nothing to open and the years from 2015', async () => {
    const body = (await start(await signIn(t.app, outsider))).json<SessionStartResponse>();
    expect(body.Holdings).toEqual([]);
    expect(body.InitialHolding).toBeNull();
    expect(body.CroppingYears).toEqual(years(2015, currentHarvestYear() + 1));
  });

  it('gives an admin at most 20 recent holdings plus the initial one, most recently used first', async () => {
    const token = await signIn(t.app, admin);
    await selectHolding(t.app, token, hillTop.id);
    const recent = (await start(token)).json<SessionStartResponse>();
    expect(recent.Holdings).toHaveLength(20);
    expect(recent.Holdings[0]!.HoldingId).toBe(hillTop.id);
    expect(recent.FixedHoldingList).toBe(false);
    expect(recent.CroppingYears[0]).toBe(2019);

    const listed = new Set(holdingIds(recent));
    const unlisted = [greenacre, valley, brook, ...bulk].find((holding) => !listed.has(holding.id))!;
    const withInitial = (await start(token, { initialHoldingId: unlisted.id })).json<SessionStartResponse>();
    expect(withInitial.Holdings).toHaveLength(21);
    expect(withInitial.InitialHolding?.HoldingId).toBe(unlisted.id);
    expect(holdingIds(withInitial)).toContain(unlisted.id);
  });

  it('accepts a start without a body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1/start',
      headers: bearer(await signIn(t.app, owner)),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses fields of the wrong type, naming them', async () => {
    const token = await signIn(t.app, owner);
    const response = await start(token, { initialHoldingId: 'first', acceptedInviteId: 12 });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ Errors: { Field: string }[] }>().Errors.map((error) => error.Field);
    expect(fields).toEqual(expect.arrayContaining(['initialHoldingId', 'acceptedInviteId']));
  });
});

describe('POST /api/session/v1/holdings/select', () => {
  async function select(token: string, payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/session/v1/holdings/select',
      headers: bearer(token),
      payload,
    });
  }

  it('answers 404 for a holding that does not exist and 403 for one the user may not open', async () => {
    const token = await signIn(t.app, owner);
    const missing = await select(token, { holdingId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toBe('This holding does not exist.');
    const other = await select(token, { holdingId: hillTop.id });
    expect(other.statusCode).toBe(403);
    expect(other.json().Message).toBe('You do not have access to this holding.');
  });

  it('opens the last crop year by default and refuses a year the holding does not have', async () => {
    const token = await signIn(t.app, owner);
    expect((await selectHolding(t.app, token, greenacre.id)).body.YearId).toBe(2024);
    expect((await selectHolding(t.app, token, greenacre.id, 2022)).body.YearId).toBe(2022);
    const wrongYear = await select(token, { holdingId: greenacre.id, yearId: 2021 });
    expect(wrongYear.statusCode).toBe(400);
    expect(wrongYear.json().Message).toBe('2021 is not a crop year of this holding.');
  });

  it('names fields of the wrong type', async () => {
    const response = await select(await signIn(t.app, owner), {
      holdingId: 'Greenacre',
      reuseSession: 'yes',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ Errors: { Field: string }[] }>().Errors.map((error) => error.Field);
    expect(fields).toEqual(expect.arrayContaining(['holdingId', 'reuseSession']));
  });

  it('issues a new token bound to a new holding session', async () => {
    const signInToken = await signIn(t.app, member);
    const { token, body } = await selectHolding(t.app, signInToken, greenacre.id);
    expect(token).not.toBe(signInToken);
    const [session] = await sqlRows<{
      holding_id: number;
      year_id: number;
      session_type: number;
      user_id: number;
    }>(
      t.db,
      sql`SELECT s.holding_id, s.year_id, s.session_type, s.user_id FROM sessions s
            JOIN access_tokens a ON a.session_id = s.id WHERE s.id = ${body.SessionId}`,
    );
    expect(session).toEqual({
      holding_id: greenacre.id,
      year_id: 2024,
      session_type: SessionType.Omnia,
      user_id: member.id,
    });
    // The holding token reaches holding routes; the sign-in token does not.
    const withHolding = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1',
      headers: bearer(token),
      payload: {},
    });
    expect(withHolding.statusCode).toBe(200);
    const withoutHolding = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1',
      headers: bearer(signInToken),
      payload: {},
    });
    expect(withoutHolding.statusCode).toBe(403);
    expect(withoutHolding.json().Message).toBe('Select a holding first.');
  });

  it('describes the holding, its users, the member role and permissions narrowed by the holding', async () => {
    const { body } = await selectHolding(t.app, await signIn(t.app, member), greenacre.id);
    expect(body.Holding.HoldingId).toBe(greenacre.id);
    expect(body.CustomBasemaps).toEqual([]);
    expect(body.Role).toBe(Role.Agronomist);
    expect(body.HoldingRole).toBe('Member');
    expect(body.ReadOnly).toBe(false);
    expect(body.Users).toEqual([
      expect.objectContaining({ UserId: member.id, FirstName: 'Mark', HoldingRole: 'Member' }),
      expect.objectContaining({ UserId: owner.id, HoldingRole: 'Owner' }),
      expect.objectContaining({ UserId: restricted.id, HoldingRole: 'RestrictedMember' }),
    ]);
    expect(body.Permissions.holdings).toEqual({ read: true, write: false });
    expect(body.Permissions.currentHolding).toEqual({ read: true, write: false });
    expect(body.Permissions.fields).toEqual({ read: true, write: true });
    expect(body.AccessRestrictions).toEqual({
      RestrictCroppingAccess: false,
      CroppingIds: [],
      Partner: false,
    });
  });

  it('gives a restricted member the croppings they are authorised on', async () => {
    const [field] = await sqlRows<{ id: number }>(
      t.db,
      sql`INSERT INTO fields (holding_id, name) VALUES (${greenacre.id}, 'Long Meadow') RETURNING id`,
    );
    await t.db.execute(sql`INSERT INTO crops (id, name, category, colour) VALUES (0, 'Not set', 0, '{0,0,0}')
      ON CONFLICT DO NOTHING`);
    const croppings = await sqlRows<{ id: number }>(
      t.db,
      sql`INSERT INTO croppings (holding_id, field_id, year_id)
          VALUES (${greenacre.id}, ${field!.id}, 2024), (${greenacre.id}, ${field!.id}, 2024),
                 (${greenacre.id}, ${field!.id}, 2024) RETURNING id`,
    );
    await t.db.execute(sql`INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
      VALUES (${greenacre.id}, ${restricted.id}, ${croppings[0]!.id}, true),
             (${greenacre.id}, ${restricted.id}, ${croppings[1]!.id}, false)`);
    const { body } = await selectHolding(t.app, await signIn(t.app, restricted), greenacre.id);
    expect(body.HoldingRole).toBe('RestrictedMember');
    // A cropping without an entry is authorised as well; only the one denied is left out.
    expect(body.AccessRestrictions).toEqual({
      RestrictCroppingAccess: true,
      CroppingIds: [croppings[0]!.id, croppings[2]!.id],
      Partner: false,
    });
    expect(body.Permissions.production).toEqual({ read: false, write: false });
  });

  it("keeps a deleted cropping's events from the restricted members it was hidden from", async () => {
    const [field] = await sqlRows<{ id: number }>(
      t.db,
      sql`INSERT INTO fields (holding_id, name) VALUES (${greenacre.id}, 'Far Ley') RETURNING id`,
    );
    const [hidden, open] = await sqlRows<{ id: number }>(
      t.db,
      sql`INSERT INTO croppings (holding_id, field_id, year_id)
          VALUES (${greenacre.id}, ${field!.id}, 2024), (${greenacre.id}, ${field!.id}, 2024) RETURNING id`,
    );
    await t.db.execute(sql`INSERT INTO cropping_permissions (holding_id, user_id, cropping_id, authorized)
      VALUES (${greenacre.id}, ${restricted.id}, ${hidden!.id}, false)`);
    const actor = { userId: owner.id, holdingId: greenacre.id, sessionId: null };
    const eventOf = (croppingId: number) =>
      recordEvent(t.db, actor, {
        action: EventAction.Delete,
        source: Module.Fields,
        objectType: 'Cropping',
        data: { CroppingId: croppingId },
      });
    const hiddenEvent = await eventOf(hidden!.id);
    const openEvent = await eventOf(open!.id);
    // The cropping rows go, and their permission entries with them.
    await t.db.execute(sql`DELETE FROM croppings WHERE id IN (${hidden!.id}, ${open!.id})`);

    const seen = async (user: TestUser) => {
      const { body } = await selectHolding(t.app, await signIn(t.app, user), greenacre.id);
      return body.Events.Events.map((event) => event.Id);
    };
    const byRestricted = await seen(restricted);
    expect(byRestricted).toContain(openEvent);
    expect(byRestricted).not.toContain(hiddenEvent);
    expect(await seen(owner)).toEqual(expect.arrayContaining([hiddenEvent, openEvent]));
  });

  it("returns the user's settings for the holding, their global ones and the holding-wide ones only", async () => {
    await t.db.execute(sql`INSERT INTO settings (holding_id, user_id, key, value) VALUES
      (${greenacre.id}, ${owner.id}, 'mine-here', 'a'),
      (NULL, ${owner.id}, 'mine-everywhere', 'b'),
      (${greenacre.id}, NULL, 'holding-wide', 'c'),
      (${greenacre.id}, ${member.id}, 'someone-else', 'd'),
      (${brook.id}, ${owner.id}, 'other-holding', 'e')`);
    const { body } = await selectHolding(t.app, await signIn(t.app, owner), greenacre.id);
    expect(body.Settings).toEqual([
      { HoldingId: greenacre.id, UserId: null, Key: 'holding-wide', Value: 'c', Version: 1 },
      { HoldingId: null, UserId: owner.id, Key: 'mine-everywhere', Value: 'b', Version: 1 },
      { HoldingId: greenacre.id, UserId: owner.id, Key: 'mine-here', Value: 'a', Version: 1 },
    ]);
  });

  it('lists active sessions: current first, then own, then non-admins before admins; scouting and stale ones hidden', async () => {
    const adminSession = (await selectHolding(t.app, await signIn(t.app, admin), greenacre.id)).body
      .SessionId;
    const memberSession = (await selectHolding(t.app, await signIn(t.app, member), greenacre.id)).body
      .SessionId;
    const ownSession = (await selectHolding(t.app, await signIn(t.app, owner), greenacre.id)).body.SessionId;
    const [scouting] = await sqlRows<{ id: string }>(
      t.db,
      sql`INSERT INTO sessions (user_id, holding_id, year_id, session_type)
          VALUES (${member.id}, ${greenacre.id}, 2024, ${SessionType.FieldScout}) RETURNING id`,
    );
    const [stale] = await sqlRows<{ id: string }>(
      t.db,
      sql`INSERT INTO sessions (user_id, holding_id, year_id, last_seen)
          VALUES (${member.id}, ${greenacre.id}, 2024, now() - interval '1 hour') RETURNING id`,
    );

    const { body } = await selectHolding(t.app, await signIn(t.app, owner), greenacre.id);
    const ids = body.Sessions.map((session) => session.SessionId);
    expect(ids).not.toContain(scouting!.id);
    expect(ids).not.toContain(stale!.id);
    const known = ids.filter((id) => [body.SessionId, ownSession, memberSession, adminSession].includes(id));
    expect(known).toEqual([body.SessionId, ownSession, memberSession, adminSession]);
    expect(body.Sessions[0]).toMatchObject({
      SessionId: body.SessionId,
      CurrentSession: true,
      UserId: owner.id,
      UserName: 'Olive Owner',
      SessionType: SessionType.Omnia,
    });
    expect(body.Sessions.filter((session) => session.CurrentSession)).toHaveLength(1);
  });

  it("returns the holding's events of the last 24 hours with their authors", async () => {
    const [sessionRow] = await sqlRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM sessions WHERE user_id = ${member.id} AND holding_id = ${greenacre.id} LIMIT 1`,
    );
    const actor = { userId: member.id, holdingId: greenacre.id, sessionId: sessionRow!.id };
    const recent = await recordEvent(t.db, actor, {
      action: EventAction.Update,
      source: Module.Fields,
      objectType: 'Field',
      data: { Name: 'Long Meadow' },
    });
    const old = await recordEvent(t.db, actor, {
      action: EventAction.Delete,
      source: Module.Fields,
      objectType: 'Field',
    });
    await t.db.execute(sql`UPDATE events SET date = now() - interval '2 days' WHERE id = ${old}`);
    const elsewhere = await recordEvent(
      t.db,
      { ...actor, holdingId: brook.id },
      { action: EventAction.Create, source: Module.Fields, objectType: 'Field' },
    );

    const { body } = await selectHolding(t.app, await signIn(t.app, owner), greenacre.id);
    const eventIds = body.Events.Events.map((event) => event.Id);
    expect(eventIds).toContain(recent);
    expect(eventIds).not.toContain(old);
    expect(eventIds).not.toContain(elsewhere);
    expect(body.Events.Events.find((event) => event.Id === recent)).toEqual({
      Id: recent,
      UserId: member.id,
      Date: expect.any(String),
      SessionId: sessionRow!.id,
      Action: 'u',
      Data: { Name: 'Long Meadow' },
      Source: Module.Fields,
      ObjectType: 'Field',
    });
    expect(body.Events.Users).toContainEqual(
      expect.objectContaining({ UserId: member.id, HoldingRole: 'Member' }),
    );
  });

  it('reuses the current session on the same holding when asked, and otherwise ends it', async () => {
    const first = await selectHolding(t.app, await signIn(t.app, owner), greenacre.id, 2024);
    const reused = await select(first.token, { holdingId: greenacre.id, yearId: 2023, reuseSession: true });
    expect(reused.statusCode).toBe(200);
    const reusedBody = reused.json<SelectHoldingResponse>();
    expect(reusedBody.SessionId).toBe(first.body.SessionId);
    expect(reusedBody.YearId).toBe(2023);
    expect(reusedBody.Token).not.toBe(first.token);

    const moved = await select(reusedBody.Token, { holdingId: greenacre.id });
    expect(moved.json<SelectHoldingResponse>().SessionId).not.toBe(first.body.SessionId);
    const [ended] = await sqlRows<{ ended: boolean }>(
      t.db,
      sql`SELECT ended_at IS NOT NULL AS ended FROM sessions WHERE id = ${first.body.SessionId}`,
    );
    expect(ended!.ended).toBe(true);
  });
});

describe('GET /api/session/v1/holdings/query', () => {
  async function query(user: TestUser, search: string, limit?: number) {
    const limitPart = limit === undefined ? '' : `&limit=${limit}`;
    return t.app.inject({
      method: 'GET',
      url: `/api/session/v1/holdings/query?query=${encodeURIComponent(search)}${limitPart}`,
      headers: bearer(await signIn(t.app, user)),
    });
  }

  it('needs at least 2 characters', async () => {
    const response = await query(owner, ' g ');
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0]).toEqual({
      Field: 'query',
      Code: 'tooShort',
      Params: { min: 2, inclusive: true },
      Message: 'Type at least 2 characters to search holdings.',
    });
  });

  it('matches trading names and towns case-insensitively among the holdings the user may open', async () => {
    const byName = await query(owner, 'GREEN');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().map((holding: { TradingName: string }) => holding.TradingName)).toEqual([
      'Greenacre Farm',
    ]);
    expect(
      (await query(fixedClient, 'ashby')).json().map((holding: { HoldingId: number }) => holding.HoldingId),
    ).toEqual([hillTop.id]);
    expect((await query(owner, 'ashby')).json()).toEqual([]);
    expect((await query(owner, 'farm_')).json()).toEqual([]);
  });

  it('returns 20 results by default and never more', async () => {
    expect((await query(admin, 'bulk holding')).json()).toHaveLength(20);
    expect((await query(admin, 'bulk holding', 5)).json()).toHaveLength(5);
    expect((await query(admin, 'bulk holding', 50)).json()).toHaveLength(20);
    const zero = await query(admin, 'bulk holding', 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().Errors[0].Field).toBe('limit');
  });
});

describe('PUT /api/holdings/v1/year', () => {
  let yearFarm: TestHolding;
  let yearOwner: TestUser;
  let yearMember: TestUser;

  beforeAll(async () => {
    yearFarm = await createHolding(t.db, {
      tradingName: 'Year Farm',
      cropYears: [2023, 2024],
      totalArea: 120.5,
      pkModel: 'SRUC',
      features: { perHoldingPermissions: true },
    });
    yearOwner = await createUser(t.db, { role: Role.Agronomist });
    yearMember = await createUser(t.db, { role: Role.Agronomist });
    await addMember(t.db, yearFarm.id, yearOwner.id, { holdingRole: HoldingRole.Owner });
    await addMember(t.db, yearFarm.id, yearMember.id, {
      holdingRole: HoldingRole.Member,
      holdingPermissions: readOnlyHoldings(Role.Agronomist),
    });
  });

  const putYear = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/holdings/v1/year',
      headers: bearer(token),
      payload: payload as object,
    });

  async function sessionYear(token: string): Promise<number> {
    const [row] = await sqlRows<{ year_id: number }>(
      t.db,
      sql`SELECT s.year_id FROM sessions s JOIN access_tokens a ON a.session_id = s.id
           WHERE a.token_hash = ${hashToken(token)}`,
    );
    return row!.year_id;
  }

  it('switches the session to an existing crop year', async () => {
    const token = await signInToHolding(t.app, yearOwner, yearFarm.id);
    const response = await putYear(token, { YearId: 2023 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    expect(await sessionYear(token)).toBe(2023);
  });

  it('opens a new crop year copying the latest one, with its Event in the same change', async () => {
    const token = await signInToHolding(t.app, yearOwner, yearFarm.id);
    const response = await putYear(token, { YearId: 2025 });
    expect(response.statusCode).toBe(200);
    const [year] = await sqlRows<{ total_area: string; pk_model: string }>(
      t.db,
      sql`SELECT total_area, pk_model FROM holding_crop_years WHERE holding_id = ${yearFarm.id} AND year_id = 2025`,
    );
    expect(Number(year!.total_area)).toBe(120.5);
    expect(year!.pk_model).toBe('SRUC');
    const events = await sqlRows<{
      action: string;
      source: number;
      object_type: string;
      data: unknown;
      user_id: number;
    }>(
      t.db,
      sql`SELECT action, source, object_type, data, user_id FROM events WHERE holding_id = ${yearFarm.id}`,
    );
    expect(events).toEqual([
      {
        action: 'c',
        source: Module.Holding,
        object_type: 'HoldingCropYear',
        data: { YearId: 2025 },
        user_id: yearOwner.id,
      },
    ]);
    expect(await sessionYear(token)).toBe(2025);
    // The new year is now one of the holding's years.
    const reselected = await selectHolding(t.app, await signIn(t.app, yearOwner), yearFarm.id);
    expect(reselected.body.Holding.CropYears).toEqual([2023, 2024, 2025]);
    expect(reselected.body.YearId).toBe(2025);
  });

  it('refuses a member whose holding permissions are read-only to open a new year, but lets them switch', async () => {
    const token = await signInToHolding(t.app, yearMember, yearFarm.id);
    const refused = await putYear(token, { YearId: 2026 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe('You do not have permission to change holdings on this holding.');
    const [row] = await sqlRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM holding_crop_years WHERE holding_id = ${yearFarm.id} AND year_id = 2026`,
    );
    expect(row!.count).toBe(0);
    expect((await putYear(token, { YearId: 2023 })).statusCode).toBe(200);
  });

  it('refuses a new year after the next harvest year', async () => {
    const token = await signInToHolding(t.app, yearOwner, yearFarm.id);
    const tooLate = currentHarvestYear() + 2;
    const response = await putYear(token, { YearId: tooLate });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(`A new crop year cannot be later than ${tooLate - 1}.`);
  });

  it('needs a holding session and a numeric year', async () => {
    const noHolding = await putYear(await signIn(t.app, yearOwner), { YearId: 2023 });
    expect(noHolding.statusCode).toBe(403);
    expect(noHolding.json().Message).toBe('Select a holding first.');
    const token = await signInToHolding(t.app, yearOwner, yearFarm.id);
    const wrongType = await putYear(token, { YearId: '2023' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().Errors[0].Field).toBe('YearId');
  });
});

describe('POST /api/session/v1 (heartbeat)', () => {
  it("keeps the session alive, stores the client's state and returns sessions and events", async () => {
    const { token, body } = await selectHolding(t.app, await signIn(t.app, owner), greenacre.id);
    await t.db.execute(
      sql`UPDATE sessions SET last_seen = now() - interval '5 minutes' WHERE id = ${body.SessionId}`,
    );
    const since = new Date(Date.now() - 60_000).toISOString();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1',
      headers: bearer(token),
      payload: {
        return: { sessions: true, eventsSince: since },
        update: {
          clientState: { moduleId: Module.Fields, activity: { action: 'edit', data: { id: 3 } } },
          inactive: true,
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const beat = response.json<HeartbeatResponse>();
    const mine = beat.Sessions!.find((session) => session.SessionId === body.SessionId);
    expect(mine).toMatchObject({
      CurrentSession: true,
      ClientState: { moduleId: Module.Fields, activity: { action: 'edit', data: { id: 3 } } },
      InactiveSince: expect.any(String),
    });
    expect(beat.Sessions![0]!.SessionId).toBe(body.SessionId);
    expect(beat.Events.Events.every((event) => event.Date >= since)).toBe(true);
    const [row] = await sqlRows<{ fresh: boolean }>(
      t.db,
      sql`SELECT last_seen > now() - interval '1 minute' AS fresh FROM sessions WHERE id = ${body.SessionId}`,
    );
    expect(row!.fresh).toBe(true);

    const active = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1',
      headers: bearer(token),
      payload: { return: { sessions: false }, update: { inactive: false } },
    });
    expect(active.json<HeartbeatResponse>().Sessions).toBeNull();
    const [after] = await sqlRows<{ inactive_since: unknown; client_state: unknown }>(
      t.db,
      sql`SELECT inactive_since, client_state FROM sessions WHERE id = ${body.SessionId}`,
    );
    expect(after!.inactive_since).toBeNull();
    expect(after!.client_state).toMatchObject({ moduleId: Module.Fields });
  });

  it('returns the events of the last 24 hours by default', async () => {
    const { token } = await selectHolding(t.app, await signIn(t.app, owner), greenacre.id);
    const beat = (
      await t.app.inject({ method: 'POST', url: '/api/session/v1', headers: bearer(token), payload: {} })
    ).json<HeartbeatResponse>();
    expect(beat.Events.Events.length).toBeGreaterThan(0);
    const dayAgo = Date.now() - 24 * 3600 * 1000 - 60_000;
    expect(beat.Events.Events.every((event) => Date.parse(event.Date) >= dayAgo)).toBe(true);
  });

  it('refuses a client state beyond 8,192 characters or 8 levels deep with a 400 naming it, storing nothing', async () => {
    const signInToken = await signIn(t.app, owner);
    const { token, body } = await selectHolding(t.app, signInToken, greenacre.id);
    const beat = (clientState: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/session/v1',
        headers: bearer(token),
        payload: { update: { clientState } },
      });
    const large = { moduleId: 1, activity: { action: 'edit', data: 'x'.repeat(9_000) } };
    let deep: unknown = 'bottom';
    for (let level = 0; level < 9; level++) deep = { next: deep };
    for (const clientState of [large, { moduleId: 1, nested: deep }]) {
      const refused = await beat(clientState);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().Errors[0].Field).toBe('update.clientState');
    }
    expect((await beat(large)).json().Errors[0].Message).toMatch(/at most 8192 characters/);
    const select = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1/holdings/select',
      headers: bearer(signInToken),
      payload: { holdingId: greenacre.id, clientState: large },
    });
    expect(select.statusCode).toBe(400);
    expect(select.json().Errors[0].Field).toBe('clientState');
    const [row] = await sqlRows<{ client_state: unknown }>(
      t.db,
      sql`SELECT client_state FROM sessions WHERE id = ${body.SessionId}`,
    );
    expect(row!.client_state).toBeNull();
    // Within the bounds it is kept.
    expect(
      (await beat({ moduleId: 1, activity: { action: 'edit', data: 'x'.repeat(8_000) } })).statusCode,
    ).toBe(200);
  });

  it('refuses a malformed eventsSince, naming it', async () => {
    const { token } = await selectHolding(t.app, await signIn(t.app, owner), greenacre.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1',
      headers: bearer(token),
      payload: { return: { eventsSince: 'yesterday' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0].Field).toBe('return.eventsSince');
  });
});
