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
import enLayers from './en.layers.json';
import enLayersServer from './en.layersServer.json';

/** Texts per language. Only English is written so far; every other language falls back to it key by key. */
const resources = {
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
      ...enLayers,
      ...enLayersServer,
    },
  },
};

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
