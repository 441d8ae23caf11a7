import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import {
  createI18n,
  createLoadedI18n,
  languagesWithTexts,
  loadLanguageTexts,
  mergeTexts,
  switchLanguage,
  textFileLanguage,
} from './createI18n.ts';
import en from './en.json';
import de from './de.json';

function Probe({ id }: { id: string }) {
  const { t } = useTranslation();
  return <p>{t(id)}</p>;
}

describe('createI18n', () => {
  it('renders a missing text id as (?id)', () => {
    renderWithProviders(<Probe id="some.key" />);
    expect(screen.getByText('(?some.key)')).toBeTruthy();
  });

  it('renders an English text', () => {
    renderWithProviders(<Probe id="login.signIn" />);
    expect(screen.getByText('Sign in')).toBeTruthy();
  });

  it('shows English until the chosen language has loaded, then that language', async () => {
    const i18n = createI18n('de');
    expect(i18n.t('login.signIn')).toBe(en.login.signIn);
    await switchLanguage(i18n, 'de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('login.signIn')).toBe(de.login.signIn);
    expect(i18n.t('no.such.text')).toBe('(?no.such.text)');
  });

  it('falls back to English key by key for a text the language lacks', async () => {
    const i18n = await createLoadedI18n('de');
    i18n.addResource('en', 'translation', 'only.english', 'Only in English');
    expect(i18n.t('only.english')).toBe('Only in English');
    expect(i18n.t('terms.accept')).toBe(de.terms.accept);
  });

  it('uses the language’s plural forms', async () => {
    const i18n = await createLoadedI18n('fr');
    expect(i18n.t('menu.otherUsers', { count: 1 })).toBe('1 autre utilisateur dans ce module');
    expect(i18n.t('menu.otherUsers', { count: 3 })).toBe('3 autres utilisateurs dans ce module');
  });

  it('switches an unsupported code to English', async () => {
    const i18n = await createLoadedI18n('xx');
    expect(i18n.language).toBe('en');
  });

  it('re-renders shown texts when the language changes, and sets the page language', async () => {
    const i18n = createI18n('en');
    renderWithProviders(<Probe id="login.signIn" />, { i18n });
    expect(screen.getByText('Sign in')).toBeTruthy();
    await act(() => switchLanguage(i18n, 'de'));
    expect(screen.getByText(de.login.signIn)).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  it('finds the text files by name and merges a language’s areas', async () => {
    expect(textFileLanguage('./de.fields.json')).toBe('de');
    expect(textFileLanguage('/x/web/src/i18n/fr.json')).toBe('fr');
    expect(languagesWithTexts).toEqual(expect.arrayContaining(['en', 'de', 'fr']));
    const texts = await loadLanguageTexts('de');
    expect(texts.login).toEqual(de.login);
  });

  it('merges nested texts key by key', () => {
    expect(mergeTexts({ a: { b: '1' } }, { a: { c: '2' }, d: '3' })).toEqual({
      a: { b: '1', c: '2' },
      d: '3',
    });
  });

  it('prefers a caller default over the missing-text marker', () => {
    expect(createI18n('en').t('objectTypes.unheardOf', { defaultValue: 'unheardOf' })).toBe('unheardOf');
  });
});
