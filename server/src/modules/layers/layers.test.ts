import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldResponse, CroppingResponse } from '@headland/domain/api/fieldsApi';
import {
  layerListResponseSchema,
  totalsResponseSchema,
  zoneChangeResponseSchema,
  zonesResponseSchema,
  type DataLayer,
  type LayerZone,
  type ZoneChangeResponse,
} from '@headland/domain/api/layersApi';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
import { decodeBinary1 } from '@headland/domain/layers/binary1';
import { LayerTypeId, MapScope } from '@headland/domain/layers/layerTypes';
import { NutrientType } from '@headland/domain/layers/nutrients';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';

let test: TestApp;
let farm: FieldsHolding;
let east = 420_000;
const north = 300_000;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
}, 120_000);

afterAll(async () => {
  await test?.close();
});

/** A rectangle in British National Grid metres as WKT. */
function box(x1: number, y1: number, x2: number, y2: number): string {
  return `POLYGON((${x1} ${y1},${x2} ${y1},${x2} ${y2},${x1} ${y2},${x1} ${y1}))`;
}
const bng = (wkt: string) => ({ WellKnownText: wkt, CoordinateSystemId: 27700 });

/** A new 200 m square field (4 ha) with its south-west corner at (x, north). */
async function newField(): Promise<{ field: FieldResponse; x: number }> {
  east += 1_000;
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/fields/v1',
    headers: farm.headers,
    payload: { Name: `Field ${east}`, Boundary: gridSquare(east, north, 200), srid: 27700 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { field: response.json<FieldResponse>(), x: east };
}

/** A soil P layer of the field in two halves (west value 10 mg/l, east 30 mg/l), 2 ha each. */
async function twoHalves(
  fieldId: number,
  x: number,
  extra: Record<string, unknown> = {},
): Promise<DataLayer> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/layers/v1',
    headers: farm.headers,
    payload: {
      TypeId: LayerTypeId.SoilPhosphorus,
      Scope: MapScope.Field,
      HoldingId: farm.holdingId,
      FieldId: fieldId,
      Year: 2025,
      Name: 'P 2025',
      Unit: 'Ppm',
      Zones: [
        { Number: 1, Value: 10, Geometry: bng(box(x, north, x + 100, north + 200)) },
        { Number: 2, Value: 30, Geometry: bng(box(x + 100, north, x + 200, north + 200)) },
      ],
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DataLayer>();
}

async function zonesOf(layerId: number, headers = farm.headers): Promise<LayerZone[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/layers/v1/${layerId}/zones?geometryFormat=wkt`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return zonesResponseSchema.parse(response.json()).Zones;
}

async function operate(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
): Promise<{ status: number; body: ZoneChangeResponse & { Errors?: { Code: string; Field: string }[] } }> {
  const response = await test.app.inject({
    method,
    url: `${url}?geometryFormat=wkt`,
    headers: farm.headers,
    payload,
  });
  const body = response.json();
  if (response.statusCode === 200) zoneChangeResponseSchema.parse(body);
  return { status: response.statusCode, body };
}

const totalArea = (zones: readonly LayerZone[]) => zones.reduce((sum, zone) => sum + zone.Area, 0);

describe('layers and their zones', () => {
  it('lists layers without geometry and loads zones in wkt, wkb and binary1', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    expect(layer).toMatchObject({ ZoneCount: 2, MinValue: 10, MaxValue: 30, GroupId: 2, Unit: 'Ppm' });

    const list = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/holding/${farm.holdingId}/year/2025`,
      headers: farm.headers,
    });
    expect(list.statusCode).toBe(200);
    const listed = layerListResponseSchema
      .parse(list.json())
      .Layers.find((one) => one.DataLayerId === layer.DataLayerId);
    expect(listed).toMatchObject({ ZoneCount: 2, FieldId: field.FieldId });
    expect(list.body).not.toContain('POLYGON');

    const zones = await zonesOf(layer.DataLayerId);
    expect(zones.map((zone) => zone.Value)).toEqual([10, 30]);
    expect(zones[0]!.Area).toBeCloseTo(2, 1);
    expect(zones[0]!.Geometry?.WellKnownText).toMatch(/^MULTIPOLYGON/);

    const wkb = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/${layer.DataLayerId}/zones`,
      headers: farm.headers,
    });
    const wkbZone = zonesResponseSchema.parse(wkb.json()).Zones[0]!;
    const bytes = Buffer.from(wkbZone.Geometry!.WellKnownBinary!, 'base64');
    // ISO WKB, little-endian, type 6 (MultiPolygon).
    expect([bytes[0], bytes.readUInt32LE(1)]).toEqual([1, 6]);

    const binary = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/${layer.DataLayerId}/zones?geometryFormat=binary1&srid=27700`,
      headers: farm.headers,
    });
    expect(binary.headers['content-type']).toContain('application/octet-stream');
    const decoded = decodeBinary1<{ Zones: LayerZone[] }>(binary.rawPayload);
    expect(decoded.payload.Zones).toHaveLength(2);
    expect(decoded.payload.Zones[0]!.Geometry).toBeNull();
    const ring = decoded.geometries[0]![0]![0]!;
    const xs = ring.map((position) => position[0]!);
    expect(Math.min(...xs)).toBeCloseTo(x, 2);
    expect(Math.max(...xs)).toBeCloseTo(x + 100, 2);
  });

  it('add subtracts the new zone from the zones it overlaps, and extra parts become new zones', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const zonesBefore = await zonesOf(layer.DataLayerId);
    // A strip across the field and 10 m beyond its west and east edges: each half falls in two parts.
    const { status, body } = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/add`, {
      Value: 20,
      Geometry: bng(box(x - 10, north + 80, x + 210, north + 120)),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.Changed.map((zone) => zone.DataLayerZoneId).sort()).toEqual(
      zonesBefore.map((zone) => zone.DataLayerZoneId).sort(),
    );
    expect(body.Added.map((zone) => zone.Value).sort()).toEqual([10, 20, 30]);
    const zones = await zonesOf(layer.DataLayerId);
    expect(zones).toHaveLength(5);
    // The strip beyond the field's edges is kept as drawn; the rest is the same 4 ha.
    expect(totalArea(zones)).toBeCloseTo(4 + 0.08, 2);
    expect(body.Layer.ZoneCount).toBe(5);
  });

  it('a zone covered whole by an added zone is removed', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const west = (await zonesOf(layer.DataLayerId))[0]!;
    const { status, body } = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/add`, {
      Value: 50,
      Geometry: bng(box(x - 1, north - 1, x + 100, north + 201)),
    });
    expect(status).toBe(200);
    expect(body.Removed).toEqual([west.DataLayerZoneId]);
    expect(await zonesOf(layer.DataLayerId)).toHaveLength(2);
  });

  it('cut takes a shape out of the zones and adds nothing; a regular shape is drawn from its centre and size', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const { status, body } = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/cut`, {
      Geometry: bng(box(x + 50, north + 50, x + 150, north + 150)),
    });
    expect(status).toBe(200);
    expect(body.Added).toHaveLength(0);
    expect(body.Changed).toHaveLength(2);
    expect(totalArea(await zonesOf(layer.DataLayerId))).toBeCloseTo(3, 1);

    // A 20 m square drawn as a regular shape over the east zone's middle (lon/lat of its centre).
    const centre = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/${layer.DataLayerId}/zones?geometryFormat=wkt`,
      headers: farm.headers,
    });
    expect(centre.statusCode).toBe(200);
    const square = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/add`, {
      Value: 1,
      RegularShape: { Type: 'square', Center: [-1.9, 52.4], Size1: 20, Size2: null, Angle: 30 },
    });
    expect(square.status).toBe(200);
    expect(square.body.Added[0]!.Area).toBeCloseTo(0.04, 3);
    expect(square.body.Added[0]!.RegularShape).toMatchObject({ Type: 'square', Size1: 20 });
  });

  it('split cuts a zone by a line into zones, dropping parts under 0.1 m²', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const [west] = await zonesOf(layer.DataLayerId);
    const url = `/api/layers/v1/${layer.DataLayerId}/zones/split`;
    const across = await operate('POST', url, {
      ZoneId: west!.DataLayerZoneId,
      Line: bng(`LINESTRING(${x - 5} ${north + 120},${x + 105} ${north + 120})`),
    });
    expect(across.status, JSON.stringify(across.body)).toBe(200);
    expect(across.body.Changed).toHaveLength(1);
    expect(across.body.Added).toHaveLength(1);
    // The larger part keeps the zone.
    expect(across.body.Changed[0]!.Area).toBeCloseTo(1.2, 2);
    expect(across.body.Added[0]!.Area).toBeCloseTo(0.8, 2);
    expect(across.body.Added[0]!.Value).toBe(10);

    // Cutting off a corner triangle of 0.3 m legs (0.045 m²): the corner is dropped, no new zone.
    const corner = await operate('POST', url, {
      ZoneId: west!.DataLayerZoneId,
      Line: bng(`LINESTRING(${x - 0.1} ${north + 0.4},${x + 0.4} ${north - 0.1})`),
    });
    expect(corner.status, JSON.stringify(corner.body)).toBe(200);
    expect(corner.body.Added).toHaveLength(0);
    expect(corner.body.Changed).toHaveLength(1);

    // A corner of 2 m legs (2 m²) is kept as its own zone.
    const bigger = await operate('POST', url, {
      ZoneId: west!.DataLayerZoneId,
      Line: bng(`LINESTRING(${x + 97.5} ${north - 0.5},${x + 100.5} ${north + 2.5})`),
    });
    expect(bigger.status, JSON.stringify(bigger.body)).toBe(200);
    expect(bigger.body.Added).toHaveLength(1);

    const missing = await operate('POST', url, {
      ZoneId: west!.DataLayerZoneId,
      Line: bng(`LINESTRING(${x + 500} ${north},${x + 600} ${north + 10})`),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.Errors?.[0]?.Code).toBe('splitLineMustCross');

    const notLine = await operate('POST', url, {
      ZoneId: west!.DataLayerZoneId,
      Line: bng(box(x, north, x + 10, north + 10)),
    });
    expect(notLine.status).toBe(400);
    expect(notLine.body.Errors?.[0]?.Code).toBe('notLine');
  });

  it('merge joins touching zones into one polygon, closes a gap under 0.01 m by the buffer retry, and refuses apart zones', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const [west, eastZone] = await zonesOf(layer.DataLayerId);
    const url = `/api/layers/v1/${layer.DataLayerId}/zones/merge`;
    const merged = await operate('POST', url, {
      ZoneIds: [west!.DataLayerZoneId, eastZone!.DataLayerZoneId],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.Removed).toEqual([eastZone!.DataLayerZoneId]);
    expect(merged.body.Changed[0]!.Area).toBeCloseTo(4, 1);
    expect(merged.body.Changed[0]!.Geometry?.WellKnownText).toMatch(/^MULTIPOLYGON\(\(\([^()]*\)\)\)$/);

    const { field: other, x: x2 } = await newField();
    const gap = await test.app.inject({
      method: 'POST',
      url: '/api/layers/v1',
      headers: farm.headers,
      payload: {
        TypeId: LayerTypeId.SoilPotassium,
        Scope: MapScope.Field,
        HoldingId: farm.holdingId,
        FieldId: other.FieldId,
        Year: 2025,
        Name: 'K with gaps',
        Zones: [
          { Value: 1, Geometry: bng(box(x2, north, x2 + 50, north + 50)) },
          // 5 mm apart: one polygon after the 0.01 m retry.
          { Value: 2, Geometry: bng(box(x2 + 50.005, north, x2 + 100, north + 50)) },
          // 1 m apart from the first: never one polygon.
          { Value: 3, Geometry: bng(box(x2, north + 51, x2 + 50, north + 100)) },
        ],
      },
    });
    expect(gap.statusCode, gap.body).toBe(201);
    const gapLayer = gap.json<DataLayer>();
    const [a, b, c] = await zonesOf(gapLayer.DataLayerId);
    const gapUrl = `/api/layers/v1/${gapLayer.DataLayerId}/zones/merge`;
    const apart = await operate('POST', gapUrl, { ZoneIds: [a!.DataLayerZoneId, c!.DataLayerZoneId] });
    expect(apart.status).toBe(400);
    expect(apart.body.Errors?.[0]).toMatchObject({ Code: 'invalidMerge', Field: 'ZoneIds' });
    const retried = await operate('POST', gapUrl, { ZoneIds: [a!.DataLayerZoneId, b!.DataLayerZoneId] });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.Changed[0]!.Area).toBeCloseTo(0.5, 2);

    const one = await operate('POST', gapUrl, { ZoneIds: [c!.DataLayerZoneId] });
    expect(one.status).toBe(400);
    const foreign = await operate('POST', gapUrl, { ZoneIds: [c!.DataLayerZoneId, west!.DataLayerZoneId] });
    expect(foreign.status).toBe(404);
  });

  it('repairs a self-crossing shape, refuses text that is not a polygon, and takes only empty or positive numbers', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const url = `/api/layers/v1/${layer.DataLayerId}/zones/add`;
    const bowTie = await operate('POST', url, {
      Value: 5,
      Geometry: bng(
        `POLYGON((${x + 10} ${north + 10},${x + 30} ${north + 30},${x + 30} ${north + 10},${x + 10} ${north + 30},${x + 10} ${north + 10}))`,
      ),
    });
    expect(bowTie.status, JSON.stringify(bowTie.body)).toBe(200);
    expect(bowTie.body.Added).toHaveLength(1);
    expect(bowTie.body.Added[0]!.Area).toBeCloseTo(0.02, 3);

    const garbage = await operate('POST', url, { Value: 5, Geometry: bng('POLYGON((1 2, 3') });
    expect(garbage.status).toBe(400);
    expect(garbage.body.Errors?.[0]?.Code).toBe('badGeometry');
    const line = await operate('POST', url, {
      Value: 5,
      Geometry: bng(`LINESTRING(${x} ${north},${x + 5} ${north + 5})`),
    });
    expect(line.status).toBe(400);
    expect(line.body.Errors?.[0]?.Code).toBe('notPolygon');
    for (const number of [0, -2]) {
      const refused = await operate(
        'PUT',
        `/api/layers/v1/${layer.DataLayerId}/zones/${bowTie.body.Added[0]!.DataLayerZoneId}`,
        {
          Number: number,
        },
      );
      expect(refused.status).toBe(400);
    }
    const cleared = await operate(
      'PUT',
      `/api/layers/v1/${layer.DataLayerId}/zones/${bowTie.body.Added[0]!.DataLayerZoneId}`,
      {
        Number: null,
        Label: 'Wet corner',
      },
    );
    expect(cleared.status).toBe(200);
    // A picture must be one of the holding's documents: an unknown id is refused by name, not a database error.
    const picture = await operate(
      'PUT',
      `/api/layers/v1/${layer.DataLayerId}/zones/${bowTie.body.Added[0]!.DataLayerZoneId}`,
      { DocumentId: 999_999 },
    );
    expect(picture.status).toBe(400);
    expect(picture.body.Errors?.[0]?.Code).toBe('unknownDocument');
    expect(cleared.body.Changed[0]).toMatchObject({ Number: null, Label: 'Wet corner' });
  });

  it('grid cleaning drops a sliver ring and a vertex on a straight edge of a drawn zone', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    // A 20 m square with an extra vertex on its south edge (angle 0) and a 0.05 m² island.
    const wkt = `MULTIPOLYGON(((${x + 10} ${north + 10},${x + 20} ${north + 10},${x + 30} ${north + 10},${x + 30} ${north + 30},${x + 10} ${north + 30},${x + 10} ${north + 10})),((${x + 50} ${north + 50},${x + 50.2} ${north + 50},${x + 50.2} ${north + 50.25},${x + 50} ${north + 50.25},${x + 50} ${north + 50})))`;
    const { status, body } = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/add`, {
      Value: 7,
      Geometry: bng(wkt),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const added = body.Added[0]!;
    expect(added.Geometry?.WellKnownText).toMatch(/^MULTIPOLYGON\(\(\([^()]*\)\)\)$/);
    // Four corners and the closing point.
    expect(added.Geometry!.WellKnownText!.split(',')).toHaveLength(5);
  });
});

describe('requirement and application layers', () => {
  async function cropping(fieldId: number): Promise<CroppingResponse> {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/croppings/v1',
      headers: farm.headers,
      payload: {
        FieldId: fieldId,
        YearId: 2025,
        CropId: CropId.WinterWheat,
        // Straw incorporated: the RB209 cereal table's own case (baled straw adds its offtake).
        Residue: CropResidue.Incorporated,
        Purpose: CropPurpose.Milling,
        SowingDate: '2024-10-01',
        HarvestDate: '2025-08-10',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CroppingResponse>();
  }

  it('calculates P2O5 from the soil P by RB209, then TSP rates; edits, resets and totals them', async () => {
    const { field, x } = await newField();
    const soil = await twoHalves(field.FieldId, x);
    const wheat = await cropping(field.FieldId);
    const requirement = await test.app.inject({
      method: 'POST',
      url: '/api/layers/v1/requirement',
      headers: farm.headers,
      payload: { SoilLayerId: soil.DataLayerId, CroppingId: wheat.CroppingId, NutrientId: NutrientType.P2O5 },
    });
    expect(requirement.statusCode, requirement.body).toBe(201);
    const requirementLayer = requirement.json<DataLayer>();
    expect(requirementLayer).toMatchObject({
      TypeId: LayerTypeId.NutrientRequirement,
      Calculated: true,
      Unit: 'kg/ha',
    });
    // 10 mg/l is P index 1 (90 kg/ha for wheat), 30 mg/l index 3 (none).
    const required = await zonesOf(requirementLayer.DataLayerId);
    expect(required.map((zone) => zone.Value)).toEqual([90, 0]);

    const wrongSoil = await test.app.inject({
      method: 'POST',
      url: '/api/layers/v1/requirement',
      headers: farm.headers,
      payload: { SoilLayerId: soil.DataLayerId, CroppingId: wheat.CroppingId, NutrientId: NutrientType.K2O },
    });
    expect(wrongSoil.statusCode).toBe(400);

    const application = await test.app.inject({
      method: 'POST',
      url: '/api/layers/v1/application',
      headers: farm.headers,
      payload: { RequirementLayerId: requirementLayer.DataLayerId, ProductId: 3, PlanName: 'Autumn P' },
    });
    expect(application.statusCode, application.body).toBe(201);
    const applicationLayer = application.json<DataLayer>();
    const zones = await zonesOf(applicationLayer.DataLayerId);
    // 90 kg/ha of P2O5 from TSP (46 %) is 196 kg/ha of product.
    expect(zones.map((zone) => zone.ProductRate)).toEqual([196, 0]);
    expect(zones[0]).toMatchObject({ InitProductRate: 196, UserDefined: false });
    expect(zones[0]!.NutrientRate).toBeCloseTo(90.2, 1);

    const mop = await test.app.inject({
      method: 'POST',
      url: '/api/layers/v1/application',
      headers: farm.headers,
      payload: { RequirementLayerId: requirementLayer.DataLayerId, ProductId: 4, PlanName: 'Autumn P' },
    });
    expect(mop.statusCode).toBe(400);
    expect(mop.json().Errors[0].Code).toBe('productLacksNutrient');

    const zoneUrl = `/api/layers/v1/${applicationLayer.DataLayerId}/zones/${zones[0]!.DataLayerZoneId}`;
    const edited = await operate('PUT', zoneUrl, { ProductRate: 250 });
    expect(edited.status).toBe(200);
    expect(edited.body.Changed[0]).toMatchObject({ ProductRate: 250, Value: 250, UserDefined: true });

    const totals = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/holding/${farm.holdingId}/year/2025/totals`,
      headers: farm.headers,
    });
    const parsed = totalsResponseSchema.parse(totals.json());
    const fieldTotal = parsed.Fields.find((one) => one.LayerId === applicationLayer.DataLayerId)!;
    expect(fieldTotal.TotalUnit).toBe('kg');
    expect(fieldTotal.Total).toBeCloseTo(250 * zones[0]!.Area, 0);
    expect(parsed.Plans.find((plan) => plan.PlanName === 'Autumn P')!.Total).toBeCloseTo(fieldTotal.Total, 1);

    const reset = await operate('POST', `${zoneUrl}/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.Changed[0]).toMatchObject({ ProductRate: 196, UserDefined: false });

    // A requirement zone changed by hand is user-defined; Reset returns it to the calculated value.
    const requirementZone = `/api/layers/v1/${requirementLayer.DataLayerId}/zones/${required[1]!.DataLayerZoneId}`;
    const changed = await operate('PUT', requirementZone, { Value: 40 });
    expect(changed.body.Changed[0]).toMatchObject({ Value: 40, UserDefined: true });
    const same = await operate('PUT', requirementZone, { Value: 0 });
    expect(same.body.Changed[0]).toMatchObject({ Value: 0, UserDefined: false });
    const flagged = await operate('PUT', requirementZone, { Value: 0, UserDefined: true });
    expect(flagged.body.Changed[0]).toMatchObject({ UserDefined: true });
    const all = await operate('POST', `/api/layers/v1/${requirementLayer.DataLayerId}/reset`);
    expect(all.body.Changed.map((zone) => [zone.Value, zone.UserDefined])).toEqual([
      [90, false],
      [0, false],
    ]);
  });
});

describe('who may see and change layers', () => {
  it('hides the layers of croppings not shared with a restricted member, and another holding’s layers', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/croppings/v1',
      headers: farm.headers,
      payload: {
        FieldId: field.FieldId,
        YearId: 2025,
        CropId: CropId.WinterBarley,
        Residue: CropResidue.Baled,
        Purpose: CropPurpose.Feed,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const hidden = response.json<CroppingResponse>();
    const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [hidden.CroppingId]);
    const list = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/holding/${farm.holdingId}/year/2025`,
      headers: member.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().Layers.map((one: DataLayer) => one.DataLayerId)).not.toContain(layer.DataLayerId);
    const zones = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/${layer.DataLayerId}/zones`,
      headers: member.headers,
    });
    expect(zones.statusCode).toBe(404);

    const stranger = await createFieldsHolding(test.app, test.db);
    const foreignList = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/holding/${farm.holdingId}/year/2025`,
      headers: stranger.headers,
    });
    expect(foreignList.statusCode).toBe(403);
    const foreignZones = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/${layer.DataLayerId}/zones`,
      headers: stranger.headers,
    });
    expect(foreignZones.statusCode).toBe(404);
    const foreignDelete = await test.app.inject({
      method: 'DELETE',
      url: `/api/layers/v1/${layer.DataLayerId}`,
      headers: stranger.headers,
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect(await zonesOf(layer.DataLayerId)).toHaveLength(2);
  });

  it('keeps layer variants to administrators', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/layers/v1',
      headers: farm.headers,
      payload: {
        TypeId: LayerTypeId.TerraMapVariant,
        Scope: MapScope.Holding,
        HoldingId: farm.holdingId,
        Year: 2025,
        Name: 'Variant',
      },
    });
    expect(response.statusCode).toBe(403);
    const types = await test.app.inject({
      method: 'GET',
      url: '/api/layers/v1/types',
      headers: farm.headers,
    });
    expect(types.json()).toMatchObject({ CanEditVariants: false });
  });
});

describe('Cancel of the zone editor', () => {
  /** What the editor keeps of the zones when editing begins, as the restore call takes it. */
  const snapshotOf = (zones: readonly LayerZone[]) =>
    zones.map((zone) => ({
      DataLayerZoneId: zone.DataLayerZoneId,
      Geometry: { WellKnownText: zone.Geometry!.WellKnownText!, CoordinateSystemId: 4326 },
      Number: zone.Number,
      Value: zone.Value,
      Label: zone.Label,
      DocumentId: zone.DocumentId,
      Style: zone.Style,
      UserDefined: zone.UserDefined,
      InitValue: zone.InitValue,
    }));
  const comparable = (zones: readonly LayerZone[]) =>
    zones.map((zone) => ({ Number: zone.Number, Value: zone.Value, Label: zone.Label, Area: zone.Area }));

  it('puts back the zones after a cut and a merge: same zones, values and areas', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const label = await operate(
      'PUT',
      `/api/layers/v1/${layer.DataLayerId}/zones/${(await zonesOf(layer.DataLayerId))[0]!.DataLayerZoneId}`,
      {
        Label: 'Wet corner',
      },
    );
    expect(label.status).toBe(200);
    const before = await zonesOf(layer.DataLayerId);
    const [west, eastZone] = before;

    const cut = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/cut`, {
      Geometry: bng(box(x + 50, north + 50, x + 150, north + 150)),
    });
    expect(cut.status).toBe(200);
    const merged = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/merge`, {
      ZoneIds: [west!.DataLayerZoneId, eastZone!.DataLayerZoneId],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const edited = await zonesOf(layer.DataLayerId);
    expect(edited).toHaveLength(1);
    expect(totalArea(edited)).toBeCloseTo(3, 1);

    const restored = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/restore`, {
      Zones: snapshotOf(before),
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.Changed.map((zone) => zone.DataLayerZoneId)).toEqual([west!.DataLayerZoneId]);
    expect(restored.body.Added).toHaveLength(1);
    const after = await zonesOf(layer.DataLayerId);
    expect(comparable(after)).toEqual(comparable(before));
    expect(after[0]!.DataLayerZoneId).toBe(west!.DataLayerZoneId);
    expect(after[0]!.Label).toBe('Wet corner');
    expect(totalArea(after)).toBeCloseTo(totalArea(before), 4);
    expect(restored.body.Layer.ZoneCount).toBe(2);
    expect(restored.body.Layer.MinValue).toBe(10);
    expect(restored.body.Layer.MaxValue).toBe(30);

    // A zone drawn meanwhile is removed again.
    const added = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/add`, {
      Value: 5,
      Geometry: bng(box(x + 10, north + 10, x + 30, north + 30)),
    });
    expect(added.status).toBe(200);
    const again = await operate('POST', `/api/layers/v1/${layer.DataLayerId}/zones/restore`, {
      Zones: snapshotOf(after),
    });
    expect(again.status).toBe(200);
    expect(again.body.Removed).toEqual([added.body.Added[0]!.DataLayerZoneId]);
    expect(comparable(await zonesOf(layer.DataLayerId))).toEqual(comparable(before));
  });

  it('refuses a bad set by field and changes nothing', async () => {
    const { field, x } = await newField();
    const layer = await twoHalves(field.FieldId, x);
    const before = await zonesOf(layer.DataLayerId);
    const url = `/api/layers/v1/${layer.DataLayerId}/zones/restore`;
    const twice = await operate('POST', url, { Zones: [...snapshotOf(before), snapshotOf(before)[0]] });
    expect(twice.status).toBe(400);
    expect(twice.body.Errors?.[0]).toMatchObject({ Code: 'duplicateZone', Field: 'Zones.2.DataLayerZoneId' });
    const line = snapshotOf(before);
    line[1]!.Geometry = { WellKnownText: 'LINESTRING(-1.9 52.4,-1.8 52.5)', CoordinateSystemId: 4326 };
    const notPolygon = await operate('POST', url, { Zones: line });
    expect(notPolygon.status).toBe(400);
    expect(notPolygon.body.Errors?.[0]).toMatchObject({ Code: 'notPolygon', Field: 'Zones.1.Geometry' });
    const tooMany = await operate('POST', url, {
      Zones: Array.from({ length: 10_001 }, () => snapshotOf(before)[0]),
    });
    expect(tooMany.status).toBe(400);
    expect(comparable(await zonesOf(layer.DataLayerId))).toEqual(comparable(before));
  });
});
