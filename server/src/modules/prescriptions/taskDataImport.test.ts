import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import type { ImportCommitResponse, ImportPreviewResponse } from '@headland/domain/api/fieldsApi';
import { RateUnitId } from '@headland/domain/layers/rateUnits';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { createFieldsHolding, type FieldsHolding } from '../../testing/fieldsFixtures.ts';
import { prescriptionFile } from './prescriptionFiles.ts';
import type { PlanFileRow } from './prescriptions.queries.ts';

// A TASKDATA this server writes for a terminal is read back by the boundary import: its partfields become
// fields. The file is made by the prescription writer itself, so a change to either side shows here.

let test: TestApp;
let farm: FieldsHolding;

beforeAll(async () => {
  test = await createTestApp();
  farm = await createFieldsHolding(test.app, test.db);
});

afterAll(async () => {
  await test?.close();
});

/** A square of `side` degrees at (lon, lat), anticlockwise, as a MultiPolygon. */
function square(lon: number, lat: number, side: number): PlanFileRow['boundary'] {
  return {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [lon, lat],
          [lon + side, lat],
          [lon + side, lat + side],
          [lon, lat + side],
          [lon, lat],
        ],
      ],
    ],
  };
}

function planField(fieldId: number, fieldName: string, lon: number): PlanFileRow {
  const boundary = square(lon, 52.1, 0.004);
  return {
    fieldId,
    fieldName,
    boundary,
    zones: [{ id: fieldId, number: 1, rate: 120, areaHa: 7.6, geometry: boundary }],
  };
}

async function taskData(): Promise<Uint8Array> {
  const file = await prescriptionFile(
    {
      fileName: 'Spring_N',
      holdingName: 'Home Farm',
      planName: 'Spring N',
      productName: 'AN 34.5',
      rateUnitId: RateUnitId.KgHa,
      rateUnitName: 'kg/ha',
      cellSize: 10,
      fields: [planField(1, 'Long Acre', -1.2), planField(2, 'Top Piece', -1.19)],
    },
    'isoxml',
  );
  return file.bytes;
}

function upload(bytes: Uint8Array, fileName: string) {
  const boundary = '----headland-taskdata';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return test.app.inject({
    method: 'POST',
    url: '/api/fields/v1/import/preview',
    payload: Buffer.concat([head, Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...farm.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('TASKDATA boundary import', () => {
  it('previews the partfields of a prescription TASKDATA, with their names, and creates them as fields', async () => {
    const response = await upload(await taskData(), 'Spring_N_TASKDATA.zip');
    expect(response.statusCode).toBe(200);
    const preview = response.json<ImportPreviewResponse>();
    expect(preview.Format).toBe('taskdata');
    expect(preview.SourceSrid).toBe(4326);
    expect(preview.Features.map((feature) => feature.Properties.Name)).toEqual(['Long Acre', 'Top Piece']);
    // 0.004 degrees square at 52.1 N: about 445 m by 274 m, measured by PostGIS.
    for (const feature of preview.Features) expect(feature.Area).toBeCloseTo(12.2, 0);

    const commit = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: farm.headers,
      payload: {
        NameProperty: 'Name',
        FileName: 'Spring_N_TASKDATA.zip',
        Features: preview.Features.map((feature) => ({
          Properties: feature.Properties,
          Geometry: feature.Geometry,
        })),
      },
    });
    expect(commit.statusCode).toBe(201);
    expect(commit.json<ImportCommitResponse>().Fields.map((field) => field.Name)).toEqual([
      'Long Acre',
      'Top Piece',
    ]);
  });

  it('reads a bare TASKDATA.XML as well as its zip', async () => {
    const { unzipSync } = await import('fflate');
    const files = unzipSync(await taskData());
    const xml = Object.entries(files).find(([name]) => /TASKDATA\.XML$/i.test(name))![1];
    const response = await upload(xml, 'TASKDATA.XML');
    expect(response.statusCode).toBe(200);
    expect(response.json<ImportPreviewResponse>().Features).toHaveLength(2);
  });

  it('refuses, in words, task data that is broken or has no partfield', async () => {
    const broken = zipSync({ 'TASKDATA/TASKDATA.XML': strToU8('<ISO11783_TaskData VersionMajor="4"><PFD') });
    const brokenAnswer = await upload(broken, 'TASKDATA.zip');
    expect(brokenAnswer.statusCode).toBe(400);
    expect(brokenAnswer.json<{ Message: string }>().Message).toBe(
      'The ISOXML TASKDATA file could not be read.',
    );
    const empty = strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><ISO11783_TaskData VersionMajor="4" VersionMinor="3" ' +
        'DataTransferOrigin="1" ManagementSoftwareManufacturer="x" ManagementSoftwareVersion="1"></ISO11783_TaskData>',
    );
    const emptyAnswer = await upload(empty, 'TASKDATA.XML');
    expect(emptyAnswer.statusCode).toBe(400);
    expect(emptyAnswer.json<{ Message: string }>().Message).toBe('The TASKDATA file holds no partfield.');
  });
});
