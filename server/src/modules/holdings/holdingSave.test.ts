import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDetails, HoldingSaveRequest } from '@headland/domain/api/holdingsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { defaultHoldingPermissions, withHoldingPermission } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  selectHolding,
  signIn,
  type TestUser,
} from '../../testing/factories.ts';
import {
  customRainfall,
  holdingSnapshot,
  newHoldingPayload,
  ref,
  seedHoldingReference,
  tableCounts,
} from '../../testing/holdingsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** The API's words for the holding form's problems (holdings spec §5.1). */
const holdingMessages = {
  tradingNameRequired: 'Trading Name is required.',
  postTownRequired: 'Post Town is required.',
  regionRequired: 'Region is required.',
  totalAreaNegative: 'Total area cannot be less than zero.',
  derogationNumberRequired: 'Grassland Derogation Number is required.',
  startingYearRequired: 'Starting Year is required.',
  startingYearOutOfRange: 'Starting Year must be between 1990 and 2100.',
  pkModelRequired: 'PK model is required.',
  pSorpCapacityInvalid: 'Default P sorp capacity must be 1, 2 or 3.',
  weatherStationRequired: 'Weather station is required.',
  monthlyRainfallRequired: 'A rainfall value of zero or more is required for every month.',
  accountNumberTooLong: 'Account Number cannot be longer than 20 characters.',
  addressTooManyLines: 'Address cannot have more than 4 lines.',
} as const;

let t: TestApp;
let agronomist: TestUser;
let manager: TestUser;
let admin: TestUser;
let client: TestUser;
/** Account tokens: no holding open. */
let agronomistToken: string;
let managerToken: string;
let adminToken: string;
let clientToken: string;
/** The agronomist's token with a holding open, which makes the weather station required. */
let agronomistSession: string;
let readOnlySession: string;

type Payload = ReturnType<typeof newHoldingPayload>;

async function save(method: 'PUT' | 'POST', token: string, payload: Payload | HoldingSaveRequest) {
  return t.app.inject({ method, url: '/api/holdings/v1', headers: bearer(token), payload });
}

async function create(
  token: string,
  change: Parameters<typeof newHoldingPayload>[0] = {},
): Promise<HoldingDetails> {
  const response = await save('PUT', token, newHoldingPayload(change));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HoldingDetails>();
}

/** The save payload that would leave `holding` as it is, with `change` applied. */
function updatePayload(
  holding: HoldingDetails,
  change: Parameters<typeof newHoldingPayload>[0] = {},
): HoldingSaveRequest {
  const year = holding.HoldingCropYears.at(-1)!;
  const { holding: holdingChange, ...rest } = change;
  return {
    holding: {
      HoldingId: holding.HoldingId,
      TradingName: holding.TradingName,
      AccountNumber: holding.AccountNumber,
      Address: holding.Address,
      TownId: holding.TownId,
      BusinessId: holding.BusinessId,
      Region: holding.Region,
      NVZ: holding.NVZ,
      PSorpCapacity: holding.PSorpCapacity,
      WeatherStationId: holding.WeatherStationId,
      ...holdingChange,
    },
    croppingYearId: year.YearId,
    firstCroppingYear: holding.CropYears[0],
    changeNVZOnAllFields: false,
    totalArea: year.TotalArea,
    grasslandDerogationNumber: year.GrasslandDerogationNumber,
    pkModel: year.PkModel,
    excludeFromUserReports: holding.ExcludeFromUserReports,
    ...rest,
  };
}

async function update(
  token: string,
  holding: HoldingDetails,
  change: Parameters<typeof newHoldingPayload>[0] = {},
) {
  return save('POST', token, updatePayload(holding, change));
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  await seedHoldingReference(db);
  agronomist = await createUser(db, { role: Role.Agronomist, businessId: ref.agronomyBusiness });
  manager = await createUser(db, { role: Role.Manager });
  admin = await createUser(db, { role: Role.Admin });
  client = await createUser(db, { role: Role.Client });
  agronomistToken = await signIn(t.app, agronomist);
  managerToken = await signIn(t.app, manager);
  adminToken = await signIn(t.app, admin);
  clientToken = await signIn(t.app, client);
  const home = await createHolding(db, { tradingName: 'Home Farm', cropYears: [2025] });
  await addMember(db, home.id, agronomist.id);
  agronomistSession = (await selectHolding(t.app, agronomistToken, home.id)).token;
  const readOnly = await selectHolding(t.app, await signIn(t.app, agronomist), home.id);
  await db.execute(sql`UPDATE sessions SET read_only = true WHERE id = ${readOnly.body.SessionId}`);
  readOnlySession = readOnly.token;
});

afterAll(async () => {
  await t?.close();
});

describe('PUT /api/holdings/v1 (create)', () => {
  it('creates the holding with the caller as Owner and agronomist, its first crop year and an Event', async () => {
    const created = await create(agronomistToken, { holding: { TradingName: '  Manor Farm  ' } });
    expect(created).toMatchObject({
      TradingName: 'Manor Farm',
      AccountNumber: 'AC-1',
      Address: 'Manor Farm\nMain Street',
      TownId: ref.louth,
      Town: 'Louth',
      Region: ref.england,
      // The agronomist's own business is fixed on the holdings they create.
      BusinessId: ref.agronomyBusiness,
      Business: 'Fenwold Agronomy',
      NVZ: false,
      PSorpCapacity: null,
      WeatherStationId: ref.louthStation,
      AgronomistId: agronomist.id,
      ExcludeFromUserReports: false,
      CanChangeRegion: true,
      CropYears: [2024],
      HoldingCropYears: [
        { YearId: 2024, TotalArea: 120.5, GrasslandDerogationNumber: null, PkModel: 'ADAS' },
      ],
      ReadOnly: false,
    });
    const members = await sqlRows<{ user_id: number; holding_role: number }>(
      t.db,
      sql`SELECT user_id, holding_role FROM holding_users WHERE holding_id = ${created.HoldingId}`,
    );
    expect(members).toEqual([{ user_id: agronomist.id, holding_role: HoldingRole.Owner }]);
    const events = await sqlRows<{ action: string; source: number; object_type: string; user_id: number }>(
      t.db,
      sql`SELECT action, source, object_type, user_id FROM events WHERE holding_id = ${created.HoldingId}`,
    );
    expect(events).toEqual([
      { action: EventAction.Create, source: Module.Holding, object_type: 'Holding', user_id: agronomist.id },
    ]);
  });

  it('lets a Manager without a business choose a shared one, recording them as agronomist', async () => {
    const created = await create(managerToken, { holding: { BusinessId: ref.sharedBusiness } });
    expect(created.BusinessId).toBe(ref.sharedBusiness);
    expect(created.AgronomistId).toBe(manager.id);
  });

  const rainfallWith = (month: number, rainfall: number | null) =>
    customRainfall(2024).map((row) => (row.Month === month ? { ...row, Rainfall: rainfall } : row));

  it.each<[string, Parameters<typeof newHoldingPayload>[0], string, string]>([
    [
      'a blank trading name',
      { holding: { TradingName: '   ' } },
      'holding.TradingName',
      holdingMessages.tradingNameRequired,
    ],
    [
      'no post town',
      { holding: { TownId: null, WeatherStationId: null } },
      'holding.TownId',
      holdingMessages.postTownRequired,
    ],
    ['no region', { holding: { Region: null } }, 'holding.Region', holdingMessages.regionRequired],
    ['a negative total area', { totalArea: -1 }, 'totalArea', holdingMessages.totalAreaNegative],
    [
      'a ticked derogation without its number',
      { grasslandDerogation: true, grasslandDerogationNumber: ' ' },
      'grasslandDerogationNumber',
      holdingMessages.derogationNumberRequired,
    ],
    [
      'no starting year',
      { firstCroppingYear: null },
      'firstCroppingYear',
      holdingMessages.startingYearRequired,
    ],
    ['no PK model', { pkModel: null }, 'pkModel', holdingMessages.pkModelRequired],
    ['an unknown PK model', { pkModel: 'XYZ' }, 'pkModel', holdingMessages.pkModelRequired],
    [
      'no weather station',
      { holding: { WeatherStationId: null } },
      'holding.WeatherStationId',
      holdingMessages.weatherStationRequired,
    ],
    [
      'custom weather with an empty month',
      { holdingWeather: rainfallWith(3, null) },
      'holdingWeather',
      holdingMessages.monthlyRainfallRequired,
    ],
    [
      'custom weather with a negative month',
      { holdingWeather: rainfallWith(12, -0.1) },
      'holdingWeather',
      holdingMessages.monthlyRainfallRequired,
    ],
    [
      'custom weather with eleven months',
      { holdingWeather: customRainfall(2024).slice(0, 11) },
      'holdingWeather',
      holdingMessages.monthlyRainfallRequired,
    ],
    [
      'an account number of 21 characters',
      { holding: { AccountNumber: '123456789012345678901' } },
      'holding.AccountNumber',
      holdingMessages.accountNumberTooLong,
    ],
    [
      'an address of five lines',
      { holding: { Address: '1\n2\n3\n4\n5' } },
      'holding.Address',
      holdingMessages.addressTooManyLines,
    ],
    [
      'an unknown post town',
      { holding: { TownId: 999 } },
      'holding.TownId',
      'This post town does not exist.',
    ],
    [
      'a deleted post town',
      { holding: { TownId: ref.oldTown } },
      'holding.TownId',
      'This post town is no longer offered.',
    ],
    [
      'a region not offered',
      { holding: { Region: ref.belgium } },
      'holding.Region',
      'This region is not offered.',
    ],
    [
      'a station of another town',
      { holding: { WeatherStationId: ref.perthStation } },
      'holding.WeatherStationId',
      "This weather station is not one of the post town's stations.",
    ],
  ])('answers 400 for %s, changing nothing', async (_, change, field, message) => {
    const before = await tableCounts(t.db);
    const response = await save('PUT', agronomistSession, newHoldingPayload(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      Message: message,
      Code: expect.any(String),
      Params: expect.any(Object),
      Errors: [expect.objectContaining({ Field: field, Message: message })],
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('reports every message at once, the first one as the Message', async () => {
    const response = await save(
      'PUT',
      agronomistSession,
      newHoldingPayload({ holding: { TradingName: '', Region: null }, pkModel: '' }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ Message: string; Errors: { Message: string }[] }>();
    expect(body.Message).toBe(holdingMessages.tradingNameRequired);
    expect(body.Errors.map((error) => error.Message)).toEqual([
      holdingMessages.tradingNameRequired,
      holdingMessages.regionRequired,
      holdingMessages.pkModelRequired,
    ]);
  });

  it("takes the spec's croppingYearId as the first crop year of a new holding", async () => {
    const { firstCroppingYear: _, ...payload } = newHoldingPayload();
    const response = await save('PUT', agronomistToken, { ...payload, croppingYearId: 2025 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<HoldingDetails>().CropYears).toEqual([2025]);
  });

  it('needs no weather station before a holding is open, taking the town main station', async () => {
    const created = await create(agronomistToken, { holding: { WeatherStationId: null } });
    expect(created.WeatherStationId).toBe(ref.louthStation);
  });

  it('refuses a user whose role has no holdings write, changing nothing', async () => {
    const before = await tableCounts(t.db);
    const response = await save('PUT', clientToken, newHoldingPayload());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      Message: 'You do not have permission to create holdings.',
      Code: 'holdingCreateNotAllowed',
      Params: {},
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses a read-only session, changing nothing', async () => {
    const before = await tableCounts(t.db);
    const response = await save('PUT', readOnlySession, newHoldingPayload());
    expect(response.statusCode).toBe(403);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses a body that is not a save payload', async () => {
    const response = await save('PUT', agronomistToken, { holding: 'Manor' } as unknown as Payload);
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['Wales (NVZ-mandatory)', ref.wales, false, true],
    ['England, NVZ off', ref.england, false, false],
    ['England, NVZ on', ref.england, true, true],
  ])('in %s the holding gets the expected NVZ', async (_, region, nvz, expected) => {
    const created = await create(agronomistToken, { holding: { Region: region, NVZ: nvz } });
    expect(created.NVZ).toBe(expected);
  });

  it.each([
    ['SRUC outside Scotland becomes ADAS and clears P sorp', ref.england, 'SRUC', 2, 'ADAS', null],
    ['SRUC in Scotland without P sorp gets 1', ref.scotland, 'SRUC', null, 'SRUC', 1],
    ['SRUC in Scotland keeps P sorp 3', ref.scotland, 'SRUC', 3, 'SRUC', 3],
    ['ADAS in Scotland clears P sorp', ref.scotland, 'ADAS', 2, 'ADAS', null],
  ] as const)('%s', async (_, region, pkModel, pSorp, expectedModel, expectedPSorp) => {
    const created = await create(agronomistToken, {
      holding: {
        Region: region,
        TownId: ref.perth,
        WeatherStationId: ref.perthStation,
        PSorpCapacity: pSorp,
      },
      pkModel,
    });
    expect(created.HoldingCropYears[0]!.PkModel).toBe(expectedModel);
    expect(created.PSorpCapacity).toBe(expectedPSorp);
  });

  it('refuses a P sorp capacity outside 1 to 3 with SRUC in Scotland', async () => {
    const response = await save(
      'PUT',
      agronomistToken,
      newHoldingPayload({ holding: { Region: ref.scotland, PSorpCapacity: 4 }, pkModel: 'SRUC' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Message: string }>().Message).toBe(holdingMessages.pSorpCapacityInvalid);
  });

  it('offers a user without a business the shared businesses only', async () => {
    const refused = await save(
      'PUT',
      managerToken,
      newHoldingPayload({ holding: { BusinessId: ref.otherBusiness } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      Errors: [{ Field: 'holding.BusinessId', Message: 'This business is not available to you.' }],
    });
    const created = await create(managerToken, { holding: { BusinessId: null } });
    expect(created.BusinessId).toBeNull();
  });

  it('lets only an Agronomist or a Manager leave a holding out of their Power BI report', async () => {
    const refused = await save('PUT', adminToken, newHoldingPayload({ excludeFromUserReports: true }));
    expect(refused.statusCode).toBe(403);
    expect((await create(agronomistToken, { excludeFromUserReports: true })).ExcludeFromUserReports).toBe(
      true,
    );
    expect((await create(managerToken, { excludeFromUserReports: true })).ExcludeFromUserReports).toBe(true);
  });

  it('stores the grassland derogation number only when ticked', async () => {
    const ticked = await create(agronomistToken, {
      grasslandDerogation: true,
      grasslandDerogationNumber: ' GD-7 ',
    });
    expect(ticked.HoldingCropYears[0]!.GrasslandDerogationNumber).toBe('GD-7');
    const unticked = await create(agronomistToken, {
      grasslandDerogation: false,
      grasslandDerogationNumber: 'GD-8',
    });
    expect(unticked.HoldingCropYears[0]!.GrasslandDerogationNumber).toBeNull();
  });

  it('refuses a Starting Year later than next harvest year', async () => {
    const response = await save('PUT', agronomistToken, newHoldingPayload({ firstCroppingYear: 2099 }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Message: string }>().Message).toMatch(
      /^Starting Year cannot be later than \d{4}\.$/,
    );
  });
});

describe('POST /api/holdings/v1 (update)', () => {
  async function fieldNvz(holdingId: number): Promise<boolean[]> {
    const rows = await sqlRows<{ nvz: boolean }>(
      t.db,
      sql`SELECT nvz FROM fields WHERE holding_id = ${holdingId} ORDER BY id`,
    );
    return rows.map((row) => row.nvz);
  }

  it('saves the editable fields and the year block, with an Event', async () => {
    const holding = await create(agronomistToken);
    const response = await update(agronomistToken, holding, {
      holding: {
        TradingName: 'Manor Farm Ltd',
        Address: 'Line 1\nLine 2\nLine 3\nLine 4',
        AccountNumber: '',
      },
      totalArea: 99.999,
      grasslandDerogation: true,
      grasslandDerogationNumber: 'GD-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      TradingName: 'Manor Farm Ltd',
      Address: 'Line 1\nLine 2\nLine 3\nLine 4',
      AccountNumber: null,
      HoldingCropYears: [
        { YearId: 2024, TotalArea: 100, GrasslandDerogationNumber: 'GD-1', PkModel: 'ADAS' },
      ],
    });
    const [event] = await sqlRows<{ action: string; data: Record<string, unknown> }>(
      t.db,
      sql`SELECT action, data FROM events WHERE holding_id = ${holding.HoldingId} ORDER BY id DESC LIMIT 1`,
    );
    expect(event).toEqual({ action: EventAction.Update, data: { Name: 'Manor Farm Ltd', YearId: 2024 } });
  });

  it("keeps what the payload leaves out and accepts the spec's { holding, croppingYearId }", async () => {
    const holding = await create(agronomistToken, {
      grasslandDerogation: true,
      grasslandDerogationNumber: 'GD-2',
    });
    const response = await save('POST', agronomistToken, {
      holding: { ...updatePayload(holding).holding, TradingName: 'Renamed' },
      croppingYearId: 2024,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      TradingName: 'Renamed',
      HoldingCropYears: [
        { YearId: 2024, TotalArea: 120.5, GrasslandDerogationNumber: 'GD-2', PkModel: 'ADAS' },
      ],
    });
  });

  it('sets NVZ on every field of the holding only when asked to', async () => {
    const holding = await create(agronomistToken);
    for (const name of ['North', 'South', 'East']) {
      await t.db.execute(sql`INSERT INTO fields (holding_id, name) VALUES (${holding.HoldingId}, ${name})`);
    }
    const other = await create(agronomistToken);
    await t.db.execute(sql`INSERT INTO fields (holding_id, name) VALUES (${other.HoldingId}, 'Elsewhere')`);

    const withoutFields = await update(agronomistToken, holding, { holding: { NVZ: true } });
    expect(withoutFields.statusCode).toBe(200);
    expect(withoutFields.json<HoldingDetails>().NVZ).toBe(true);
    expect(await fieldNvz(holding.HoldingId)).toEqual([false, false, false]);

    const withFields = await update(agronomistToken, withoutFields.json<HoldingDetails>(), {
      changeNVZOnAllFields: true,
    });
    expect(withFields.statusCode).toBe(200);
    expect(await fieldNvz(holding.HoldingId)).toEqual([true, true, true]);
    expect(await fieldNvz(other.HoldingId)).toEqual([false]);
    const [event] = await sqlRows<{ data: Record<string, unknown> }>(
      t.db,
      sql`SELECT data FROM events WHERE holding_id = ${holding.HoldingId} ORDER BY id DESC LIMIT 1`,
    );
    expect(event!.data).toMatchObject({ NvzOnAllFields: true, FieldsChanged: 3 });
  });

  it('refuses region and NVZ changes on a holding that cannot change region, changing nothing', async () => {
    const holding = await create(agronomistToken);
    await t.db.execute(sql`UPDATE holdings SET can_change_region = false WHERE id = ${holding.HoldingId}`);
    const before = await holdingSnapshot(t.db, holding.HoldingId);
    const region = await update(agronomistToken, holding, {
      holding: { Region: ref.scotland, TradingName: 'X' },
    });
    expect(region.statusCode).toBe(400);
    expect(region.json()).toEqual({
      Message: 'The region of this holding cannot be changed.',
      Code: 'regionFixed',
      Params: {},
      Errors: [
        {
          Field: 'holding.Region',
          Code: 'regionFixed',
          Params: {},
          Message: 'The region of this holding cannot be changed.',
        },
      ],
    });
    const nvz = await update(agronomistToken, holding, {
      holding: { NVZ: true },
      changeNVZOnAllFields: true,
    });
    expect(nvz.statusCode).toBe(400);
    expect(nvz.json<{ Message: string }>().Message).toBe('The NVZ status of this holding cannot be changed.');
    expect(await holdingSnapshot(t.db, holding.HoldingId)).toEqual(before);

    const other = await update(agronomistToken, holding, { holding: { TradingName: 'Still Manor' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ TradingName: 'Still Manor', CanChangeRegion: false });
  });

  it('forces NVZ on when the region moves to an NVZ-mandatory one', async () => {
    const holding = await create(agronomistToken);
    const response = await update(agronomistToken, holding, { holding: { Region: ref.wales, NVZ: false } });
    expect(response.json()).toMatchObject({ Region: ref.wales, NVZ: true });
  });

  it('stores twelve custom months for the year and deletes them when custom weather is turned off', async () => {
    const holding = await create(agronomistToken);
    const weatherRows = () =>
      sqlRows<{ year: number; month: number; rainfall: string | number }>(
        t.db,
        sql`SELECT year, month, rainfall FROM holding_weather WHERE holding_id = ${holding.HoldingId} ORDER BY month`,
      );
    const on = await update(agronomistToken, holding, {
      holdingWeather: [...customRainfall(2024)].reverse(),
    });
    expect(on.statusCode, on.body).toBe(200);
    const stored = await weatherRows();
    expect(stored.map((row) => [row.year, row.month, Number(row.rainfall)])).toEqual(
      customRainfall(2024).map((row) => [2024, row.Month, row.Rainfall]),
    );
    const kept = await update(agronomistToken, holding, { holding: { TradingName: 'Weather kept' } });
    expect(kept.statusCode).toBe(200);
    expect(await weatherRows()).toHaveLength(12);
    const off = await update(agronomistToken, holding, { holdingWeather: null });
    expect(off.statusCode).toBe(200);
    expect(await weatherRows()).toEqual([]);
  });

  it('registers an earlier Starting Year as the first crop year, and refuses a later one', async () => {
    const holding = await create(agronomistToken);
    const earlier = await update(agronomistToken, holding, { firstCroppingYear: 2022 });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.json<HoldingDetails>().CropYears).toEqual([2022, 2024]);
    const later = await update(agronomistToken, earlier.json<HoldingDetails>(), { firstCroppingYear: 2023 });
    expect(later.statusCode).toBe(400);
    expect(later.json<{ Message: string }>().Message).toBe(
      "Starting Year cannot be later than 2022, the holding's first crop year.",
    );
  });

  it('refuses a member whose holdings permission is read-only, changing nothing', async () => {
    const holding = await create(agronomistToken);
    const member = await createUser(t.db, { role: Role.Agronomist });
    await addMember(t.db, holding.HoldingId, member.id, {
      holdingRole: HoldingRole.Member,
      holdingPermissions: withHoldingPermission(defaultHoldingPermissions(Role.Agronomist), 'main.holdings', {
        read: true,
        write: false,
      }),
    });
    const before = await holdingSnapshot(t.db, holding.HoldingId);
    const response = await update(await signIn(t.app, member), holding, {
      holding: { TradingName: 'Mine now' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      Message: 'You do not have permission to change holdings on this holding.',
      Code: 'areaNoChange',
      Params: { area: 'holdings' },
    });
    expect(await holdingSnapshot(t.db, holding.HoldingId)).toEqual(before);
  });

  it('refuses a user who cannot open the holding, a read-only session and an unknown holding', async () => {
    const holding = await create(agronomistToken);
    const before = await holdingSnapshot(t.db, holding.HoldingId);
    const outsider = await update(managerToken, holding, { holding: { TradingName: 'Taken' } });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({
      Message: 'You do not have access to this holding.',
      Code: 'holdingNoAccess',
      Params: {},
    });
    const readOnly = await update(readOnlySession, holding, { holding: { TradingName: 'Taken' } });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toEqual({
      Message: 'This session is read-only: holdings cannot be changed from it.',
      Code: 'holdingsReadOnlySession',
      Params: {},
    });
    expect(await holdingSnapshot(t.db, holding.HoldingId)).toEqual(before);
    const unknown = await update(agronomistToken, { ...holding, HoldingId: 999_999 });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives each §5.1 problem its code and the limits it names, for clients to word it', async () => {
    const response = await save(
      'PUT',
      agronomistSession,
      newHoldingPayload({ holding: { AccountNumber: 'A'.repeat(21) } }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().Errors).toContainEqual({
      Field: 'holding.AccountNumber',
      Message: holdingMessages.accountNumberTooLong,
      Code: 'accountNumberTooLong',
      Params: { max: 20 },
    });
  });

  it('answers the §5.1 messages on update too, changing nothing', async () => {
    const holding = await create(agronomistToken);
    const before = await holdingSnapshot(t.db, holding.HoldingId);
    const response = await update(agronomistSession, holding, {
      holding: { TradingName: '', WeatherStationId: null },
      totalArea: -5,
      changeNVZOnAllFields: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Errors: { Message: string }[] }>().Errors.map((error) => error.Message)).toEqual([
      holdingMessages.tradingNameRequired,
      holdingMessages.totalAreaNegative,
      holdingMessages.weatherStationRequired,
    ]);
    expect(await holdingSnapshot(t.db, holding.HoldingId)).toEqual(before);
  });
});
