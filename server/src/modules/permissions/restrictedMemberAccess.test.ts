import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CroppingResponse, FieldResponse } from '@headland/domain/api/fieldsApi';
import { tileOfPoint } from '@headland/domain/api/fieldTilesApi';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
import { VectorTile } from '@mapbox/vector-tile';
import Protobuf from 'pbf';
import { sqlRows } from '../../db/sqlRows.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import {
  createFieldsHolding,
  gridSquare,
  seedCropTable,
  signInRestrictedMember,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';

/**
 * Walks every route of the API as a restricted member who is not authorised on one cropping, and checks that
 * nothing of that cropping comes back: not its id, not its description, and that it cannot be read, changed
 * or deleted. Every route must be either walked here or listed as answering nothing about croppings, fields or
 * layers, so a new route is judged the day it is added.
 */

let test: TestApp;
let farm: FieldsHolding;
let member: { userId: number; headers: { authorization: string } };
let fieldId: number;
let visibleId: number;
let hiddenId: number;
const secret = 'Secret trial plot';

const wheat = {
  CropId: CropId.WinterWheat,
  Residue: CropResidue.Baled,
  Purpose: CropPurpose.Milling,
  SowingDate: '2024-10-01',
  HarvestDate: '2025-08-10',
};

function inject(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject(options);
}

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db, { features: { perHoldingPermissions: true } });
  const field = await inject(test.app, {
    method: 'POST',
    url: '/api/fields/v1',
    headers: farm.headers,
    payload: { Name: 'Split', Boundary: gridSquare(420_000, 300_000, 200), srid: 27700 },
  });
  fieldId = field.json<FieldResponse>().FieldId;
  const create = async (extra: Record<string, unknown>) => {
    const response = await inject(test.app, {
      method: 'POST',
      url: '/api/croppings/v1',
      headers: farm.headers,
      payload: { ...wheat, FieldId: fieldId, Area: 1.5, ...extra },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CroppingResponse>().CroppingId;
  };
  visibleId = await create({});
  hiddenId = await create({ CropDescr: secret, VarietyName: secret });
  member = await signInRestrictedMember(test.app, test.db, farm.holdingId, [hiddenId]);
});

afterAll(async () => {
  await test?.close();
});

/** Every cropping id a JSON answer mentions, under any key naming a cropping id or ids. */
function croppingIdsIn(value: unknown, key = ''): number[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) =>
      typeof item === 'number' && /croppingids?$/i.test(key) ? [item] : croppingIdsIn(item, key),
    );
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([inner, child]) =>
      typeof child === 'number' && /croppingid$/i.test(inner) ? [child] : croppingIdsIn(child, inner),
    );
  }
  return [];
}

/** The text of an answer: JSON as it is, a zip as the text of every file in it. */
function answerText(response: LightMyRequestResponse): string {
  if (String(response.headers['content-type']).startsWith('application/zip')) {
    const files = unzipSync(new Uint8Array(response.rawPayload));
    return Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
  }
  return response.body;
}

function expectNothingHidden(response: LightMyRequestResponse, route: string): void {
  const text = answerText(response);
  expect(text, route).not.toContain(secret);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a zip's several files): the description check above covers it, ids are checked per file.
    for (const part of text.split('\n')) {
      try {
        expect(croppingIdsIn(JSON.parse(part)), route).not.toContain(hiddenId);
      } catch {
        // A line that is not a JSON document on its own.
      }
    }
    return;
  }
  expect(croppingIdsIn(parsed), route).not.toContain(hiddenId);
}

type Probe = () => Promise<LightMyRequestResponse[]>;

const call = (method: string, url: string, payload?: unknown) =>
  inject(test.app, {
    method: method as 'GET',
    url,
    headers: member.headers,
    ...(payload ? { payload } : {}),
  });

let hiddenLayer: Promise<{ layerId: number; zoneId: number }> | undefined;

/** A layer of the hidden cropping, named with the secret, with one zone: made by the owner on first use. */
function hiddenLayerIds(): Promise<{ layerId: number; zoneId: number }> {
  hiddenLayer ??= (async () => {
    const created = await inject(test.app, {
      method: 'POST',
      url: '/api/layers/v1',
      headers: farm.headers,
      payload: {
        TypeId: 10,
        Scope: 2,
        HoldingId: farm.holdingId,
        CroppingId: hiddenId,
        Year: 2025,
        Name: secret,
        Zones: [
          {
            Value: 6.2,
            Label: secret,
            Geometry: {
              WellKnownText:
                'POLYGON((420000 300000,420100 300000,420100 300100,420000 300100,420000 300000))',
              CoordinateSystemId: 27700,
            },
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const layerId = created.json<{ DataLayerId: number }>().DataLayerId;
    const zones = await inject(test.app, {
      method: 'GET',
      url: `/api/layers/v1/${layerId}/zones`,
      headers: farm.headers,
    });
    return {
      layerId,
      zoneId: zones.json<{ Zones: { DataLayerZoneId: number }[] }>().Zones[0]!.DataLayerZoneId,
    };
  })();
  return hiddenLayer;
}

const square = {
  WellKnownText: 'POLYGON((420010 300010,420020 300010,420020 300020,420010 300020,420010 300010))',
  CoordinateSystemId: 27700,
};

/** The data layers API: layers of a hidden cropping (and of its field in that year) are neither seen nor changed. */
const layerProbes: Record<string, Probe> = {
  'GET /api/layers/v1/types': async () => [await call('GET', '/api/layers/v1/types')],
  'GET /api/layers/v1/holding/{holdingId}/year/{yearId}': async () => {
    await hiddenLayerIds();
    return [await call('GET', `/api/layers/v1/holding/${farm.holdingId}/year/2025`)];
  },
  'GET /api/layers/v1/holding/{holdingId}/year/{yearId}/totals': async () => [
    await call('GET', `/api/layers/v1/holding/${farm.holdingId}/year/2025/totals`),
  ],
  'POST /api/layers/v1': async () => [
    await call('POST', '/api/layers/v1', {
      TypeId: 10,
      Scope: 2,
      HoldingId: farm.holdingId,
      CroppingId: hiddenId,
      Year: 2025,
      Name: 'x',
    }),
    await call('POST', '/api/layers/v1', {
      TypeId: 10,
      Scope: 1,
      HoldingId: farm.holdingId,
      FieldId: fieldId,
      Year: 2025,
      Name: 'x',
    }),
  ],
  'PUT /api/layers/v1/{id}': async () => [
    await call('PUT', `/api/layers/v1/${(await hiddenLayerIds()).layerId}`, { Name: 'renamed' }),
  ],
  'DELETE /api/layers/v1/{id}': async () => [
    await call('DELETE', `/api/layers/v1/${(await hiddenLayerIds()).layerId}`),
  ],
  'GET /api/layers/v1/{id}/zones': async () => [
    await call('GET', `/api/layers/v1/${(await hiddenLayerIds()).layerId}/zones?geometryFormat=wkt`),
  ],
  'GET /api/layers/v1/{id}/points': async () => [
    await call('GET', `/api/layers/v1/${(await hiddenLayerIds()).layerId}/points`),
  ],
  'POST /api/layers/v1/{id}/zones/add': async () => [
    await call('POST', `/api/layers/v1/${(await hiddenLayerIds()).layerId}/zones/add`, {
      Value: 1,
      Geometry: square,
    }),
  ],
  // An empty set would remove every zone of the layer: refused, the layer stays as the owner made it (below).
  'POST /api/layers/v1/{id}/zones/restore': async () => [
    await call('POST', `/api/layers/v1/${(await hiddenLayerIds()).layerId}/zones/restore`, { Zones: [] }),
  ],
  'POST /api/layers/v1/{id}/zones/cut': async () => [
    await call('POST', `/api/layers/v1/${(await hiddenLayerIds()).layerId}/zones/cut`, { Geometry: square }),
  ],
  'POST /api/layers/v1/{id}/zones/split': async () => {
    const { layerId, zoneId } = await hiddenLayerIds();
    return [
      await call('POST', `/api/layers/v1/${layerId}/zones/split`, {
        ZoneId: zoneId,
        Line: { WellKnownText: 'LINESTRING(419990 300050,420110 300050)', CoordinateSystemId: 27700 },
      }),
    ];
  },
  'POST /api/layers/v1/{id}/zones/merge': async () => {
    const { layerId, zoneId } = await hiddenLayerIds();
    return [await call('POST', `/api/layers/v1/${layerId}/zones/merge`, { ZoneIds: [zoneId, zoneId + 1] })];
  },
  'POST /api/layers/v1/{id}/reset': async () => [
    await call('POST', `/api/layers/v1/${(await hiddenLayerIds()).layerId}/reset`),
  ],
  'PUT /api/layers/v1/{id}/zones/{zoneId}': async () => {
    const { layerId, zoneId } = await hiddenLayerIds();
    return [await call('PUT', `/api/layers/v1/${layerId}/zones/${zoneId}`, { Value: 1 })];
  },
  'DELETE /api/layers/v1/{id}/zones/{zoneId}': async () => {
    const { layerId, zoneId } = await hiddenLayerIds();
    return [await call('DELETE', `/api/layers/v1/${layerId}/zones/${zoneId}`)];
  },
  'POST /api/layers/v1/{id}/zones/{zoneId}/reset': async () => {
    const { layerId, zoneId } = await hiddenLayerIds();
    return [await call('POST', `/api/layers/v1/${layerId}/zones/${zoneId}/reset`)];
  },
  'POST /api/layers/v1/requirement': async () => [
    await call('POST', '/api/layers/v1/requirement', {
      SoilLayerId: (await hiddenLayerIds()).layerId,
      CroppingId: visibleId,
      NutrientId: 6,
    }),
  ],
  'POST /api/layers/v1/application': async () => [
    await call('POST', '/api/layers/v1/application', {
      RequirementLayerId: (await hiddenLayerIds()).layerId,
      ProductId: 13,
      PlanName: 'x',
    }),
  ],
  'POST /api/layers/v1/import/preview': async () => [await call('POST', '/api/layers/v1/import/preview', {})],
  'POST /api/layers/v1/import/{importId}/commit': async () => [
    await call('POST', `/api/layers/v1/import/${'0'.repeat(32)}/commit`, { Mapping: {}, Year: 2025 }),
  ],
  'GET /api/layers/v1/import/tasks/{taskId}': async () => [
    await call('GET', '/api/layers/v1/import/tasks/1'),
  ],
};

/**
 * The exports: the field of a hidden cropping is left out of the year's fields whatever the format (a zip is
 * read as the text of its files, where the .dbf holds the attributes), and a hidden cropping's layer is not found.
 */
const exportProbes: Record<string, Probe> = {
  'GET /api/export/v1/fields': async () => {
    const responses = await Promise.all(
      ['geojson', 'kml', 'shapefile'].map((format) =>
        call('GET', `/api/export/v1/fields?year=2025&format=${format}`),
      ),
    );
    // Answered, so that the check of what came back is not empty: the field itself is left out.
    for (const response of responses) expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(responses[0]!.json<{ features: unknown[] }>().features).toEqual([]);
    return responses;
  },
  'GET /api/export/v1/layers/{id}': async () => {
    const response = await call(
      'GET',
      `/api/export/v1/layers/${(await hiddenLayerIds()).layerId}?format=kml`,
    );
    expect(response.statusCode).toBe(404);
    return [response];
  },
};

/** Routes that answer or change croppings, fields or layers, and how each is walked. */
let hiddenPlan: Promise<number> | undefined;

/** A prescription plan made by the owner from the hidden cropping's layer: its only field is the hidden one. */
function hiddenPlanId(): Promise<number> {
  hiddenPlan ??= (async () => {
    const created = await inject(test.app, {
      method: 'POST',
      url: '/api/plans/v1/prescriptions',
      headers: farm.headers,
      payload: {
        Name: 'Owner plan',
        Year: 2025,
        LayerId: (await hiddenLayerIds()).layerId,
        ProductKey: 'F/1',
        ProductName: 'Ammonium nitrate',
        RateUnitId: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ Plan: { Id: number } }>().Plan.Id;
  })();
  return hiddenPlan;
}

/**
 * Prescription plans: the member may list and open the owner's plan, whose fields, zones, totals and files must
 * leave out the field of the hidden cropping; a plan from the hidden cropping's layer cannot be made.
 */
const planProbes: Record<string, Probe> = Object.fromEntries(
  Object.entries({
    'GET /api/plans/v1/prescriptions': async () => {
      await hiddenPlanId();
      return [await call('GET', '/api/plans/v1/prescriptions?year=2025')];
    },
    'POST /api/plans/v1/prescriptions': async () => [
      await call('POST', '/api/plans/v1/prescriptions', {
        Name: 'Member plan',
        Year: 2025,
        LayerId: (await hiddenLayerIds()).layerId,
        ProductKey: 'F/1',
        ProductName: 'Ammonium nitrate',
        RateUnitId: 1,
      }),
    ],
    'GET /api/plans/v1/prescriptions/{id}': async () => [
      await call('GET', `/api/plans/v1/prescriptions/${await hiddenPlanId()}`),
    ],
    'PUT /api/plans/v1/prescriptions/{id}': async () => [
      await call('PUT', `/api/plans/v1/prescriptions/${await hiddenPlanId()}`, { Name: 'Renamed' }),
    ],
    'DELETE /api/plans/v1/prescriptions/{id}': async () => [
      await call('DELETE', `/api/plans/v1/prescriptions/${await hiddenPlanId()}`),
    ],
    'GET /api/plans/v1/prescriptions/{id}/file': async () => {
      const id = await hiddenPlanId();
      return Promise.all(
        ['shapefile', 'shapefileRx', 'isoxml'].map((format) =>
          call('GET', `/api/plans/v1/prescriptions/${id}/file?format=${format}`),
        ),
      );
    },
  }).map(([route, probe]) => [
    route,
    async () => {
      const responses = await probe();
      // The hidden cropping's field by its name, which a plan's fields, zones and files carry.
      for (const response of responses) expect(answerText(response), route).not.toContain('Split');
      return responses;
    },
  ]),
);

let sharingPartner: Promise<number> | undefined;

/** A partner with which the owner shares the hidden cropping of 2025 (rows written directly: no documents). */
function partnerSharingHidden(): Promise<number> {
  sharingPartner ??= (async () => {
    const [partner] = await sqlRows<{ id: number }>(
      test.db,
      sql`INSERT INTO partners (name) VALUES ('Sharing partner') RETURNING id`,
    );
    await test.db.execute(sql`
      INSERT INTO partner_croppings (partner_id, cropping_id, holding_id, year_id)
      VALUES (${partner!.id}, ${hiddenId}, ${farm.holdingId}, 2025)`);
    return partner!.id;
  })();
  return sharingPartner;
}

/** Partners: a cropping shared with a partner is listed only to those who see it, and named only by them. */
const partnerProbes: Record<string, Probe> = {
  'GET /api/partners/year/{year}/current': async () => {
    await partnerSharingHidden();
    return [await call('GET', '/api/partners/year/2025/current')];
  },
  'POST /api/partners/update': async () => {
    const response = await call('POST', '/api/partners/update', {
      partnerId: await partnerSharingHidden(),
      yearId: 2025,
      enabled: false,
      croppings: { [hiddenId]: 'disabled' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const [row] = await sqlRows<{ count: number }>(
      test.db,
      sql`SELECT count(*)::int AS count FROM partner_croppings WHERE cropping_id = ${hiddenId}`,
    );
    expect(row!.count).toBe(1);
    return [response];
  },
};

const walked: Record<string, Probe> = {
  ...exportProbes,
  ...planProbes,
  'GET /api/fields/v1': async () => [await call('GET', '/api/fields/v1?year=2025')],
  'GET /api/fields/v1/{id}': async () => [await call('GET', `/api/fields/v1/${fieldId}`)],
  // A tile is binary: its croppings layer is read here; the walk's text checks see only JSON.
  'GET /api/fields/v1/tiles/{z}/{x}/{y}': async () => {
    const [centre] = await sqlRows<{ lon: number; lat: number }>(
      test.db,
      sql`SELECT ST_X(ST_Centroid(boundary)) AS lon, ST_Y(ST_Centroid(boundary)) AS lat FROM fields WHERE id = ${fieldId}`,
    );
    const { z, x, y } = tileOfPoint(Number(centre!.lon), Number(centre!.lat), 15);
    const response = await call('GET', `/api/fields/v1/tiles/${z}/${x}/${y}?year=2025`);
    expect(response.statusCode).toBe(200);
    const croppings = new VectorTile(new Protobuf(response.rawPayload)).layers.croppings;
    const ids = Array.from({ length: croppings?.length ?? 0 }, (_, i) => croppings!.feature(i).id);
    expect(ids).toContain(visibleId);
    expect(ids).not.toContain(hiddenId);
    return [response];
  },
  'POST /api/fields/v1': async () => [
    await call('POST', '/api/fields/v1', {
      Name: 'New',
      Boundary: gridSquare(425_000, 300_000, 100),
      srid: 27700,
    }),
  ],
  'PUT /api/fields/v1/{id}': async () => [
    await call('PUT', `/api/fields/v1/${fieldId}`, { FieldGroup: 'Walked' }),
  ],
  'DELETE /api/fields/v1/{id}': async () => {
    const response = await call('DELETE', `/api/fields/v1/${fieldId}`);
    // A field with croppings the member cannot see is not theirs to delete.
    expect(response.statusCode).toBe(403);
    return [response];
  },
  'GET /api/croppings/v1': async () => {
    const response = await call('GET', '/api/croppings/v1?year=2025');
    expect(response.json<CroppingResponse[]>().map((cropping) => cropping.CroppingId)).toContain(visibleId);
    return [response];
  },
  'GET /api/croppings/v1/{id}': async () => {
    const visible = await call('GET', `/api/croppings/v1/${visibleId}`);
    expect(visible.statusCode).toBe(200);
    const hidden = await call('GET', `/api/croppings/v1/${hiddenId}`);
    expect(hidden.statusCode).toBe(404);
    return [visible, hidden];
  },
  'POST /api/croppings/v1': async () => {
    // A cropping the next year on the same field: its links to neighbouring croppings must skip the hidden one.
    const response = await call('POST', '/api/croppings/v1', {
      ...wheat,
      FieldId: fieldId,
      YearId: 2026,
      Area: 1,
      SowingDate: '2025-10-01',
      HarvestDate: '2026-08-10',
    });
    expect(response.statusCode, response.body).toBe(201);
    return [response];
  },
  'PUT /api/croppings/v1/{id}': async () => {
    const hidden = await call('PUT', `/api/croppings/v1/${hiddenId}`, { Area: 1 });
    expect(hidden.statusCode).toBe(404);
    const visible = await call('PUT', `/api/croppings/v1/${visibleId}`, { Area: 1.4 });
    expect(visible.statusCode, visible.body).toBe(200);
    return [hidden, visible];
  },
  'DELETE /api/croppings/v1/{id}': async () => {
    const hidden = await call('DELETE', `/api/croppings/v1/${hiddenId}`);
    expect(hidden.statusCode).toBe(404);
    return [hidden];
  },
  'GET /api/holdings/v1/validation': async () => [await call('GET', '/api/holdings/v1/validation?year=2025')],
  'GET /api/holdings/v1/dashboard': async () => [await call('GET', '/api/holdings/v1/dashboard?year=2025')],
  'GET /api/holdings/v1/permissions': async () => [
    await call('GET', '/api/holdings/v1/permissions?year=2025'),
  ],
  'POST /api/session/v1/holdings/select': async () => {
    const response = await call('POST', '/api/session/v1/holdings/select', {
      holdingId: farm.holdingId,
      reuseSession: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return [response];
  },
  'POST /api/session/v1': async () => [await call('POST', '/api/session/v1', { return: { sessions: true } })],
  'POST /api/export/omnia/holding/{id}': async () => [
    await call('POST', `/api/export/omnia/holding/${farm.holdingId}`),
  ],
  // The document library: documents.test.ts checks that pictures taken in a hidden cropping stay hidden.
  'GET /api/import/document/read/{holdingId}/{x}': async () => [
    await call('GET', `/api/import/document/read/${farm.holdingId}/2025`),
  ],
  'POST /api/import/document/read/ids': async () => [
    await call('POST', '/api/import/document/read/ids', { Ids: [1, 2, 3] }),
  ],
  'POST /api/import/document/import/{holdingId}/{yearId}': async () => [
    await call('POST', `/api/import/document/import/${farm.holdingId}/2025`, {}),
  ],
  'POST /api/import/document/delete/{id}': async () => [await call('POST', '/api/import/document/delete/1')],
  'POST /api/import/document/edit': async () => [
    await call('POST', '/api/import/document/edit', {
      ImportDocumentId: 1,
      FileName: 'a',
      Description: null,
      Year: 2025,
      ExifDate: null,
    }),
  ],
  'GET /api/img/{holdingId}/{name}/{ext}': async () => [
    await call('GET', `/api/img/${farm.holdingId}/${'0'.repeat(32)}/jpg`),
  ],
  ...layerProbes,
  ...partnerProbes,
};

/** Routes that answer nothing about croppings, fields or layers, with why. */
const notAboutCroppings: Record<string, string> = {
  'GET /api/health': 'server state',
  'POST /api/plans/v1/validate': 'whether plan names are free in the holding, never a field or cropping',
  'POST /api/partners/legal-documents/sign': 'signatures of legal documents, never a field or cropping',
  'GET /api/service/brand': 'the brand the request is served as',
  'GET /api/shared-data/v2/': 'reference lists (crops, varieties, styles), the same for every holding',
  'POST /oauth/token': 'sign-in',
  'GET /api/session/v1/login': 'sign-in state',
  'DELETE /api/session/v1/logout': 'sign-out',
  'POST /api/session/v1/start': 'user, years and holding names',
  'GET /api/session/v1/holdings/query': 'holding names',
  'PUT /api/holdings/v1/year': 'answers true',
  'POST /api/user/v1/tcs/accept': 'own account',
  'POST /api/user/v1/password/change': 'own account',
  'POST /api/user/v1/user': 'own account',
  'POST /api/user/v1/email/confirm': 'own account',
  'POST /api/service/settings/save': 'settings',
  'GET /api/imports/v1/tasks':
    'the caller’s own imports: ids, file names and status; an import never writes a layer on a hidden field',
  'POST /api/fields/v1/import/preview': 'the uploaded file’s own features, and names of fields they overlap',
  'POST /api/fields/v1/import/commit':
    'ids and names of the new and replaced fields, a count of clipped croppings',
  'GET /api/service/holdings': 'holding details',
  'GET /api/service/holding/current': 'holding details',
  'GET /api/holdings/v1/status': 'towns and weather',
  'PUT /api/holdings/v1': 'holding details',
  'POST /api/holdings/v1': 'holding details (an NVZ change applies to fields without answering them)',
  'GET /api/dashboard/holding/empty/{id}': 'a flag',
  'POST /api/dashboard/holding/delete/{id}': 'a flag; only empty holdings',
  'POST /api/import/omnia/holding':
    'creates a new holding of the caller’s own, or replaces one they may change',
  'POST /api/import/omnia/holding/preview':
    'the uploaded file’s own counts, and names of the caller’s holdings',
  'GET /api/nutrition2/v1/migration/status': 'two years',
  'POST /api/nutrition2/v1/migration/status/{year}': 'two years',
  'POST /api/holdings/v1/permissions': 'users; cropping authorisations only to managers',
  'POST /api/holdings/v1/permissions/role/restricted': 'answers true',
  'POST /api/holdings/v1/invites/send': 'invitations, to managers only',
  'DELETE /api/holdings/v1/invites/cancel': 'invitations, to managers only',
  'GET /api/invites/v1/{id}': 'an invitation',
  // Live collaboration. The live socket is not in the document: its events are filtered per member in live.test.ts.
  'POST /api/session/v1/notification': 'answers true',
  'POST /api/session/v1/disconnect': 'answers true',
  'POST /api/session/v1/error': 'answers true',
  'GET /maintenance.json': 'maintenance windows',
  // Custom base maps: tile addresses of the holding, Master and above only.
  'GET /api/holdings/v1/basemaps': 'base map addresses, Master and above only',
  'POST /api/holdings/v1/basemaps': 'a base map address, Master and above only',
  'PUT /api/holdings/v1/basemaps/{id}': 'a base map address, Master and above only',
  'DELETE /api/holdings/v1/basemaps/{id}': 'answers true, Master and above only',
  'POST /api/maintenance/v1': 'a maintenance window, Admin only',
  'DELETE /api/maintenance/v1/{id}': 'answers true, Admin only',
  // Accounts and languages: no holding is open on these calls.
  'POST /api/user/v1/password/reset': 'answers true whatever the address',
  'POST /api/user/v1/login/reset': 'a password set from an e-mailed link',
  'POST /api/signup/v1/validate/': 'a temporary sign-in token for a sign-up link',
  'POST /api/signup/v1/request': 'answers true whatever the address',
  'GET /api/session/v1/login/sso/check': 'a login link chosen by the e-mail domain',
  'GET /api/signup/v1/data': 'the signing-up user’s own names, invitations, towns and terms',
  'POST /api/signup/v1/setup': 'the signing-up user’s own account and new holding',
  'POST /api/signup/v1/auto': 'the signing-up user’s own account',
  'POST /api/signup/v1/access': 'a new account’s sign-up link, Admin only',
  'POST /api/signup/v1/cancel': 'answers true',
  'GET /api/signup/v1/addresses/lookup/{text}': 'post code addresses',
  'GET /api/signup/v1/addresses/get/{udprn}': 'a post code address',
  'GET /resources/{lang}/text.json': 'the product’s texts',
  'GET /api/intl/v1/text/language/{lang}': 'the product’s texts',
  // Connected apps: connections, their provider's organisations and machines, never a field or cropping.
  'GET /api/apps/available': 'the apps that can be connected',
  'POST /api/apps/create': 'a connection and a provider address',
  'GET /api/apps/check': 'a connection',
  'GET /api/apps/get/all': 'connections',
  'POST /api/apps/cancel': 'a connection id',
  'POST /api/apps/disconnect': 'a connection id',
  'POST /api/apps/validate/basic': 'answers true or false',
  'GET /api/apps/config/{connectionId}': 'organisations of the provider account',
  'POST /api/apps/config': 'a connection',
  'GET /api/apps/machines/{connectionId}': 'machines of the provider account',
  'GET /api/apps/callback': 'a page saying whether the app is connected',
  'GET /api/storage/folder/contents': 'the entries of a folder of an app account’s file store',
  'GET /api/storage/file': 'a file of an app account’s file store',
};

describe('a restricted member', () => {
  it('meets no route that is neither walked nor known to answer nothing of croppings', () => {
    const document = test.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const unjudged = routes.filter((route) => !(route in walked) && !(route in notAboutCroppings));
    expect(unjudged).toEqual([]);
    const stale = [...Object.keys(walked), ...Object.keys(notAboutCroppings)].filter(
      (route) => !routes.includes(route),
    );
    expect(stale).toEqual([]);
  });

  it.each(Object.keys(walked))('learns nothing of a hidden cropping through %s', async (route) => {
    const responses = await walked[route]!();
    for (const response of responses) {
      expect(response.statusCode, `${route}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      expectNothingHidden(response, route);
    }
  });

  it('leaves the hidden cropping’s layer as the owner made it', async () => {
    const { layerId } = await hiddenLayerIds();
    const zones = await inject(test.app, {
      method: 'GET',
      url: `/api/layers/v1/${layerId}/zones?geometryFormat=wkt`,
      headers: farm.headers,
    });
    expect(zones.statusCode).toBe(200);
    expect(zones.json()).toMatchObject({
      Layer: { Name: secret, ZoneCount: 1 },
      Zones: [{ Value: 6.2, Label: secret }],
    });
  });

  it('still sees the hidden cropping’s owner view unchanged', async () => {
    const owner = await inject(test.app, {
      method: 'GET',
      url: `/api/croppings/v1/${hiddenId}`,
      headers: farm.headers,
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json<CroppingResponse>().CropDescr).toBe(secret);
  });
});
