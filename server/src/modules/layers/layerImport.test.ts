import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldResponse } from '@headland/domain/api/fieldsApi';
import {
  importPreviewResponseSchema,
  importTaskSchema,
  type DataLayer,
  type ImportTask,
  type LayerZone,
} from '@headland/domain/api/layersApi';
import { LayerTypeId } from '@headland/domain/layers/layerTypes';
import { multipartBody } from '../../testing/openApiRoutes.ts';
import { writeZippedPointShapefile } from '../../testing/pointShapefile.ts';
import { britishNationalGridPrj, writeZippedShapefile } from '../../testing/shapefileWriter.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';

let test: TestApp;
let farm: FieldsHolding;
let field: FieldResponse;
const x0 = 430_000;
const y0 = 310_000;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/fields/v1',
    headers: farm.headers,
    payload: { Name: 'Import field', Boundary: gridSquare(x0, y0, 200), srid: 27700 },
  });
  expect(response.statusCode, response.body).toBe(201);
  field = response.json<FieldResponse>();
}, 120_000);

afterAll(async () => {
  await test?.close();
});

async function preview(kind: 'soil' | 'yield', name: string, content: Buffer | Uint8Array) {
  const body = multipartBody(
    { kind },
    { field: 'file', name, type: 'application/octet-stream', content: Buffer.from(content) },
  );
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/layers/v1/import/preview',
    payload: body.payload,
    headers: { ...farm.headers, ...body.headers },
  });
  return response;
}

/** Commits a previewed import and polls its task until it ends. */
async function commit(importId: string, body: Record<string, unknown>): Promise<ImportTask> {
  const started = await test.app.inject({
    method: 'POST',
    url: `/api/layers/v1/import/${importId}/commit`,
    headers: farm.headers,
    payload: body,
  });
  expect(started.statusCode, started.body).toBe(202);
  let task = importTaskSchema.parse(started.json());
  const progress: number[] = [task.Progress];
  for (
    let attempt = 0;
    attempt < 600 && (task.Status === 'queued' || task.Status === 'running');
    attempt += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const polled = await test.app.inject({
      method: 'GET',
      url: `/api/layers/v1/import/tasks/${task.TaskId}`,
      headers: farm.headers,
    });
    task = importTaskSchema.parse(polled.json());
    progress.push(task.Progress);
  }
  // Progress never goes back.
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  return task;
}

async function layer(id: number): Promise<{ Layer: DataLayer; Zones: LayerZone[] }> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/layers/v1/${id}/zones?geometryFormat=wkt`,
    headers: farm.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('soil analysis import', () => {
  it('previews a lab CSV with guessed columns, then makes P, K, P index, pH and organic matter layers of the field', async () => {
    const csv = [
      'Sample,Easting,Northing,pH,P mg/l,K mg/l,P Index,OM %',
      `1,${x0 + 50},${y0 + 50},6.1,12,150,1,3.2`,
      `2,${x0 + 150},${y0 + 50},6.8,28,210,3,3.5`,
      `3,${x0 + 50},${y0 + 150},5.9,9,95,0,2.9`,
      `4,${x0 + 150},${y0 + 150},7.0,40,260,3,4.1`,
      `5,${x0 + 900},${y0 + 900},7.0,40,260,3,4.1`,
    ].join('\n');
    const response = await preview('soil', 'lab.csv', Buffer.from(csv));
    expect(response.statusCode, response.body).toBe(200);
    const previewed = importPreviewResponseSchema.parse(response.json());
    expect(previewed).toMatchObject({ Kind: 'soilCsv', RowCount: 5, GeometryType: 'Point' });
    expect(previewed.Mapping).toMatchObject({
      Easting: 'easting',
      Northing: 'northing',
      'P mg/l': 'P',
      'P Index': 'PIndex',
      pH: 'pH',
      'OM %': 'OrganicMatter',
    });
    const task = await commit(previewed.ImportId, {
      Mapping: previewed.Mapping,
      Year: 2025,
      Date: '2025-03-01',
    });
    expect(task, JSON.stringify(task)).toMatchObject({ Status: 'done', Progress: 100 });
    expect(task.LayerIds).toHaveLength(5);
    const layers = await Promise.all(task.LayerIds.map(layer));
    const pIndex = layers.find(
      (one) => one.Layer.TypeId === LayerTypeId.SoilPhosphorus && one.Layer.Unit === 'Index',
    )!;
    expect(pIndex.Layer).toMatchObject({
      FieldId: field.FieldId,
      PointCount: 4,
      ZoneCount: 4,
      Name: 'P Index 2025',
    });
    // One Voronoi cell per sample, together the whole 4 ha field; the sample outside every field is left out.
    expect(pIndex.Zones.reduce((sum, zone) => sum + zone.Area, 0)).toBeCloseTo(4, 1);
    expect(pIndex.Zones.map((zone) => zone.Value).sort()).toEqual([0, 1, 3, 3]);
    const ph = layers.find((one) => one.Layer.TypeId === LayerTypeId.SoilPh)!;
    expect(ph.Layer).toMatchObject({ MinValue: 5.9, MaxValue: 7, Unit: 'pH', Date: '2025-03-01' });
  });

  it('imports a zipped shapefile of sample zones as zones', async () => {
    const zip = writeZippedShapefile({
      columns: [
        { name: 'ZONE', type: 'N', length: 4 },
        { name: 'K', type: 'N', length: 8, decimals: 1 },
      ],
      features: [
        { polygons: [[gridSquare(x0, y0, 100).coordinates[0]!]], properties: { ZONE: 1, K: 110 } },
        { polygons: [[gridSquare(x0 + 100, y0, 100).coordinates[0]!]], properties: { ZONE: 2, K: 250 } },
      ],
      prj: britishNationalGridPrj,
    });
    const response = await preview('soil', 'zones.zip', zip);
    expect(response.statusCode, response.body).toBe(200);
    const previewed = importPreviewResponseSchema.parse(response.json());
    expect(previewed).toMatchObject({ Kind: 'soilShapefile', GeometryType: 'Polygon' });
    const task = await commit(previewed.ImportId, {
      Mapping: { ZONE: 'ignore', K: 'K' },
      Year: 2025,
      SoilUnit: 'Ppm',
    });
    expect(task.Status, JSON.stringify(task)).toBe('done');
    const [imported] = await Promise.all(task.LayerIds.map(layer));
    expect(imported!.Layer).toMatchObject({ TypeId: LayerTypeId.SoilPotassium, ZoneCount: 2, PointCount: 0 });
    for (const zone of imported!.Zones) expect(zone.Area).toBeCloseTo(1, 2);
  });

  it('refuses a file that is neither CSV nor a shapefile, and a CSV without position columns', async () => {
    const bad = await preview('soil', 'notes.txt', Buffer.from('just words'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors[0].Code).toBe('notCsv');
    const csv = await preview('soil', 'lab.csv', Buffer.from('Sample,P\n1,12\n'));
    const previewed = importPreviewResponseSchema.parse(csv.json());
    const refused = await test.app.inject({
      method: 'POST',
      url: `/api/layers/v1/import/${previewed.ImportId}/commit`,
      headers: farm.headers,
      payload: { Mapping: previewed.Mapping, Year: 2025 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors[0].Code).toBe('positionColumnsRequired');
  });
});

describe('yield import', () => {
  /** Passes east and west 10 m apart across the field with headland turns, yields 7-9 t/ha, some zero flow. */
  function combineRun(): { x: number; y: number; values: number[] }[] {
    const points: { x: number; y: number; values: number[] }[] = [];
    for (let pass = 0; pass < 20; pass += 1) {
      const y = y0 + 5 + pass * 10;
      const eastward = pass % 2 === 0;
      for (let step = 0; step <= 95; step += 1) {
        const x = eastward ? x0 + 5 + step * 2 : x0 + 195 - step * 2;
        const flow = step === 40 ? 0 : 2.5;
        points.push({ x, y, values: [7 + (x - x0) / 100, flow] });
      }
      // The turn at the headland: two points heading north.
      const edge = eastward ? x0 + 197 : x0 + 3;
      points.push({ x: edge, y: y + 3, values: [8, 2.5] }, { x: edge, y: y + 6, values: [8, 2.5] });
    }
    return points;
  }

  it('cleans a point shapefile of turns and zero flow, and grids it into 10 m zones', async () => {
    const points = combineRun();
    const zip = writeZippedPointShapefile({ columns: ['YLD', 'FLOW'], points, prj: britishNationalGridPrj });
    const response = await preview('yield', 'yield.zip', zip);
    expect(response.statusCode, response.body).toBe(200);
    const previewed = importPreviewResponseSchema.parse(response.json());
    expect(previewed).toMatchObject({
      Kind: 'yieldShapefile',
      GeometryType: 'Point',
      RowCount: points.length,
    });
    expect(previewed.Mapping).toMatchObject({ YLD: 'yield', FLOW: 'flow' });
    const task = await commit(previewed.ImportId, {
      Mapping: previewed.Mapping,
      Year: 2025,
      Date: '2025-08-12',
    });
    expect(task.Status, JSON.stringify(task)).toBe('done');
    const { Layer, Zones } = await layer(task.LayerIds[0]!);
    expect(Layer).toMatchObject({ TypeId: LayerTypeId.Yield, SubtypeId: 1, Unit: 't/ha', Year: 2025 });
    // The 20 zero-flow points and the turns (two to three points each) are gone.
    expect(Layer.PointCount).toBeLessThanOrEqual(points.length - 20 - 40);
    expect(Layer.PointCount).toBeGreaterThanOrEqual(points.length - 20 - 60);
    // 10 m cells over the 200 m square: about 400, cut to the field.
    expect(Zones.length).toBeGreaterThan(380);
    expect(Zones.length).toBeLessThan(450);
    // Cells with points, cut to the field: at most its 4 ha (cells along the edges may hold no point).
    const area = Zones.reduce((sum, zone) => sum + zone.Area, 0);
    expect(area).toBeGreaterThan(3.6);
    expect(area).toBeLessThan(4.01);
  });

  it('joins the grid into five yield zones from a CSV', async () => {
    const rows = combineRun().map((point) => `${point.x},${point.y},${point.values[0]},${point.values[1]}`);
    const response = await preview(
      'yield',
      'yield.csv',
      Buffer.from(['Easting,Northing,Yield,Flow', ...rows].join('\n')),
    );
    const previewed = importPreviewResponseSchema.parse(response.json());
    const task = await commit(previewed.ImportId, {
      Mapping: previewed.Mapping,
      Year: 2025,
      FieldId: field.FieldId,
      YieldOutput: 'zones',
    });
    expect(task.Status, JSON.stringify(task)).toBe('done');
    const { Zones } = await layer(task.LayerIds[0]!);
    expect(Zones).toHaveLength(5);
    const values = Zones.map((zone) => zone.Value!);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });
});
