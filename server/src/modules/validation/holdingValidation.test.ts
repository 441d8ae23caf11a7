import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CroppingResponse, FieldResponse, ValidationIssue } from '@headland/domain/api/fieldsApi';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
import { holdingIssueMessages } from '@headland/domain/holdingValidation';
import { sqlRows } from '../../db/sqlRows.ts';
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

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
});

afterAll(async () => {
  await test?.close();
});

async function field(name: string, east: number, north = 300_000, side = 200): Promise<number> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/fields/v1',
    headers: farm.headers,
    payload: { Name: name, Boundary: gridSquare(east, north, side), srid: 27700 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FieldResponse>().FieldId;
}

const wheat = { CropId: CropId.WinterWheat, Residue: CropResidue.Baled, Purpose: CropPurpose.Feed };

async function cropping(payload: Record<string, unknown>): Promise<number> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/croppings/v1',
    headers: farm.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CroppingResponse>().CroppingId;
}

/** Writes a cropping straight to the table: the API refuses the faulty data the validation must find. */
async function rawCropping(
  fieldId: number,
  values: { year: number; sown: string | null; end: string | null; area: number },
) {
  const [row] = await sqlRows<{ id: number }>(
    test.db,
    sql`INSERT INTO croppings (holding_id, field_id, year_id, crop_id, sowing_date, harvest_date, area, attributes)
        VALUES (${farm.holdingId}, ${fieldId}, ${values.year}, ${CropId.WinterWheat}, ${values.sown}::date,
                ${values.end}::date, ${values.area}, '{"Residue": 3, "Purpose": "Feed"}')
        RETURNING id`,
  );
  return row!.id;
}

/** A cropping of 2024 before the 2025 one, so that it has its previous crop. */
async function previousCrop(fieldId: number) {
  await cropping({
    ...wheat,
    FieldId: fieldId,
    YearId: 2024,
    SowingDate: '2023-10-01',
    HarvestDate: '2024-08-01',
  });
}

async function issues(headers = farm.headers, year = 2025): Promise<ValidationIssue[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/holdings/v1/validation?year=${year}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ValidationIssue[]>();
}

const codesOf = (all: ValidationIssue[], fieldId: number) =>
  all.filter((issue) => issue.FieldId === fieldId).map((issue) => issue.Code);

describe('holding validation', () => {
  it('finds each issue code on a holding built to show it, and nothing on a sound field', async () => {
    const sound = await field('Sound', 430_000);
    await previousCrop(sound);
    await cropping({
      ...wheat,
      FieldId: sound,
      YearId: 2025,
      SowingDate: '2024-10-01',
      HarvestDate: '2025-08-01',
    });

    const west = await field('West', 431_000);
    const east = await field('East', 431_100);

    const backwards = await field('Backwards', 432_000);
    await previousCrop(backwards);
    const backwardsCropping = await rawCropping(backwards, {
      year: 2025,
      sown: '2025-06-01',
      end: '2025-03-01',
      area: 4,
    });

    const misplaced = await field('Misplaced', 433_000);
    await previousCrop(misplaced);
    const misplacedCropping = await rawCropping(misplaced, {
      year: 2025,
      sown: '2022-10-01',
      end: '2023-08-01',
      area: 4,
    });

    const oversized = await field('Oversized', 434_000);
    await previousCrop(oversized);
    const oversizedCropping = await rawCropping(oversized, {
      year: 2025,
      sown: '2024-10-01',
      end: '2025-08-01',
      area: 5,
    });

    const crowded = await field('Crowded', 435_000);
    await previousCrop(crowded);
    const crowdedA = await rawCropping(crowded, {
      year: 2025,
      sown: '2024-10-01',
      end: '2025-08-01',
      area: 3,
    });
    const crowdedB = await rawCropping(crowded, {
      year: 2025,
      sown: '2024-10-15',
      end: '2025-08-05',
      area: 3,
    });

    const patchwork = await field('Patchwork', 436_000);
    await previousCrop(patchwork);
    const patchA = await cropping({
      ...wheat,
      FieldId: patchwork,
      SowingDate: '2024-10-01',
      HarvestDate: '2025-08-01',
      Boundary: gridSquare(436_000, 300_000, 100),
      srid: 27700,
    });
    const patchB = await cropping({
      ...wheat,
      FieldId: patchwork,
      SowingDate: '2024-10-02',
      HarvestDate: '2025-08-02',
      Boundary: gridSquare(436_050, 300_050, 100),
      srid: 27700,
    });

    const overhang = await field('Overhang', 437_000);
    await previousCrop(overhang);
    const overhangCropping = await cropping({
      ...wheat,
      FieldId: overhang,
      SowingDate: '2024-10-01',
      HarvestDate: '2025-08-01',
      Boundary: gridSquare(436_950, 300_000, 100),
      srid: 27700,
    });

    const newcomer = await field('Newcomer', 438_000);
    const newcomerCropping = await cropping({
      ...wheat,
      FieldId: newcomer,
      SowingDate: '2024-10-01',
      HarvestDate: '2025-08-01',
    });

    const all = await issues();
    for (const issue of all) expect(issue.Message).toBe(holdingIssueMessages[issue.Code]);

    expect(codesOf(all, sound)).toEqual([]);
    expect(all.filter((issue) => issue.Code === 1000)).toEqual([
      { Code: 1000, FieldId: west, CroppingIds: [], Message: "The field's boundary overlaps another field." },
      { Code: 1000, FieldId: east, CroppingIds: [], Message: "The field's boundary overlaps another field." },
    ]);
    expect(all).toContainEqual(
      expect.objectContaining({ Code: 2000, FieldId: backwards, CroppingId: backwardsCropping }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ Code: 2001, FieldId: misplaced, CroppingId: misplacedCropping }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ Code: 2002, FieldId: oversized, CroppingIds: [oversizedCropping] }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ Code: 2003, FieldId: crowded, CroppingIds: [crowdedA, crowdedB] }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ Code: 2004, FieldId: patchwork, CroppingIds: [patchA, patchB] }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ Code: 2005, FieldId: overhang, CroppingId: overhangCropping }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ Code: 2006, FieldId: newcomer, CroppingId: newcomerCropping }),
    );
    expect(codesOf(all, patchwork)).toEqual([2004]);
    expect(codesOf(all, overhang)).toEqual([2005]);

    // A restricted member is told nothing about croppings hidden from them.
    const member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [
      overhangCropping,
      newcomerCropping,
    ]);
    const theirs = await issues(member.headers);
    expect(codesOf(theirs, overhang)).toEqual([]);
    expect(codesOf(theirs, newcomer)).toEqual([]);
    expect(codesOf(theirs, patchwork)).toEqual([2004]);
  });

  it('lets cropping boundaries share ground when the crops follow one another', async () => {
    const sequence = await field('Sequence', 440_000);
    await previousCrop(sequence);
    const square = gridSquare(440_000, 300_000, 100);
    await cropping({
      CropId: CropId.CoverCrop,
      FieldId: sequence,
      SowingDate: '2024-08-20',
      DestructionDate: '2025-02-01',
      Boundary: square,
      srid: 27700,
    });
    await cropping({
      CropId: CropId.SugarBeet,
      FieldId: sequence,
      SowingDate: '2025-03-20',
      HarvestDate: '2025-10-01',
      Boundary: square,
      srid: 27700,
    });
    expect(codesOf(await issues(), sequence)).not.toContain(2004);
  });

  it('checks 2,000 fields quickly', async () => {
    const features = Array.from({ length: 2_000 }, (_, index) => {
      const east = 500_000 + (index % 50) * 250;
      const north = 200_000 + Math.floor(index / 50) * 250;
      // Every tenth square reaches into its neighbour.
      const side = index % 10 === 0 ? 300 : 200;
      return { Properties: { name: `Bulk ${index}` }, Geometry: gridSquare(east, north, side) };
    });
    const bulk = await createFieldsHolding(test.app, test.db);
    const [toWgs84] = await sqlRows<{ features: { Properties: object; Geometry: object }[] }>(
      test.db,
      sql`SELECT json_agg(json_build_object('Properties', f->'Properties',
                 'Geometry', ST_AsGeoJSON(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(f->>'Geometry'), 27700), 4326))::json)) AS features
            FROM json_array_elements(${JSON.stringify(features)}::json) AS f`,
    );
    const commit = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1/import/commit',
      headers: bulk.headers,
      payload: { NameProperty: 'name', Features: toWgs84!.features },
    });
    expect(commit.statusCode, commit.body).toBe(201);
    const started = performance.now();
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/validation?year=2025',
      headers: bulk.headers,
    });
    const elapsed = performance.now() - started;
    const overlaps = response.json<ValidationIssue[]>().filter((issue) => issue.Code === 1000);
    // 200 oversized squares, each reaching into its east and north neighbours (the last column only north).
    expect(overlaps.length).toBeGreaterThanOrEqual(200);
    expect(elapsed).toBeLessThan(10_000);
  });
});
