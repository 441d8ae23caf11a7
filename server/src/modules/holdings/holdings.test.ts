import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdingDeleteMessages,
  type HoldingDetails,
  type HoldingsListResponse,
  type HoldingStatus,
} from '@headland/domain/api/holdingsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { defaultHoldingPermissions, withHoldingPermission } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createUser,
  selectHolding,
  signIn,
  type TestUser,
} from '../../testing/factories.ts';
import {
  customRainfall,
  newHoldingPayload,
  ref,
  seedHoldingReference,
  stationRainfall,
  tableCounts,
} from '../../testing/holdingsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';

let t: TestApp;
let agronomist: TestUser;
let client: TestUser;
let outsider: TestUser;
let agronomistToken: string;
let clientToken: string;
let outsiderToken: string;
let manor: HoldingDetails;
let glebe: HoldingDetails;

async function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function createViaApi(token: string, change: Parameters<typeof newHoldingPayload>[0] = {}) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/holdings/v1',
    headers: bearer(token),
    payload: newHoldingPayload(change),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HoldingDetails>();
}

beforeAll(async () => {
  t = await createTestApp();
  await seedHoldingReference(t.db);
  agronomist = await createUser(t.db, { role: Role.Agronomist, businessId: ref.agronomyBusiness });
  client = await createUser(t.db, { role: Role.Client });
  outsider = await createUser(t.db, { role: Role.Agronomist });
  agronomistToken = await signIn(t.app, agronomist);
  clientToken = await signIn(t.app, client);
  outsiderToken = await signIn(t.app, outsider);
  manor = await createViaApi(agronomistToken, { holding: { TradingName: 'Manor Farm' } });
  glebe = await createViaApi(agronomistToken, {
    holding: {
      TradingName: 'Glebe Farm',
      Region: ref.scotland,
      TownId: ref.perth,
      WeatherStationId: ref.perthStation,
    },
    holdingWeather: customRainfall(2024),
  });
  await addMember(t.db, manor.HoldingId, client.id, { holdingRole: HoldingRole.Member });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/service/holdings?v=3', () => {
  it('lists the holdings the caller may see, with their editable fields, and every post town', async () => {
    const response = await get('/api/service/holdings?v=3', agronomistToken);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<HoldingsListResponse>();
    expect(body.Holdings.map((holding) => holding.TradingName)).toEqual(['Glebe Farm', 'Manor Farm']);
    expect(body.Holdings[1]).toEqual(manor);
    expect(body.Towns).toEqual([
      {
        TownId: ref.louth,
        Name: 'Louth',
        Deleted: false,
        Region: ref.england,
        WeatherStationId: ref.louthStation,
        OtherWeatherStations: [{ StationId: ref.grimsbyStation, Index: 0 }],
      },
      {
        TownId: ref.oldTown,
        Name: 'Oldtown',
        Deleted: true,
        Region: ref.england,
        WeatherStationId: ref.louthStation,
        OtherWeatherStations: [],
      },
      {
        TownId: ref.perth,
        Name: 'Perth',
        Deleted: false,
        Region: ref.scotland,
        WeatherStationId: ref.perthStation,
        OtherWeatherStations: [],
      },
    ]);
  });

  it('marks the holdings the caller may not change as read-only', async () => {
    const body = (await get('/api/service/holdings', clientToken)).json<HoldingsListResponse>();
    expect(body.Holdings.map((holding) => [holding.TradingName, holding.ReadOnly])).toEqual([
      ['Manor Farm', true],
    ]);
    const outsiders = (await get('/api/service/holdings', outsiderToken)).json<HoldingsListResponse>();
    expect(outsiders.Holdings).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/service/holdings' })).statusCode).toBe(401);
  });
});

describe('GET /api/service/holding/current', () => {
  it("answers the session's holding in full", async () => {
    const { token } = await selectHolding(t.app, await signIn(t.app, agronomist), manor.HoldingId);
    const response = await get('/api/service/holding/current', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(manor);
  });

  it('needs a holding to be open', async () => {
    const response = await get('/api/service/holding/current', agronomistToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      Message: 'Select a holding first.',
      Code: 'selectHoldingFirst',
      Params: {},
    });
  });
});

describe('GET /api/holdings/v1/status', () => {
  const averages = (stationId: number, year: number) =>
    stationRainfall[stationId]!.map((value, index) => ({
      Year: year,
      Month: index + 1,
      RainfallLongTermAvg: value,
    }));

  it("gives the town's stations with their averages, and the station's averages as weather", async () => {
    const response = await get(
      `/api/holdings/v1/status?holdingId=${manor.HoldingId}&year=2024`,
      agronomistToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json<HoldingStatus>();
    expect(status.CanChangeRegion).toBe(true);
    expect(status.ExcludeFromUserReports).toBe(false);
    expect(status.Towns).toHaveLength(3);
    expect(status.WeatherStations).toEqual([
      {
        WeatherStationId: ref.louthStation,
        Name: 'Louth Station',
        Weather: averages(ref.louthStation, 2024),
      },
      {
        WeatherStationId: ref.grimsbyStation,
        Name: 'Grimsby Station',
        Weather: averages(ref.grimsbyStation, 2024),
      },
    ]);
    expect(status.CustomWeather).toBe(false);
    expect(status.Weather).toEqual(
      stationRainfall[ref.louthStation]!.map((value, index) => ({
        HoldingId: manor.HoldingId,
        Year: 2024,
        Month: index + 1,
        Rainfall: value,
      })),
    );
    expect(status.Regions).toEqual([
      { value: 1, text: 'England', nvzMandatory: false },
      { value: 2, text: 'Scotland', nvzMandatory: false },
      { value: 3, text: 'Wales', nvzMandatory: true },
    ]);
    expect(status.Businesses).toEqual([
      { BusinessId: ref.agronomyBusiness, Name: 'Fenwold Agronomy' },
      { BusinessId: ref.sharedBusiness, Name: 'Wolds Grain Co-operative' },
    ]);
    expect(status.FixedBusinessId).toBe(ref.agronomyBusiness);
  });

  it("gives the holding's custom rainfall for the year, and the averages for another year", async () => {
    const custom = (
      await get(`/api/holdings/v1/status?holdingId=${glebe.HoldingId}&year=2024`, agronomistToken)
    ).json<HoldingStatus>();
    expect(custom.CustomWeather).toBe(true);
    expect(custom.Weather).toEqual(
      customRainfall(2024).map((row) => ({ ...row, HoldingId: glebe.HoldingId })),
    );
    const other = (
      await get(`/api/holdings/v1/status?holdingId=${glebe.HoldingId}&year=2023`, agronomistToken)
    ).json<HoldingStatus>();
    expect(other.CustomWeather).toBe(false);
    expect(other.Weather.map((row) => row.Rainfall)).toEqual(stationRainfall[ref.perthStation]);
  });

  it('describes a new holding, or the stations of a town just chosen', async () => {
    const status = (
      await get(`/api/holdings/v1/status?year=2025&townId=${ref.perth}`, agronomistToken)
    ).json<HoldingStatus>();
    expect(status.CanChangeRegion).toBe(true);
    expect(status.WeatherStations.map((station) => station.WeatherStationId)).toEqual([ref.perthStation]);
    expect(status.Weather.map((row) => [row.HoldingId, row.Rainfall])).toEqual(
      stationRainfall[ref.perthStation]!.map((value) => [null, value]),
    );
    const moved = (
      await get(
        `/api/holdings/v1/status?holdingId=${manor.HoldingId}&year=2024&townId=${ref.perth}`,
        agronomistToken,
      )
    ).json<HoldingStatus>();
    expect(moved.Weather.map((row) => row.Rainfall)).toEqual(stationRainfall[ref.perthStation]);
  });

  it('refuses a holding the caller cannot open, and an unknown one', async () => {
    const refused = await get(
      `/api/holdings/v1/status?holdingId=${manor.HoldingId}&year=2024`,
      outsiderToken,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await get('/api/holdings/v1/status?holdingId=999999&year=2024', agronomistToken)).statusCode,
    ).toBe(404);
    expect((await get('/api/holdings/v1/status', agronomistToken)).statusCode).toBe(400);
  });
});

describe('holding empty check and delete', () => {
  const remove = (holdingId: number, token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/dashboard/holding/delete/${holdingId}`,
      headers: bearer(token),
    });
  const isEmpty = async (holdingId: number, token: string) =>
    (await get(`/api/dashboard/holding/empty/${holdingId}`, token)).json<{ Empty: boolean }>().Empty;

  it('says whether a holding has fields or croppings', async () => {
    const holding = await createViaApi(agronomistToken);
    expect(await isEmpty(holding.HoldingId, agronomistToken)).toBe(true);
    await t.db.execute(
      sql`INSERT INTO fields (holding_id, name) VALUES (${holding.HoldingId}, 'Long Field')`,
    );
    expect(await isEmpty(holding.HoldingId, agronomistToken)).toBe(false);
    expect((await get(`/api/dashboard/holding/empty/${holding.HoldingId}`, outsiderToken)).statusCode).toBe(
      403,
    );
  });

  it('refuses a holding that is not empty, changing nothing', async () => {
    const holding = await createViaApi(agronomistToken);
    await t.db.execute(
      sql`INSERT INTO fields (holding_id, name) VALUES (${holding.HoldingId}, 'Long Field')`,
    );
    const before = await tableCounts(t.db);
    const response = await remove(holding.HoldingId, agronomistToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      Message: 'This holding is not empty. You can only delete empty holdings.',
      Code: 'holdingNotEmpty',
      Params: {},
      Title: 'Unable to delete holding',
      Errors: [{ Field: 'id', Message: 'This holding is not empty. You can only delete empty holdings.' }],
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses the holding open in the session', async () => {
    const holding = await createViaApi(agronomistToken);
    const { token } = await selectHolding(t.app, await signIn(t.app, agronomist), holding.HoldingId);
    const before = await tableCounts(t.db);
    const response = await remove(holding.HoldingId, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Message: holdingDeleteMessages.selected,
      Title: 'Unable to delete holding',
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses users without holdings write on it and read-only sessions', async () => {
    const holding = await createViaApi(agronomistToken);
    const member = await createUser(t.db, { role: Role.Agronomist });
    await addMember(t.db, holding.HoldingId, member.id, {
      holdingRole: HoldingRole.Member,
      holdingPermissions: withHoldingPermission(defaultHoldingPermissions(Role.Agronomist), 'main.holdings', {
        read: true,
        write: false,
      }),
    });
    const before = await tableCounts(t.db);
    const memberResponse = await remove(holding.HoldingId, await signIn(t.app, member));
    expect(memberResponse.statusCode).toBe(403);
    expect(memberResponse.json()).toEqual({
      Message: 'You do not have permission to change holdings on this holding.',
      Code: 'areaNoChange',
      Params: { area: 'holdings' },
    });
    expect((await remove(holding.HoldingId, outsiderToken)).statusCode).toBe(403);

    const readOnly = await selectHolding(t.app, await signIn(t.app, agronomist), manor.HoldingId);
    await t.db.execute(sql`UPDATE sessions SET read_only = true WHERE id = ${readOnly.body.SessionId}`);
    expect((await remove(holding.HoldingId, readOnly.token)).statusCode).toBe(403);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("gives members no more than the holding's owners have", async () => {
    const holding = await createViaApi(agronomistToken);
    const owner = await createUser(t.db, { role: Role.Demo });
    await t.db.execute(sql`DELETE FROM holding_users WHERE holding_id = ${holding.HoldingId}`);
    await addMember(t.db, holding.HoldingId, owner.id, { holdingRole: HoldingRole.Owner });
    const member = await createUser(t.db, { role: Role.Agronomist });
    await addMember(t.db, holding.HoldingId, member.id, { holdingRole: HoldingRole.Member });
    const memberToken = await signIn(t.app, member);
    // A Demo owner cannot change the holding, so neither can its members.
    expect((await remove(holding.HoldingId, memberToken)).statusCode).toBe(403);
    await t.db.execute(sql`UPDATE users SET role = ${Role.Agronomist} WHERE id = ${owner.id}`);
    expect((await remove(holding.HoldingId, await signIn(t.app, member))).statusCode).toBe(200);
  });

  it('deletes an empty holding with its years, weather and members, keeping an Event', async () => {
    const holding = await createViaApi(agronomistToken, { holdingWeather: customRainfall(2024) });
    const response = await remove(holding.HoldingId, agronomistToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ Deleted: true });
    const [left] = await sqlRows<{ holdings: number; years: number; weather: number; members: number }>(
      t.db,
      sql`SELECT (SELECT count(*) FROM holdings WHERE id = ${holding.HoldingId})::int AS holdings,
                 (SELECT count(*) FROM holding_crop_years WHERE holding_id = ${holding.HoldingId})::int AS years,
                 (SELECT count(*) FROM holding_weather WHERE holding_id = ${holding.HoldingId})::int AS weather,
                 (SELECT count(*) FROM holding_users WHERE holding_id = ${holding.HoldingId})::int AS members`,
    );
    expect(left).toEqual({ holdings: 0, years: 0, weather: 0, members: 0 });
    const [event] = await sqlRows<{
      action: string;
      source: number;
      holding_id: number | null;
      data: unknown;
    }>(t.db, sql`SELECT action, source, holding_id, data FROM events ORDER BY id DESC LIMIT 1`);
    expect(event).toEqual({
      action: EventAction.Delete,
      source: Module.Holding,
      holding_id: null,
      data: { HoldingId: holding.HoldingId, Name: 'Manor Farm' },
    });
    expect((await remove(holding.HoldingId, agronomistToken)).statusCode).toBe(404);
  });
});
