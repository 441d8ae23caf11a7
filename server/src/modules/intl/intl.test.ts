import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { readLanguageTexts, textsDir } from '../../http/languageTexts.ts';

const file = (name: string) =>
  JSON.parse(readFileSync(join(textsDir, name), 'utf8')) as Record<string, unknown>;

describe('the texts of a language (GET /resources/{lang}/text.json, GET /api/intl/v1/text/language/{lang})', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it.each(['/resources/de/text.json', '/api/intl/v1/text/language/de'])(
    'answers %s without a token, every area of the language merged',
    async (url) => {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      const texts = response.json<Record<string, unknown>>();
      expect(texts.login).toEqual(file('de.json').login);
    },
  );

  it('answers English with the texts of every English file', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/intl/v1/text/language/en' });
    const texts = response.json<Record<string, unknown>>();
    expect(texts.login).toEqual(file('en.json').login);
    expect(texts.fields).toEqual(file('en.fields.json').fields);
  });

  it.each(['xx', 'english', 'DE-de', 'de.fields'])(
    'answers an unknown language %s with a 404 naming it',
    async (lang) => {
      const response = await test.app.inject({ method: 'GET', url: `/resources/${lang}/text.json` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toMatch(/no texts for the language/);
    },
  );

  it('is declared in the OpenAPI document as public', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { security?: unknown[] } }>;
    }>();
    expect(document.paths['/resources/{lang}/text.json']?.get?.security).toEqual([]);
    expect(document.paths['/api/intl/v1/text/language/{lang}']?.get?.security).toEqual([]);
  });
});

describe('readLanguageTexts', () => {
  it('reads every language of the product, and nothing from a folder that is not there', () => {
    const texts = readLanguageTexts();
    expect([...texts.keys()].sort()).toEqual([
      'bg',
      'cs',
      'de',
      'en',
      'es',
      'fr',
      'hu',
      'it',
      'nl',
      'pl',
      'ro',
      'sk',
    ]);
    expect(readLanguageTexts(join(textsDir, 'no-such-folder')).size).toBe(0);
  });
});
