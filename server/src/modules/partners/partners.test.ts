import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldResponse, CroppingResponse } from '@headland/domain/api/fieldsApi';
import type { PartnersCurrent } from '@headland/domain/api/partnersApi';
import type { SelectHoldingResponse, SessionStartResponse } from '@headland/domain/api/sessionApi';
import { sqlRows } from '../../db/sqlRows.ts';
import { bearer, createUser, selectHolding, signIn } from '../../testing/factories.ts';
import {
  createFieldWithCropping,
  createFieldsHolding,
  seedCropTable,
  type FieldsHolding,
} from '../../testing/fieldsFixtures.ts';
import { apiRoutes, fillPath, queryString, sampleOf } from '../../testing/openApiRoutes.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { openTestSocket } from '../../testing/liveSockets.ts';

/**
 * Partners (issue 23): the three calls and their refusals, and what a partner user may see once a holding
 * enables their partner: exactly the shared croppings of that year, their fields and those croppings' layers,
 * with nothing written, until the holding disables the partner.
 */

let test: TestApp;
let farm: FieldsHolding;
let other: FieldsHolding;
let partnerId: number;
let versionId: number;
let partnerUser: { id: number; email: string; password: string };
const shared: { fieldId: number; croppingId: number }[] = [];
let unshared: { fieldId: number; croppingId: number };
let foreign: { fieldId: number; croppingId: number };
const layers: { shared?: number; unshared?: number; field?: number } = {};

const owner = (method: 'GET' | 'POST', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: farm.headers, ...(payload ? { payload } : {}) });

async function createLayer(payload: Record<string, unknown>): Promise<number> {
  const response = await owner('POST', '/api/layers/v1', {
    TypeId: 10,
    HoldingId: farm.holdingId,
    Year: 2025,
    Zones: [
      {
        Value: 6.2,
        Geometry: {
          WellKnownText: 'POLYGON((420010 300010,420090 300010,420090 300090,420010 300090,420010 300010))',
          CoordinateSystemId: 27700,
        },
      },
    ],
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ DataLayerId: number }>().DataLayerId;
}

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
  other = await createFieldsHolding(test.app, test.db);
  shared.push(
    await createFieldWithCropping(test.app, farm, {
      name: 'Top Close',
      east: 420_000,
      north: 300_000,
      area: 3,
    }),
  );
  shared.push(
    await createFieldWithCropping(test.app, farm, {
      name: 'Long Acre',
      east: 420_400,
      north: 300_000,
      area: 3,
    }),
  );
  unshared = await createFieldWithCropping(test.app, farm, {
    name: 'Secret Piece',
    east: 420_800,
    north: 300_000,
    area: 3,
  });
  foreign = await createFieldWithCropping(test.app, other, {
    name: 'Elsewhere',
    east: 430_000,
    north: 300_000,
    area: 3,
  });
  layers.shared = await createLayer({ Scope: 2, CroppingId: shared[0]!.croppingId, Name: 'Shared soil' });
  layers.unshared = await createLayer({ Scope: 2, CroppingId: unshared.croppingId, Name: 'Hidden soil' });
  layers.field = await createLayer({ Scope: 1, FieldId: shared[1]!.fieldId, Name: 'Field soil' });

  const [partner] = await sqlRows<{ id: number }>(
    test.db,
    sql`INSERT INTO partners (name, description) VALUES ('Humber Grain', 'Grain merchant') RETURNING id`,
  );
  partnerId = partner!.id;
  const [document] = await sqlRows<{ id: number }>(
    test.db,
    sql`INSERT INTO legal_documents (partner_id, title) VALUES (${partnerId}, 'Data sharing') RETURNING id`,
  );
  const [version] = await sqlRows<{ id: number }>(
    test.db,
    sql`INSERT INTO legal_document_versions (legal_document_id, version, text)
        VALUES (${document!.id}, 1, 'We read what you share.') RETURNING id`,
  );
  versionId = version!.id;
  const user = await createUser(test.db);
  await test.db.execute(sql`UPDATE users SET partner_id = ${partnerId} WHERE id = ${user.id}`);
  partnerUser = { id: user.id, email: user.email, password: user.password! };
}, 120_000);

afterAll(async () => {
  await test?.close();
});

const current = async (year = 2025) => {
  const response = await owner('GET', `/api/partners/year/${year}/current`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PartnersCurrent>();
};

/** The partner user's holding session on the farm, or the refusal of selecting it. */
async function partnerSession(): Promise<{ headers: { authorization: string }; listed: number[] }> {
  const token = await signIn(test.app, partnerUser);
  const start = await test.app.inject({
    method: 'POST',
    url: '/api/session/v1/start',
    headers: bearer(token),
    payload: {},
  });
  const listed = start.json<SessionStartResponse>().Holdings.map((holding) => holding.HoldingId);
  if (!listed.includes(farm.holdingId)) return { headers: bearer(token), listed };
  const selected = await selectHolding(test.app, token, farm.holdingId, 2025);
  return { headers: bearer(selected.token), listed };
}

describe('partners of a holding', () => {
  it('lists the partner with its required document and no signature yet', async () => {
    const body = await current();
    const partner = body.partners.find((item) => item.id === partnerId);
    expect(partner).toMatchObject({ name: 'Humber Grain', enabled: false, croppingIds: [] });
    expect(body.requiredDocuments[String(partnerId)]).toEqual([
      {
        legalDocumentVersionId: versionId,
        title: 'Data sharing',
        version: 1,
        text: 'We read what you share.',
      },
    ]);
    expect(body.signatures).toEqual([]);
  });

  it("answers at the spec's own paths, without the /api prefix, under the same access rule", async () => {
    const atSpecPath = await owner('GET', '/partners/year/2025/current');
    expect(atSpecPath.statusCode, atSpecPath.body).toBe(200);
    expect(atSpecPath.json()).toEqual(await current());
    const anonymous = await test.app.inject({ method: 'GET', url: '/partners/year/2025/current' });
    expect(anonymous.statusCode).toBe(401);
    const badBody = await owner('POST', '/partners/update', { partnerId: 'x' });
    expect(badBody.statusCode).toBe(400);
  });

  it('refuses to enable a partner before its documents are signed, and stores nothing', async () => {
    const response = await owner('POST', '/api/partners/update', {
      partnerId,
      yearId: 2025,
      enabled: true,
      croppings: { [shared[0]!.croppingId]: 'enabled' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Message: string }>().Message).toMatch(/unsigned legal documents/);
    expect((await current()).partners.find((item) => item.id === partnerId)?.croppingIds).toEqual([]);
  });

  it('refuses an unknown partner, a document that is not required and a cropping of another holding', async () => {
    const unknown = await owner('POST', '/api/partners/update', {
      partnerId: 999_999,
      yearId: 2025,
      enabled: false,
    });
    expect(unknown.statusCode).toBe(404);
    const notRequired = await owner('POST', '/api/partners/legal-documents/sign', {
      ids: [versionId + 1000],
    });
    expect(notRequired.statusCode).toBe(400);
    expect(notRequired.json<{ Message: string }>().Message).toMatch(/not one this holding needs to sign/);
    const stranger = await owner('POST', '/api/partners/update', {
      partnerId,
      yearId: 2025,
      enabled: false,
      croppings: { [foreign.croppingId]: 'enabled', [shared[0]!.croppingId]: 'enabled' },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json<{ Message: string }>().Message).toMatch(/not a cropping of this holding in 2025/);
    const otherYear = await owner('POST', '/api/partners/update', {
      partnerId,
      yearId: 2026,
      enabled: false,
      croppings: { [shared[0]!.croppingId]: 'enabled' },
    });
    expect(otherYear.statusCode).toBe(400);
    const badKey = await owner('POST', '/api/partners/update', {
      partnerId,
      yearId: 2025,
      enabled: false,
      croppings: { abc: 'enabled' },
    });
    expect(badKey.statusCode).toBe(400);
    expect((await current()).partners.find((item) => item.id === partnerId)?.croppingIds).toEqual([]);
  });

  it('signs a document once, in the signer’s name, and refuses a second signature', async () => {
    const signed = await owner('POST', '/api/partners/legal-documents/sign', { ids: [versionId] });
    expect(signed.statusCode, signed.body).toBe(200);
    const [signature] = signed.json<{ signatures: PartnersCurrent['signatures'] }>().signatures;
    expect(signature).toMatchObject({ legalDocumentVersionId: versionId, firstName: 'Test' });
    expect(signature!.lastName).toMatch(/^User /);
    expect(Date.now() - Date.parse(signature!.createdAt)).toBeLessThan(60_000);
    const again = await owner('POST', '/api/partners/legal-documents/sign', { ids: [versionId] });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ Message: string }>().Message).toMatch(/already been signed/);
    expect((await current()).signatures).toHaveLength(1);
  });

  it('keeps a partner user out until the holding enables the partner', async () => {
    const session = await partnerSession();
    expect(session.listed).toEqual([]);
    const select = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/holdings/select',
      headers: session.headers,
      payload: { holdingId: farm.holdingId, yearId: 2025 },
    });
    expect(select.statusCode).toBe(403);
  });

  it('shows the partner user exactly the two shared croppings, their fields and their layers', async () => {
    const update = await owner('POST', '/api/partners/update', {
      partnerId,
      yearId: 2025,
      enabled: true,
      croppings: Object.fromEntries(shared.map((item) => [item.croppingId, 'enabled'])),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json<{ partner: { croppingIds: number[]; enabled: boolean } }>().partner).toMatchObject({
      enabled: true,
      croppingIds: shared.map((item) => item.croppingId).sort((a, b) => a - b),
    });

    const session = await partnerSession();
    expect(session.listed).toEqual([farm.holdingId]);
    const get = (url: string) => test.app.inject({ method: 'GET', url, headers: session.headers });
    const fields = (await get('/api/fields/v1?year=2025&srid=4326')).json<FieldResponse[]>();
    expect(fields.map((field) => field.FieldId).sort()).toEqual(shared.map((item) => item.fieldId).sort());
    expect(fields.every((field) => field.Boundary !== null)).toBe(true);
    const croppings = await get('/api/croppings/v1?year=2025');
    expect(croppings.statusCode, croppings.body).toBe(200);
    const croppingIds = croppings.json<CroppingResponse[]>().map((cropping) => cropping.CroppingId);
    expect(croppingIds.sort()).toEqual(shared.map((item) => item.croppingId).sort());
    expect((await get(`/api/fields/v1/${unshared.fieldId}?srid=4326`)).statusCode).toBe(404);
    const layerList = await get(`/api/layers/v1/holding/${farm.holdingId}/year/2025`);
    expect(layerList.statusCode, layerList.body).toBe(200);
    expect(layerList.body).toContain('Shared soil');
    expect(layerList.body).not.toContain('Hidden soil');
    expect(layerList.body).not.toContain('Field soil');
    expect((await get(`/api/layers/v1/${layers.unshared}/zones`)).statusCode).toBe(404);
    expect((await get(`/api/layers/v1/${layers.shared}/zones`)).statusCode).toBe(200);
    // Anything else of the holding is refused, and nothing can be written.
    expect((await get('/api/dashboard/v1/summary?year=2025')).statusCode).toBeGreaterThanOrEqual(400);
    const write = await test.app.inject({
      method: 'POST',
      url: '/api/fields/v1',
      headers: session.headers,
      payload: { Name: 'Partner field', srid: 4326 },
    });
    expect(write.statusCode).toBe(403);
  });

  it('walks every route as the partner user: no id of an unshared field or cropping, no write', async () => {
    const session = await partnerSession();
    const hiddenCroppings = new Set([unshared.croppingId, foreign.croppingId]);
    const hiddenFields = new Set([unshared.fieldId, foreign.fieldId]);
    const state = async () =>
      JSON.stringify(
        await sqlRows(
          test.db,
          sql`SELECT (SELECT count(*) FROM fields) AS f, (SELECT count(*) FROM croppings) AS c,
                     (SELECT string_agg(to_jsonb(r)::text, ',' ORDER BY r.scope) FROM data_revisions r) AS r,
                     (SELECT count(*) FROM data_layers) AS l, (SELECT count(*) FROM partner_croppings) AS pc,
                     (SELECT count(*) FROM legal_document_signatures) AS s,
                     (SELECT string_agg(to_jsonb(h)::text, ',' ORDER BY h.id) FROM holdings h) AS h`,
        ),
      );
    const before = await state();
    const problems: string[] = [];
    const pick = (name: string): unknown => {
      if (/croppingid$/i.test(name)) return unshared.croppingId;
      if (/^fieldid$/i.test(name)) return unshared.fieldId;
      if (/holdingid$/i.test(name)) return farm.holdingId;
      if (/^(year|yearid)$/i.test(name)) return 2025;
      return undefined;
    };
    const walked = apiRoutes(test.app).filter(
      (route) => !/logout|session\/v1\/(start|holdings\/select)$/.test(route.path),
    );
    for (const route of walked) {
      const values = Object.fromEntries(
        route.pathParams.map((param) => {
          const name = param.name.toLowerCase();
          const context = `${route.path.split(`{${param.name}}`)[0] ?? ''}`.toLowerCase().slice(-30);
          let value: unknown = farm.holdingId;
          if (/year/.test(name)) value = 2025;
          else if (/cropping/.test(context)) value = unshared.croppingId;
          else if (/field/.test(context)) value = unshared.fieldId;
          else if (/layers/.test(context)) value = layers.unshared;
          return [param.name, value];
        }),
      );
      const query = Object.fromEntries(
        route.queryParams.map((param) => [param.name, sampleOf(param.schema, pick, param.name)]),
      );
      const response: LightMyRequestResponse = await test.app.inject({
        method: route.method as 'GET',
        url: fillPath(route.path, values) + queryString(query),
        headers: session.headers,
        ...(route.jsonBody ? { payload: sampleOf(route.jsonBody, pick) as object } : {}),
      });
      if (response.statusCode >= 500) problems.push(`${route.key}: ${response.statusCode}`);
      if (
        route.method !== 'GET' &&
        response.statusCode < 300 &&
        !/session\/v1(\/notification)?$|beacon|error|disconnect|settings|user\/v1|tcs/.test(route.path)
      )
        problems.push(`${route.key}: answered ${response.statusCode} to a write`);
      const ids = [...response.body.matchAll(/"(\w*(?:Cropping|Field)Ids?)"\s*:\s*(\[[^\]]*\]|\d+)/gi)];
      for (const [, key, value] of ids) {
        const numbers = (value!.match(/\d+/g) ?? []).map(Number);
        const hidden = /cropping/i.test(key!) ? hiddenCroppings : hiddenFields;
        if (numbers.some((id) => hidden.has(id))) problems.push(`${route.key}: ${key} ${value}`);
      }
      if (response.body.includes('Secret Piece') || response.body.includes('Hidden soil'))
        problems.push(`${route.key}: named something not shared`);
    }
    expect(problems).toEqual([]);
    expect(await state()).toBe(before);
    expect(walked.length).toBeGreaterThan(50);
  });

  it('tells the partner user of no one else working on the holding, on the live socket either', async () => {
    const token = await signIn(test.app, partnerUser);
    const selected = await selectHolding(test.app, token, farm.holdingId, 2025);
    expect(selected.body.Sessions).toEqual([]);
    const socket = await openTestSocket(test.app, {
      sessionId: selected.body.SessionId,
      authToken: selected.token,
    });
    try {
      const sessions = (await socket.next('sessions')).Data as { CurrentSession: boolean }[];
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.CurrentSession).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('ends the partner user’s access the moment the holding disables the partner', async () => {
    const session = await partnerSession();
    const fields = await test.app.inject({
      method: 'GET',
      url: '/api/fields/v1?year=2025&srid=4326',
      headers: session.headers,
    });
    expect(fields.statusCode).toBe(200);
    const disable = await owner('POST', '/api/partners/update', { partnerId, yearId: 2025, enabled: false });
    expect(disable.statusCode).toBe(200);
    const after = await test.app.inject({
      method: 'GET',
      url: '/api/fields/v1?year=2025&srid=4326',
      headers: session.headers,
    });
    expect(after.statusCode).toBe(403);
    expect((await partnerSession()).listed).toEqual([]);
    // The shared croppings are kept, for when the partner is enabled again.
    expect((await current()).partners.find((item) => item.id === partnerId)?.croppingIds).toHaveLength(2);
  });

  it('asks for a new signature when a document has a new version', async () => {
    await test.db.execute(sql`
      INSERT INTO legal_document_versions (legal_document_id, version, text)
      SELECT legal_document_id, 2, 'We read what you share, and say so yearly.' FROM legal_document_versions
       WHERE id = ${versionId}`);
    const body = await current();
    const required = body.requiredDocuments[String(partnerId)]!;
    expect(required.map((document) => document.version)).toEqual([2]);
    expect(body.signatures).toEqual([]);
    const enable = await owner('POST', '/api/partners/update', { partnerId, yearId: 2025, enabled: true });
    expect(enable.statusCode).toBe(400);
    const sign = await owner('POST', '/api/partners/legal-documents/sign', {
      ids: [required[0]!.legalDocumentVersionId],
    });
    expect(sign.statusCode).toBe(200);
    expect(
      (await owner('POST', '/api/partners/update', { partnerId, yearId: 2025, enabled: true })).statusCode,
    ).toBe(200);
  });

  it('is not for a holding’s readers: partners need current-holding write', async () => {
    const session = await partnerSession();
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/partners/year/2025/current',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(403);
    const selectBody = await selectHolding(
      test.app,
      await signIn(test.app, partnerUser),
      farm.holdingId,
      2025,
    );
    const answer: SelectHoldingResponse = selectBody.body;
    expect(answer.Users).toEqual([]);
    expect(answer.ReadOnly).toBe(true);
    expect(answer.AccessRestrictions.Partner).toBe(true);
    expect(answer.AccessRestrictions.CroppingIds.sort()).toEqual(
      shared.map((item) => item.croppingId).sort(),
    );
  });
});
