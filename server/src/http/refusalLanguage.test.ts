import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusalCode } from '@headland/domain/api/refusalCodes';
import { refusalWords, type RefusalBody } from '@headland/domain/api/refusalWords';
import { textsLookup } from '@headland/domain/api/requestIssueWords';
import { readLanguageTexts } from './languageTexts.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import {
  createFieldWithCropping,
  createFieldsHolding,
  seedCropTable,
  type FieldsHolding,
} from '../testing/fieldsFixtures.ts';
import { apiRoutes, fillPath, queryString, sampleOf } from '../testing/openApiRoutes.ts';
import { casesOf, random, type FuzzTarget } from '../testing/requestFuzzCases.ts';

/**
 * Every route refuses in the caller's language (issue 20, "One refusal shape"): each route is driven to a 400
 * by the fuzz walker's bad inputs, plus a text that cannot be stored in its query (which every route refuses
 * before it looks at who calls), all asked with `Accept-Language: fr`. Each 400 must carry a `Code` of the
 * catalogue, its `Params`, and a `Message` that is the French words of that code with those parameters, read
 * here from the translation files themselves, and not the English ones.
 */

const seed = 20261128;
const texts = readLanguageTexts();
const french = textsLookup(texts.get('fr') ?? {}, texts.get('en') ?? {});
const english = textsLookup(texts.get('en') ?? {});

let test: TestApp;
let farm: FieldsHolding;
let target: FuzzTarget;

beforeAll(async () => {
  test = await createTestApp();
  await seedCropTable(test.db);
  farm = await createFieldsHolding(test.app, test.db);
  const made = await createFieldWithCropping(test.app, farm, {
    name: 'Refused',
    east: 420_000,
    north: 300_000,
    area: 2,
  });
  target = { holdingId: farm.holdingId, ...made };
}, 120_000);

afterAll(async () => {
  await test?.close();
});

/** An answer refusing the caller rather than the request: the session ended or no holding is open. */
function lostSession(response: LightMyRequestResponse): boolean {
  if (response.statusCode === 401) return true;
  return response.statusCode === 403 && response.json<{ Code?: string }>().Code === 'selectHoldingFirst';
}

interface Refusal extends RefusalBody {
  Message: string;
  error_description?: string;
}

describe('refusals in the caller’s language', () => {
  it('answers a 400 from every route with a catalogue code and its French words', async () => {
    const next = random(seed);
    let headers: Record<string, string> = { ...farm.headers, 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' };
    const failures: string[] = [];
    const refusedRoutes = new Set<string>();
    const codes = new Set<string>();
    let checked = 0;
    const routes = apiRoutes(test.app).sort(
      (a, b) => Number(a.key.includes('logout')) - Number(b.key.includes('logout')),
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const pathValues = Object.fromEntries(route.pathParams.map((param) => [param.name, 1]));
      const queryValues = Object.fromEntries(
        route.queryParams.map((param) => [param.name, sampleOf(param.schema, () => undefined, param.name)]),
      );
      // A text with a NUL character, which no route may store, in a parameter every route reads.
      const nul: InjectOptions = {
        url: fillPath(route.path, pathValues) + queryString({ ...queryValues, lang: 'fr', note: 'a\u0000b' }),
      };
      for (const options of [nul, ...casesOf(route, next, target)]) {
        const send = () =>
          test.app.inject({
            ...options,
            method: route.method as 'GET',
            headers: { ...options.headers, ...headers },
          });
        let response: LightMyRequestResponse = await send();
        const what = `${route.key} ${options.url} ${String(options.payload ?? '').slice(0, 80)}`;
        if (lostSession(response) && route.key !== 'GET /api/health') {
          // A case that signed the owner out (logout) or left the holding: sign in again, and ask again, since
          // the caller is checked before the request's values.
          headers = { ...(await createFieldsHolding(test.app, test.db)).headers, 'accept-language': 'fr' };
          response = await send();
        }
        if (response.statusCode !== 400) continue;
        refusedRoutes.add(route.key);
        checked += 1;
        const answer = response.json<Refusal>();
        if (!isRefusalCode(answer.Code)) {
          failures.push(`no catalogue code ${what}: ${response.body.slice(0, 200)}`);
          continue;
        }
        codes.add(answer.Code!);
        if (answer.Params === null || typeof answer.Params !== 'object')
          failures.push(`no Params ${what}: ${response.body.slice(0, 200)}`);
        const expected = refusalWords(answer, french, 'fr');
        const inEnglish = refusalWords(answer, english, 'en-GB');
        if (expected === undefined) failures.push(`no French words for ${answer.Code} ${what}`);
        else if (answer.Message !== expected)
          failures.push(`${what}: said "${answer.Message}", French is "${expected}"`);
        else if (expected === inEnglish) failures.push(`${what}: "${expected}" is the English text`);
        for (const entry of answer.Errors ?? [])
          if (typeof entry.Message !== 'string' || !entry.Message)
            failures.push(`an entry without words ${what}`);
      }
    }
    console.log(
      `refusals in French: ${checked} answers of ${refusedRoutes.size} routes, ${codes.size} codes`,
    );
    expect(failures).toEqual([]);
    expect(routes.map((route) => route.key).filter((key) => !refusedRoutes.has(key))).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length);
  }, 600_000);

  it('says a refusal in the language of ?lang, and in English without one', async () => {
    const url = '/api/session/v1/holdings/query?query=a%00b';
    const asked = (extra: string, language?: string) =>
      test.app.inject({
        method: 'GET',
        url: `${url}${extra}`,
        headers: { ...farm.headers, ...(language ? { 'accept-language': language } : {}) },
      });
    const french = (await asked('&lang=fr', 'de')).json<Refusal>();
    const german = (await asked('', 'xx, de;q=0.8')).json<Refusal>();
    const plain = (await asked('')).json<Refusal>();
    expect(french.Code).toBe('nulCharacter');
    expect(french.Message).toBe(refusalWords(french, textsLookup(texts.get('fr') ?? {}), 'fr'));
    expect(german.Message).toBe(refusalWords(german, textsLookup(texts.get('de') ?? {}), 'de'));
    expect(plain.Message).toBe(refusalWords(plain, english, 'en-GB'));
    expect(new Set([french.Message, german.Message, plain.Message]).size).toBe(3);
  });

  it('says a refusal in the language saved on the account when the client names none', async () => {
    const owner = await createFieldsHolding(test.app, test.db);
    const saved = await test.app.inject({
      method: 'POST',
      url: '/api/user/v1/user',
      headers: owner.headers,
      payload: { Language: 'pl' },
    });
    expect(saved.statusCode).toBe(200);
    const refusedWith = (language?: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/user/v1/user',
        headers: { ...owner.headers, ...(language ? { 'accept-language': language } : {}) },
        payload: { FirstName: '   ' },
      });
    const polish = (await refusedWith()).json<Refusal>();
    const asked = (await refusedWith('de')).json<Refusal>();
    const polishWords = textsLookup(texts.get('pl') ?? {}, texts.get('en') ?? {});
    expect(polish.Code).toBeTruthy();
    expect(polish.Message).toBe(refusalWords(polish, polishWords, 'pl'));
    expect(polish.Message).not.toBe(refusalWords(polish, english, 'en-GB'));
    // A client that asks for a language is answered in it, whatever the account says.
    expect(asked.Message).toBe(refusalWords(asked, textsLookup(texts.get('de') ?? {}), 'de'));
  });
});
