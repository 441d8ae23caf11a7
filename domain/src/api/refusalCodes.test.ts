import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRefusalCode, refusalCodes, refusalFamilyOf, refusalWordParams } from './refusalCodes.ts';
import { refusalEntryWords, refusalWords } from './refusalWords.ts';
import { requestIssueCodes, textsLookup } from './requestIssueWords.ts';

function texts(language: string, area: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`../../../web/src/i18n/${language}.${area}.json`, import.meta.url), 'utf8'),
  );
}

const english = textsLookup(
  texts('en', 'refusals'),
  texts('en', 'requestIssues'),
  texts('en', 'layersServer'),
);
const french = textsLookup(
  texts('fr', 'refusals'),
  texts('fr', 'requestIssues'),
  texts('fr', 'layersServer'),
);

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]))].sort();

describe('the refusal catalogue', () => {
  it('gives every code English words naming exactly its parameters, and nothing else', () => {
    const words = (texts('en', 'refusals') as { refusals: { codes: Record<string, string> } }).refusals.codes;
    expect(Object.keys(words).sort()).toEqual(Object.keys(refusalCodes).sort());
    for (const [code, params] of Object.entries(refusalCodes))
      expect(placeholders(words[code]!), code).toEqual([...params].sort());
  });

  it('has no own code that is also a request issue code', () => {
    for (const code of Object.keys(refusalCodes)) expect(requestIssueCodes.has(code), code).toBe(false);
  });

  it('knows its own codes, request issues, document problems and prefixed family codes only', () => {
    expect(isRefusalCode('holdingNotFound')).toBe(true);
    expect(isRefusalCode('tooLong')).toBe(true);
    expect(isRefusalCode('yearNotInSession')).toBe(true);
    expect(isRefusalCode('layers.tooManyZones')).toBe(true);
    expect(isRefusalCode('cropping.dateOrder')).toBe(true);
    expect(isRefusalCode('other.thing')).toBe(false);
    expect(isRefusalCode('This holding does not exist.')).toBe(false);
    expect(isRefusalCode(undefined)).toBe(false);
    expect(refusalFamilyOf('signup.invalidEmail')).toEqual({ family: 'signup', code: 'invalidEmail' });
  });
});

describe('the words of a refusal', () => {
  it('fills the parameters, naming an area in the language of the words', () => {
    const refusal = { Code: 'areaNoChange', Params: { area: 'nutritionPlans' } };
    expect(refusalWords(refusal, english, 'en-GB')).toBe(
      'You do not have permission to change nutrition plans on this holding.',
    );
    expect(refusalWords(refusal, french, 'fr')).toBe(
      'Vous n’avez pas le droit de modifier les plans de fertilisation sur cette exploitation.',
    );
    expect(Object.keys(refusalWordParams).sort()).toEqual(['area', 'noun']);
  });

  it('writes numbers as the language does', () => {
    const refusal = { Code: 'tooManyFeatures', Params: { count: 12_345, max: 10_000 } };
    expect(refusalWords(refusal, english, 'en-GB')).toBe(
      'The file holds 12,345 features; at most 10,000 can be imported at once.',
    );
    expect(refusalWords(refusal, french, 'fr')).toMatch(/^Le fichier contient 12\s345 entités/);
  });

  it('says a request issue for the field of the first entry', () => {
    const refusal = {
      Code: 'tooLong',
      Params: { max: 100, inclusive: true },
      Errors: [{ Field: 'query', Code: 'tooLong', Params: { max: 100, inclusive: true } }],
    };
    expect(refusalWords(refusal, english, 'en-GB')).toBe(
      'Holding search can be at most 100 characters long.',
    );
    expect(refusalWords(refusal, french, 'fr')).not.toBe(refusalWords(refusal, english, 'en-GB'));
  });

  it("says a family's codes from the family's words, at the top with its prefix and bare in entries", () => {
    const refusal = {
      Code: 'layers.tooManyZones',
      Params: { max: 500 },
      Errors: [{ Field: 'Zones', Code: 'tooManyZones', Params: { max: 500 } }],
    };
    expect(refusalWords(refusal, english, 'en-GB')).toBe('A layer may have at most 500 zones.');
    expect(refusalEntryWords(refusal, refusal.Errors[0]!, english, 'en-GB')).toBe(
      'A layer may have at most 500 zones.',
    );
  });

  it('has no words for a code outside the catalogue, and an entry without a code repeats its refusal', () => {
    expect(refusalWords({ Code: 'noSuchCode' }, english, 'en-GB')).toBeUndefined();
    expect(refusalWords({}, english, 'en-GB')).toBeUndefined();
    const refusal = { Code: 'holdingNotEmpty', Params: {}, Errors: [{ Field: 'id' }] };
    expect(refusalEntryWords(refusal, refusal.Errors[0]!, english, 'en-GB')).toBe(
      'This holding is not empty. You can only delete empty holdings.',
    );
  });
});
