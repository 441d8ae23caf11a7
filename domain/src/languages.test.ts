import { describe, expect, it } from 'vitest';
import { defaultLanguage, languageCodeSchema, pickLanguage, supportedLanguages } from './languages.ts';

describe('languages', () => {
  it('supports the twelve languages, English by default', () => {
    expect(supportedLanguages.map((language) => language.code)).toEqual([
      'de',
      'en',
      'fr',
      'hu',
      'nl',
      'pl',
      'es',
      'ro',
      'it',
      'sk',
      'cs',
      'bg',
    ]);
    expect(defaultLanguage).toBe('en');
    expect(languageCodeSchema.safeParse('pt').success).toBe(false);
  });

  it.each([
    ['fr', ['de-DE'], 'fr'],
    ['FR', [], 'fr'],
    ['pl-PL', [], 'pl'],
    ['pt', ['de-DE', 'en'], 'de'],
    [null, ['pt-BR', 'cs-CZ', 'en'], 'cs'],
    [undefined, ['en-GB'], 'en'],
    ['', ['ro_RO'], 'ro'],
    [null, ['pt', 'ja'], 'en'],
    [null, [], 'en'],
  ] as const)('url %j and browser %j give %s', (urlLang, browser, expected) => {
    expect(pickLanguage(urlLang, browser)).toBe(expected);
  });
});
