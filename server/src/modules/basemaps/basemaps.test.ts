import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomBasemapsResponse } from '@headland/domain/api/basemapsApi';
import type { SelectHoldingResponse } from '@headland/domain/api/sessionApi';
import { basemapsPerHolding } from '@headland/domain/basemapRules';
import { HoldingRole, Role } from '@headland/domain/roles';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { addMember, bearer, createHolding, createUser, signInToHolding } from '../../testing/factories.ts';

let test: TestApp;
let holdingId: number;
let otherHoldingId: number;
let master: { authorization: string };
let masterOnOther: { authorization: string };
let manager: { authorization: string };

beforeAll(async () => {
  test = await createTestApp();
  holdingId = (await createHolding(test.db, { cropYears: [2025, 2026] })).id;
  otherHoldingId = (await createHolding(test.db, { cropYears: [2025, 2026] })).id;
  const masterUser = await createUser(test.db, { role: Role.Master });
  const managerUser = await createUser(test.db, { role: Role.Manager });
  await addMember(test.db, holdingId, managerUser.id, { holdingRole: HoldingRole.Member });
  master = bearer(await signInToHolding(test.app, masterUser, holdingId, 2026));
  masterOnOther = bearer(await signInToHolding(test.app, masterUser, otherHoldingId, 2026));
  manager = bearer(await signInToHolding(test.app, managerUser, holdingId, 2026));
}, 120_000);

afterAll(async () => {
  await test?.close();
});

const url = '/api/holdings/v1/basemaps';
const survey = {
  Name: 'Drone survey',
  Url: 'https://tiles.example.com/survey/{z}/{x}/{y}.png',
  Extent: [-0.2, 53.3, -0.1, 53.4],
  ZoomMin: 12,
  ZoomMax: 20,
};

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  headers: Record<string, string>,
  path = url,
  payload?: Record<string, unknown>,
) => test.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });

describe('custom base maps', () => {
  it('lets a Master add, change and remove a base map of the holding, and lists it at holding selection', async () => {
    const added = await call('POST', master, url, survey);
    expect(added.statusCode).toBe(200);
    const [created] = added.json<CustomBasemapsResponse>().Basemaps;
    expect(created).toMatchObject(survey);

    const changed = await call('PUT', master, `${url}/${created!.Id}`, {
      ...survey,
      Name: 'Drone survey, May',
    });
    expect(changed.json<CustomBasemapsResponse>().Basemaps[0]!.Name).toBe('Drone survey, May');

    const selected = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/holdings/select',
      headers: master,
      payload: { holdingId, yearId: 2026 },
    });
    expect(selected.json<SelectHoldingResponse>().CustomBasemaps).toEqual([
      { ...survey, Name: 'Drone survey, May' },
    ]);
    // Selecting a holding gives the tab a new token in place of the old one.
    master = bearer(selected.json<SelectHoldingResponse>().Token);

    // Another holding neither sees nor changes it.
    expect((await call('GET', masterOnOther)).json<CustomBasemapsResponse>().Basemaps).toEqual([]);
    expect((await call('DELETE', masterOnOther, `${url}/${created!.Id}`)).statusCode).toBe(404);

    const removed = await call('DELETE', master, `${url}/${created!.Id}`);
    expect(removed.json<CustomBasemapsResponse>().Basemaps).toEqual([]);
  });

  it('refuses users below Master, whatever their rights on the map layers', async () => {
    expect((await call('GET', manager)).statusCode).toBe(403);
    expect((await call('POST', manager, url, survey)).statusCode).toBe(403);
    expect((await call('GET', master)).json<CustomBasemapsResponse>().Basemaps).toEqual([]);
  });

  it.each([
    [
      'a plain http address',
      { Url: 'http://tiles.example.com/{z}/{x}/{y}.png' },
      'Url',
      'basemap.urlNotTemplate',
    ],
    [
      'an address without {x}, {y} and {z}',
      { Url: 'https://tiles.example.com/map.png' },
      'Url',
      'basemap.urlNotTemplate',
    ],
    [
      'an extent with south north of north',
      { Extent: [-0.2, 53.4, -0.1, 53.3] },
      'Extent',
      'basemap.extentInvalid',
    ],
    ['ZoomMin above ZoomMax', { ZoomMin: 19, ZoomMax: 8 }, 'ZoomMax', 'basemap.zoomOrder'],
  ])('refuses %s in words, keeping nothing', async (_what, change, field, code) => {
    const response = await call('POST', master, url, { ...survey, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Errors: { Field: string; Code: string }[] }>().Errors[0]).toMatchObject({
      Field: field,
      Code: code,
    });
    expect((await call('GET', master)).json<CustomBasemapsResponse>().Basemaps).toEqual([]);
  });

  it('refuses bounds outside the schema with a 400, not a 500', async () => {
    for (const change of [{ ZoomMax: 23 }, { Extent: [1, 2, 3] }, { Name: '' }, { Url: 'x'.repeat(2001) }]) {
      expect((await call('POST', master, url, { ...survey, ...change })).statusCode).toBe(400);
    }
  });

  it(`keeps at most ${basemapsPerHolding} base maps per holding`, async () => {
    for (let index = 0; index < basemapsPerHolding; index += 1) {
      expect((await call('POST', master, url, { ...survey, Name: `Map ${index}` })).statusCode).toBe(200);
    }
    const refused = await call('POST', master, url, { ...survey, Name: 'One too many' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ Errors: { Code: string }[] }>().Errors[0]!.Code).toBe('basemap.tooManyBasemaps');
  });
});
