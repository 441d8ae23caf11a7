import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import enFields from './en.fields.json';
import enMap from './en.map.json';
import enHoldings from './en.holdings.json';
import enPermissions from './en.permissions.json';
import enAccount from './en.account.json';
import enScreens from './en.screens.json';
import enDocuments from './en.documents.json';
import enLive from './en.live.json';
import enImports from './en.imports.json';
import enSignup from './en.signup.json';

/** Texts per language. Every language falls back to English key by key where it has no text yet. */
const resources: Record<string, { translation: Record<string, unknown> }> = {
  en: {
    translation: {
      ...en,
      ...enFields,
      ...enMap,
      ...enHoldings,
      ...enPermissions,
      ...enAccount,
      ...enScreens,
      ...enDocuments,
      ...enLive,
      ...enImports,
      ...enSignup,
    },
  },
};

// The other languages' area files (`de.live.json`, ...), picked up by name: `<language>.<area>.json`.
const otherLanguages = import.meta.glob<Record<string, unknown>>(['./*.*.json', '!./en.*.json'], {
  eager: true,
  import: 'default',
});
for (const [path, texts] of Object.entries(otherLanguages)) {
  const language = path.slice('./'.length).split('.')[0]!;
  resources[language] ??= { translation: {} };
  Object.assign(resources[language].translation, texts);
}

/** What the product shows for a text id that no language has, so a gap is visible rather than blank. */
export function missingText(key: string): string {
  return `(?${key})`;
}

/**
 * A ready i18next instance for `language`. Texts are bundled, so it initialises synchronously and the first
 * render already has them.
 */
export function createI18n(language: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources,
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A caller's own default (for open-ended ids such as object types) wins over the missing-text marker.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => defaultValue ?? missingText(key),
  });
  return instance;
}
