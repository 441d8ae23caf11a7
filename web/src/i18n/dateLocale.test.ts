import { describe, expect, it } from 'vitest';
import { dateLocale } from './dateLocale.ts';

describe('dateLocale', () => {
  it.each<[string, string[], string]>([
    ['en', ['en-IE', 'en'], 'en-IE'],
    ['en', ['en'], 'en-GB'],
    ['en', ['de-DE'], 'en-GB'],
    ['de', ['fr-FR', 'de-AT'], 'de-AT'],
    ['pl', [], 'pl'],
  ])('formats %s for browser languages %j as %s', (language, browser, expected) => {
    expect(dateLocale(language, browser)).toBe(expected);
  });
});
