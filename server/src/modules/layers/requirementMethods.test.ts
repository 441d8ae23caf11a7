import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CroppingResponse, FieldResponse } from '@headland/domain/api/fieldsApi';
import { zonesResponseSchema, type DataLayer } from '@headland/domain/api/layersApi';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
import { Region } from '@headland/domain/region';
import { LayerTypeId, MapScope } from '@headland/domain/layers/layerTypes';
import { NutrientType } from '@headland/domain/layers/nutrients';
import { sqlRows } from '../../db/sqlRows.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';

// Requirement layers worked out from the cropping's expected yield and straw by the holding's method (RB209 on
// the ADAS PK model, SRUC on SRUC), refused in words when they cannot be, and keeping their method afterwards.

let test: TestApp;
let farm: FieldsHolding;
let east = 520_000;
const north = 300_000;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
}, 120_000);

afterAll(async () => {
  await test?.close();
});

const box = (x1: number, y1: number, x2: number, y2: number) => ({
  WellKnownText: `POLYGON((${x1} ${y1},${x2} ${y1},${x2} ${y2},${x1} ${y2},${x1} ${y1}))`,
  CoordinateSystemId: 27700,
});

async function post(holding: FieldsHolding, url: string, payload: Record<string, unknown>) {
  return test.app.inject({ method: 'POST', url, headers: holding.headers, payload });
}

/** A 200 m field, a wheat cropping with its attributes, and a soil P layer of two halves in `unit`. */
async function setUp(
  holding: FieldsHolding,
  crop: Record<string, unknown>,
  soil: { unit?: string | null; values: [number, number] },
) {
  east += 1_000;
  const x = east;
  const field = await post(holding, '/api/fields/v1', {
    Name: `Field ${x}`,
    Boundary: gridSquare(x, north, 200),
    srid: 27700,
  });
  expect(field.statusCode, field.body).toBe(201);
  const fieldId = field.json<FieldResponse>().FieldId;
  const cropping = await post(holding, '/api/croppings/v1', { FieldId: fieldId, YearId: 2025, ...crop });
  expect(cropping.statusCode, cropping.body).toBe(201);
  const layer = await post(holding, '/api/layers/v1', {
    TypeId: LayerTypeId.SoilPhosphorus,
    Scope: MapScope.Field,
    HoldingId: holding.holdingId,
    FieldId: fieldId,
    Year: 2025,
    Name: 'P 2025',
    Unit: soil.unit === undefined ? 'Index' : (soil.unit ?? 'Ppm'),
    Zones: [
      { Number: 1, Value: soil.values[0], Geometry: box(x, north, x + 100, north + 200) },
      { Number: 2, Value: soil.values[1], Geometry: box(x + 100, north, x + 200, north + 200) },
    ],
  });
  expect(layer.statusCode, layer.body).toBe(201);
  const soilLayerId = layer.json<DataLayer>().DataLayerId;
  // A new layer always gets its type's unit; a layer stored without one (older imports) is made here.
  if (soil.unit === null)
    await test.db.execute(sql`UPDATE data_layers SET unit = NULL WHERE id = ${soilLayerId}`);
  return { croppingId: cropping.json<CroppingResponse>().CroppingId, soilLayerId };
}

const wheat10Incorporated = {
  CropId: CropId.WinterWheat,
  Residue: CropResidue.Incorporated,
  Purpose: CropPurpose.Milling,
  TargetYield: 10,
};

async function requirementCount(holdingId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    test.db,
    sql`SELECT count(*)::int AS n FROM data_layers WHERE holding_id = ${holdingId} AND type_id = 30`,
  );
  return row!.n;
}

describe('requirement layers from the cropping and the holding PK model', () => {
  it('gives wheat at 10 t/ha, straw incorporated, 106 kg P2O5/ha at P Index 1, zone by zone, and says how', async () => {
    const { croppingId, soilLayerId } = await setUp(farm, wheat10Incorporated, { values: [1, 2] });
    const response = await post(farm, '/api/layers/v1/requirement', {
      SoilLayerId: soilLayerId,
      CroppingId: croppingId,
      NutrientId: NutrientType.P2O5,
    });
    expect(response.statusCode, response.body).toBe(201);
    const layer = response.json<DataLayer>();
    expect(layer.RecommendationMethod).toBe('RB209');
    expect(layer.Recommendation).toMatchObject({
      Method: 'RB209',
      Table: 'cereals',
      CropId: CropId.WinterWheat,
      ExpectedYield: 10,
      StandardYield: 8,
      YieldFrom: 'target',
      Straw: 'incorporated',
      IndexMin: 1,
      IndexMax: 2,
    });
    const zones = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/${layer.DataLayerId}/zones?geometryFormat=wkt`,
      headers: farm.headers,
    });
    // P Index 1: 90 + 2 × 7.8 = 106; P Index 2: 60 + 2 × 7.8 = 76.
    expect(zonesResponseSchema.parse(zones.json()).Zones.map((zone) => zone.Value)).toEqual([106, 76]);
  });

  it('refuses in words, and stores nothing, for a crop without a table or a soil layer it cannot read', async () => {
    const before = await requirementCount(farm.holdingId);
    const beans = await setUp(
      farm,
      { CropId: CropId.WinterBeans, Residue: CropResidue.Incorporated, Purpose: CropPurpose.Feed },
      { values: [1, 2] },
    );
    const noTable = await post(farm, '/api/layers/v1/requirement', {
      SoilLayerId: beans.soilLayerId,
      CroppingId: beans.croppingId,
      NutrientId: NutrientType.P2O5,
    });
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json().Errors[0]).toMatchObject({
      Code: 'noPublishedRecommendation',
      Field: 'CroppingId',
    });
    expect(noTable.json().Errors[0].Message).toContain('RB209');

    const outOfRange = await setUp(farm, wheat10Incorporated, { values: [1, 12] });
    const tooHigh = await post(farm, '/api/layers/v1/requirement', {
      SoilLayerId: outOfRange.soilLayerId,
      CroppingId: outOfRange.croppingId,
      NutrientId: NutrientType.P2O5,
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().Errors[0].Code).toBe('soilIndexOutOfRange');

    const noUnit = await setUp(farm, wheat10Incorporated, { unit: null, values: [12, 20] });
    const unitless = await post(farm, '/api/layers/v1/requirement', {
      SoilLayerId: noUnit.soilLayerId,
      CroppingId: noUnit.croppingId,
      NutrientId: NutrientType.P2O5,
    });
    expect(unitless.statusCode).toBe(400);
    expect(unitless.json().Errors[0].Code).toBe('soilUnitMissing');
    expect(await requirementCount(farm.holdingId)).toBe(before);
  });

  it('names SRUC for a Scottish holding on SRUC, and a layer keeps its method when the model changes', async () => {
    const scottish = await createFieldsHolding(test.app, test.db, { regionId: Region.Scotland });
    const setPkModel = (model: string) =>
      test.db.execute(
        sql`UPDATE holding_crop_years SET pk_model = ${model} WHERE holding_id = ${scottish.holdingId} AND year_id = 2025`,
      );
    await setPkModel('ADAS');
    const made = await setUp(scottish, wheat10Incorporated, { values: [1, 2] });
    const request = {
      SoilLayerId: made.soilLayerId,
      CroppingId: made.croppingId,
      NutrientId: NutrientType.P2O5,
    };
    const onAdas = await post(scottish, '/api/layers/v1/requirement', request);
    expect(onAdas.statusCode, onAdas.body).toBe(201);
    const adasLayer = onAdas.json<DataLayer>();
    expect(adasLayer.RecommendationMethod).toBe('RB209');

    await setPkModel('SRUC');
    const onSruc = await post(scottish, '/api/layers/v1/requirement', request);
    expect(onSruc.statusCode).toBe(400);
    expect(onSruc.json().Errors[0]).toMatchObject({ Code: 'srucFiguresNotHeld', Params: { method: 'SRUC' } });
    expect(onSruc.json().Errors[0].Message).toContain('SRUC');

    // The layer made on ADAS still says RB209: nothing was recalculated when the model changed.
    const kept = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/holding/${scottish.holdingId}/year/2025`,
      headers: scottish.headers,
    });
    const listed = kept
      .json<{ Layers: DataLayer[] }>()
      .Layers.find((one) => one.DataLayerId === adasLayer.DataLayerId);
    expect(listed).toMatchObject({ RecommendationMethod: 'RB209', Recommendation: { Method: 'RB209' } });
  });
});
