import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { ISOXMLManager, TAGS, type ExtendedTask, type Partfield } from 'isoxml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '@headland/domain/api/layersApi';
import type { PrescriptionPlan } from '@headland/domain/api/plansApi';
import { LayerTypeId, MapScope } from '@headland/domain/layers/layerTypes';
import { processDataOf } from '@headland/domain/plans/prescriptionRules';
import { sqlRows } from '../../db/sqlRows.ts';
import {
  createFieldWithCropping,
  createFieldsHolding,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { ogrAreaHa, ogrSummary } from '../exports/exports.service.ts';

/**
 * Prescription plans: the plan-name check, plans made from a layer's zones clipped by PostGIS, rates and
 * totals, the read-only rule, refusals that store nothing, restricted members, and the files read back
 * independently: shapefiles by GDAL's ogrinfo, TASKDATA by the isoxml parser.
 */

let test: TestApp;
let farm: FieldsHolding;
let other: FieldsHolding;
let layer: DataLayer;
let otherLayer: DataLayer;
let hiddenCroppingId: number;
let folder: string;
const north = 300_000;

const box = (x1: number, x2: number) =>
  `POLYGON((${x1} ${north},${x2} ${north},${x2} ${north + 200},${x1} ${north + 200},${x1} ${north}))`;

/** A holding-wide layer of two zones per field, each running 100 m past the field's east edge. */
async function zonedLayer(owner: FieldsHolding, easts: number[]): Promise<DataLayer> {
  const zones = easts.flatMap((x, index) => [
    {
      Number: index * 2 + 1,
      Value: 100,
      Geometry: { WellKnownText: box(x, x + 100), CoordinateSystemId: 27700 },
    },
    {
      Number: index * 2 + 2,
      Value: 150.5,
      Geometry: { WellKnownText: box(x + 100, x + 300), CoordinateSystemId: 27700 },
    },
  ]);
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/layers/v1',
    headers: owner.headers,
    payload: {
      TypeId: LayerTypeId.SoilPhosphorus,
      Scope: MapScope.Holding,
      HoldingId: owner.holdingId,
      Year: 2025,
      Name: 'Zones for rates',
      Unit: 'Ppm',
      Zones: zones,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DataLayer>();
}

const newPlan = (name: string, extra: Record<string, unknown> = {}) => ({
  Name: name,
  Year: 2025,
  LayerId: layer.DataLayerId,
  ProductKey: 'F/1',
  ProductName: 'Ammonium nitrate',
  RateUnitId: 1,
  ...extra,
});

async function create(payload: Record<string, unknown>, headers = farm.headers) {
  return test.app.inject({ method: 'POST', url: '/api/plans/v1/prescriptions', headers, payload });
}

async function planCount(): Promise<{ plans: number; zones: number }> {
  const [row] = await sqlRows<{ plans: number; zones: number }>(
    test.db,
    sql`SELECT (SELECT count(*)::int FROM prescription_plans) AS plans,
               (SELECT count(*)::int FROM prescription_zones) AS zones`,
  );
  return row!;
}

let plan: PrescriptionPlan;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db, { tradingName: 'Rx Farm' });
  other = await createFieldsHolding(test.app, test.db);
  await createFieldWithCropping(test.app, farm, { name: 'Long Acre', east: 430_000, north, area: 4 });
  const hidden = await createFieldWithCropping(test.app, farm, {
    name: 'Secret Piece',
    east: 431_000,
    north,
    area: 4,
  });
  hiddenCroppingId = hidden.croppingId;
  layer = await zonedLayer(farm, [430_000, 431_000]);
  // An application zone's product rate comes before its value.
  await test.db.execute(
    sql`UPDATE layer_zones SET product_rate = 120 WHERE layer_id = ${layer.DataLayerId} AND zone_number = 1`,
  );
  await createFieldWithCropping(test.app, other, { name: 'Elsewhere', east: 440_000, north, area: 4 });
  otherLayer = await zonedLayer(other, [440_000]);
  const response = await create(newPlan('Spring top dressing'));
  expect(response.statusCode, response.body).toBe(200);
  plan = response.json<{ Plan: PrescriptionPlan }>().Plan;
  folder = mkdtempSync(join(tmpdir(), 'headland-rx-'));
}, 180_000);

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await test?.close();
});

describe('a plan made from a layer', () => {
  it('clips the zones to each field boundary and totals rate times PostGIS area', async () => {
    expect(plan.Fields.map((field) => field.FieldName)).toEqual(['Long Acre', 'Secret Piece']);
    const [areas] = await sqlRows<{ ha: number }>(
      test.db,
      sql`SELECT sum(ST_Area(boundary::geography)) / 10000 AS ha FROM fields WHERE holding_id = ${farm.holdingId}`,
    );
    // The zones run 100 m past each field: clipped, the plan covers the fields and nothing more.
    expect(plan.AreaHa).toBeCloseTo(areas!.ha, 2);
    const acre = plan.Fields[0]!;
    expect(acre.Zones.map((zone) => zone.Rate)).toEqual([120, 150.5]);
    expect(acre.Zones[0]!.AreaHa).toBeCloseTo(2, 1);
    const expected = acre.Zones.reduce((sum, zone) => sum + zone.Rate * zone.AreaHa, 0);
    expect(acre.Total).toBeCloseTo(expected, 1);
    expect(plan.Total).toBeCloseTo(plan.Fields[0]!.Total + plan.Fields[1]!.Total, 2);
    expect(plan.TotalUnit).toBe('kg');
    expect(plan.Status).toBe(1);
    expect(plan.PlanType).toBe(4);
  });

  it('leaves out a headland margin of the chosen width', async () => {
    const response = await create(newPlan('With headland', { HeadlandMetres: 12 }));
    expect(response.statusCode, response.body).toBe(200);
    const margin = response.json<{ Plan: PrescriptionPlan }>().Plan;
    // Each 200 m square loses a 12 m band: (200 - 24)² m².
    expect(margin.AreaHa).toBeCloseTo((2 * 176 * 176) / 10_000, 1);
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/plans/v1/prescriptions/${margin.Id}`,
      headers: farm.headers,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('hides from a restricted member the field of a hidden cropping, with its zones and total', async () => {
    const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [hiddenCroppingId]);
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/plans/v1/prescriptions/${plan.Id}`,
      headers: member.headers,
    });
    expect(response.statusCode).toBe(200);
    const seen = response.json<{ Plan: PrescriptionPlan }>().Plan;
    expect(seen.Fields.map((field) => field.FieldName)).toEqual(['Long Acre']);
    expect(response.body).not.toContain('Secret Piece');
    const file = await test.app.inject({
      method: 'GET',
      url: `/api/plans/v1/prescriptions/${plan.Id}/file?format=shapefile`,
      headers: member.headers,
    });
    expect(Object.keys(unzipSync(new Uint8Array(file.rawPayload)))).not.toContain('Secret_Piece.shp');
  });
});

describe('the plan-name check', () => {
  const validate = (plans: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/api/plans/v1/validate',
      headers: farm.headers,
      payload: { Plans: plans },
    });

  it('suggests a free name for a taken one, whatever its case, and lets a plan keep its own', async () => {
    const response = await validate([
      { Key: 'new', Name: 'SPRING TOP DRESSING' },
      { Key: String(plan.Id), Name: 'Spring top dressing' },
      { Key: 'other', Name: '  ' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Plans: [
        {
          Key: 'new',
          Name: 'SPRING TOP DRESSING',
          Code: 'planNameTaken',
          Suggestion: 'SPRING TOP DRESSING (2)',
        },
        { Key: 'other', Name: '  ', Code: 'planNameRequired', Suggestion: null },
      ],
    });
  });

  it('answers an empty list when every name can be kept, and when there are no plans', async () => {
    expect((await validate([{ Key: 'a', Name: 'Autumn lime' }])).json()).toEqual({ Plans: [] });
    const none = await test.app.inject({
      method: 'POST',
      url: '/api/plans/v1/validate',
      headers: farm.headers,
      payload: {},
    });
    expect(none.json()).toEqual({ Plans: [] });
  });
});

describe('refusals store nothing', () => {
  it.each([
    ['no product', { ProductKey: undefined }, 400],
    ['an unknown catalogue product', { ProductKey: 'F/99999' }, 400],
    ['no rate unit', { RateUnitId: undefined }, 400],
    ['a rate unit that is not a plan unit', { RateUnitId: 9 }, 400],
    ['a taken name', { Name: 'spring top dressing' }, 400],
    ['a layer of another holding', { LayerId: 0 }, 404],
  ])('refuses %s', async (_label, change, status) => {
    const before = await planCount();
    const payload = { ...newPlan('Refused'), ...change };
    if (payload.LayerId === 0) payload.LayerId = otherLayer.DataLayerId;
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().Message).toMatch(/\w/);
    expect(await planCount()).toEqual(before);
  });

  it('refuses a layer whose zones lie in no field boundary', async () => {
    await test.db.execute(sql`UPDATE fields SET boundary = NULL WHERE holding_id = ${other.holdingId}`);
    const before = await planCount();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/plans/v1/prescriptions',
      headers: other.headers,
      payload: { ...newPlan('No boundary'), LayerId: otherLayer.DataLayerId },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().Code).toBe('planNoZones');
    expect(await planCount()).toEqual(before);
  });

  it.each([
    ['a negative rate', -1],
    ['an absurd rate', 1_000_000],
  ])('refuses %s and keeps the rates', async (_label, rate) => {
    const zone = plan.Fields[0]!.Zones[0]!;
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/plans/v1/prescriptions/${plan.Id}`,
      headers: farm.headers,
      payload: { Name: 'Renamed', Zones: [{ Id: zone.Id, Rate: rate }] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().Message).toBe('A rate must be between 0 and 20000 kg/ha.');
    const [row] = await sqlRows<{ rate: number; name: string }>(
      test.db,
      sql`SELECT z.rate, p.name FROM prescription_zones z JOIN prescription_plans p ON p.id = z.plan_id
           WHERE z.id = ${zone.Id}`,
    );
    expect(row).toEqual({ rate: 120, name: 'Spring top dressing' });
  });

  it('refuses a zone of another plan', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/plans/v1/prescriptions/${plan.Id}`,
      headers: farm.headers,
      payload: { Zones: [{ Id: 2_000_000, Rate: 1 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Code).toBe('planZoneUnknown');
  });

  it('does not show or change a plan to another holding', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await test.app.inject({
        method,
        url: `/api/plans/v1/prescriptions/${plan.Id}`,
        headers: other.headers,
        ...(method === 'PUT' ? { payload: { Name: 'Taken over' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/plans/v1/prescriptions',
      headers: other.headers,
    });
    expect(list.body).not.toContain('Spring top dressing');
  });
});

/** Unpacks a download into its own folder; answers the folder and the zip's entry names. */
async function download(format: string, cellSize = 10): Promise<{ dir: string; names: string[] }> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/plans/v1/prescriptions/${plan.Id}/file?format=${format}&cellSize=${cellSize}`,
    headers: farm.headers,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  const dir = mkdtempSync(join(folder, `${format}-`));
  const entries = unzipSync(new Uint8Array(response.rawPayload));
  for (const [name, bytes] of Object.entries(entries)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  return { dir, names: Object.keys(entries).sort() };
}

describe('prescription files', () => {
  it('writes a flat shapefile per field and the same in Rx/, which GDAL reads back', async () => {
    for (const [format, prefix] of [
      ['shapefile', ''],
      ['shapefileRx', 'Rx/'],
    ] as const) {
      const { dir, names } = await download(format);
      expect(names.filter((name) => name.endsWith('.shp'))).toEqual([
        `${prefix}Long_Acre.shp`,
        `${prefix}Secret_Piece.shp`,
      ]);
      const path = join(dir, `${prefix}Long_Acre.shp`);
      const [summary] = ogrSummary(path);
      expect(summary!.featureCount).toBe(2);
      expect(summary!.srs).toMatch(/WGS[ _]?84|WGS_1984/);
      expect(summary!.fields).toEqual({ Rate: 'Real', Unit: 'String', Product: 'String', Zone: 'Integer' });
      const area = plan.Fields[0]!.AreaHa;
      expect(Math.abs(ogrAreaHa(path, 'Long_Acre') - area) / area).toBeLessThan(0.001);
      expect(readdirSync(dirname(path)).sort()).toEqual(
        ['cpg', 'dbf', 'prj', 'shp', 'shx']
          .flatMap((ext) => [`Long_Acre.${ext}`, `Secret_Piece.${ext}`])
          .sort(),
      );
    }
  });

  it('writes ISOXML TASKDATA that isoxml reads back with every zone rate and no undefined reference', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/plans/v1/prescriptions/${plan.Id}/file?format=isoxml`,
      headers: farm.headers,
    });
    expect(response.statusCode).toBe(200);
    const manager = new ISOXMLManager();
    await manager.parseISOXMLFile(new Uint8Array(response.rawPayload), 'application/zip');
    expect(manager.getWarnings()).toEqual([]);
    expect(manager.rootElement.attributes.VersionMajor).toBe('4');
    for (const [xmlId, reference] of Object.entries(manager.xmlReferences))
      expect(reference.entity, xmlId).toBeDefined();
    const partfields = manager.getEntitiesOfTag<Partfield>(TAGS.Partfield);
    expect(partfields.map((field) => field.attributes.PartfieldDesignator)).toEqual([
      'Long Acre',
      'Secret Piece',
    ]);
    const tasks = manager.getEntitiesOfTag<ExtendedTask>(TAGS.Task);
    expect(tasks).toHaveLength(2);
    const { ddi, perRateUnit } = processDataOf(1);
    for (const [index, task] of tasks.entries()) {
      const [grid] = task.attributes.Grid ?? [];
      expect(grid?.attributes.GridType).toBe('2');
      const [description] = task.getGridValuesDescription();
      expect(description!.DDINumber).toBe(ddi);
      const cells = task.getGridAsGeoJSON(['rate']) as {
        features: { properties: Record<string, unknown> | null }[];
      };
      const values = new Set(
        cells.features.map((feature) => Number(feature.properties?.['rate'])).filter((value) => value !== 0),
      );
      const rates = plan.Fields[index]!.Zones.map((zone) => zone.Rate);
      // The grid holds the DDI's units (mg/m² for kg/ha); scaled back, each zone's rate within one unit.
      expect([...values].map((value) => value / perRateUnit).sort()).toEqual(
        rates.map((rate) => Math.round(rate * perRateUnit) / perRateUnit).sort(),
      );
    }
  });
});

describe('the read-only rule', () => {
  it('saves a zone rate, then refuses any change to a completed plan in the spec’s words', async () => {
    const zone = plan.Fields[0]!.Zones[1]!;
    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/plans/v1/prescriptions/${plan.Id}`,
      headers: farm.headers,
      payload: { Zones: [{ Id: zone.Id, Rate: 175 }], Status: 4 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const saved = changed.json<{ Plan: PrescriptionPlan }>().Plan;
    expect(saved.Fields[0]!.Zones[1]!.Rate).toBe(175);
    expect(saved.Status).toBe(4);
    const refused = await test.app.inject({
      method: 'PUT',
      url: `/api/plans/v1/prescriptions/${plan.Id}`,
      headers: farm.headers,
      payload: { Zones: [{ Id: zone.Id, Rate: 10 }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(
      "Plan 'Spring top dressing' cannot be updated because it has already been completed.",
    );
  });
});
