import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { createI18n } from './createI18n.ts';
import en from './en.json';
import enLive from './en.live.json';

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

  it.each(['de', 'fr', 'bg'])('falls back to English for %s, which has no texts yet', (language) => {
    const i18n = createI18n(language);
    expect(i18n.language).toBe(language);
    expect(i18n.t('terms.accept')).toBe(en.terms.accept);
    expect(i18n.t('no.such.text')).toBe('(?no.such.text)');
  });

  it.each(['de', 'pl', 'bg'])('reads the texts of %s from its area files, picked up by name', (language) => {
    const i18n = createI18n(language);
    expect(i18n.t('live.conflict.refresh')).not.toBe(enLive.live.conflict.refresh);
    expect(i18n.t('live.conflict.stopNamed', { name: 'Anna Field' })).toContain('Anna Field');
  });

  it('prefers a caller default over the missing-text marker', () => {
    expect(createI18n('en').t('objectTypes.unheardOf', { defaultValue: 'unheardOf' })).toBe('unheardOf');
  });
});
