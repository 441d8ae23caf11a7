import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from './createI18n.ts';
import {
  applyUserLanguage,
  chooseLanguage,
  initialLanguage,
  markLanguageChosen,
  storedLanguage,
  userLanguage,
} from './languageChoice.ts';

afterEach(() => {
  window.localStorage.clear();
  markLanguageChosen(false);
});

describe('initialLanguage', () => {
  it.each([
    [{ urlLang: 'fr', stored: 'de', browser: ['hu'] }, 'fr'],
    [{ urlLang: 'FR', stored: null, browser: [] }, 'fr'],
    [{ urlLang: 'xx', stored: 'de', browser: ['hu'] }, 'de'],
    [{ urlLang: null, stored: null, browser: ['pt-BR', 'hu-HU'] }, 'hu'],
    [{ urlLang: null, stored: 'zz', browser: ['pt'] }, 'en'],
  ])('%o starts in %s', (sources, expected) => {
    expect(initialLanguage(sources)).toBe(expected);
  });
});

describe('the kept and the saved language', () => {
  it('keeps a chosen language for the next page load', async () => {
    const i18n = createI18n('en');
    await chooseLanguage(i18n, 'de', true);
    expect(i18n.language).toBe('de');
    expect(storedLanguage()).toBe('de');
  });

  it('reads the saved language of the user when the session start carries one', () => {
    expect(userLanguage({ Id: 1, Language: 'fr' })).toBe('fr');
    expect(userLanguage({ Id: 1, Language: null })).toBeUndefined();
    expect(userLanguage({ Id: 1 })).toBeUndefined();
  });

  it('switches to the user’s saved language after sign-in, unless one was chosen on the page', async () => {
    const i18n = createI18n('en');
    await applyUserLanguage(i18n, { Language: 'fr' });
    expect(i18n.language).toBe('fr');
    expect(storedLanguage()).toBe('fr');

    const chosen = createI18n('de');
    markLanguageChosen(true);
    await applyUserLanguage(chosen, { Language: 'fr' });
    expect(chosen.language).toBe('de');
  });
});
