import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventAction, Module } from '@headland/domain/enumerations';
import { defaultHoldingPermissions, withHoldingPermission } from '@headland/domain/holdingPermissions';
import { HoldingRole, Role } from '@headland/domain/roles';
import { addMember, bearer, createHolding, createUser, signInToHolding } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { migrationStatus } from './migration.service.ts';

describe('migrationStatus', () => {
  it.each([
    [null, [2022, 2023, 2024], { firstYear: null, nextYear: 2024 }],
    [2024, [2022, 2023, 2024], { firstYear: 2024, nextYear: 2023 }],
    [2023, [2021, 2023, 2024], { firstYear: 2023, nextYear: 2021 }],
    [2022, [2022, 2023, 2024], { firstYear: 2022, nextYear: null }],
    [null, [], { firstYear: null, nextYear: null }],
  ])('moved from %s with crop years %j', (firstYear, years, expected) => {
    expect(migrationStatus(firstYear, years)).toEqual(expected);
  });
});

describe('nutrition migration status calls', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let readerHeaders: { authorization: string };
  let holdingId: number;

  const status = () => t.app.inject({ method: 'GET', url: '/api/nutrition2/v1/migration/status', headers });
  const migrate = (year: number, as = headers) =>
    t.app.inject({ method: 'POST', url: `/api/nutrition2/v1/migration/status/${year}`, headers: as });

  beforeAll(async () => {
    t = await createTestApp();
    const holding = await createHolding(t.db, {
      cropYears: [2022, 2023, 2024],
      features: { perHoldingPermissions: true },
    });
    holdingId = holding.id;
    const owner = await createUser(t.db, { role: Role.Agronomist });
    await addMember(t.db, holdingId, owner.id);
    headers = bearer(await signInToHolding(t.app, owner, holdingId, 2024));
    const reader = await createUser(t.db, { role: Role.Agronomist });
    await addMember(t.db, holdingId, reader.id, {
      holdingRole: HoldingRole.Member,
      holdingPermissions: withHoldingPermission(
        defaultHoldingPermissions(Role.Agronomist),
        'main.nutritionPlans',
        {
          read: true,
          write: false,
        },
      ),
    });
    readerHeaders = bearer(await signInToHolding(t.app, reader, holdingId, 2024));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('starts with nothing moved, offering the latest crop year', async () => {
    const response = await status();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ firstYear: null, nextYear: 2024 });
  });

  it('moves from a year, then further back, never forward, with one Event per move', async () => {
    expect((await migrate(2023)).json()).toEqual({ firstYear: 2023, nextYear: 2022 });
    expect((await status()).json()).toEqual({ firstYear: 2023, nextYear: 2022 });
    const forward = await migrate(2024);
    expect(forward.statusCode).toBe(400);
    expect(forward.json<{ Message: string }>().Message).toBe(
      'Nutrition data from 2023 on is already in the new format and cannot move back to the old one.',
    );
    expect((await migrate(2023)).json()).toEqual({ firstYear: 2023, nextYear: 2022 });
    expect((await migrate(2022)).json()).toEqual({ firstYear: 2022, nextYear: null });
    const events = await sqlRows<{ action: string; source: number; object_type: string; data: unknown }>(
      t.db,
      sql`SELECT action, source, object_type, data FROM events WHERE holding_id = ${holdingId} ORDER BY id`,
    );
    expect(events).toEqual([
      {
        action: EventAction.Update,
        source: Module.Nutrition,
        object_type: 'NutritionMigration',
        data: { YearId: 2023 },
      },
      {
        action: EventAction.Update,
        source: Module.Nutrition,
        object_type: 'NutritionMigration',
        data: { YearId: 2022 },
      },
    ]);
  });

  it('refuses a year the holding does not have', async () => {
    const response = await migrate(2019);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Message: string }>().Message).toBe('2019 is not a crop year of this holding.');
  });

  it('lets a reader see the status but not move it', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/nutrition2/v1/migration/status',
          headers: readerHeaders,
        })
      ).statusCode,
    ).toBe(200);
    const refused = await migrate(2022, readerHeaders);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      Message: 'You do not have permission to change nutrition plans on this holding.',
      Code: 'areaNoChange',
      Params: { area: 'nutritionPlans' },
    });
  });
});
