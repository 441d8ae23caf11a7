import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, supportedLanguage } from '@headland/domain/languages';

/** The texts of one file: nested objects of strings. */
export type Texts = { [key: string]: string | Texts };

/**
 * Text files are found by name: `<lang>.json` and `<lang>.<area>.json` beside this file. English is the fallback
 * of every other language: the texts of the sign-in screens and the shell are bundled, so the first render has
 * them; the texts of the screens behind the sign-in (`laterEnglishFiles`) load with those screens
 * (shell/signedInApp.ts). Every other language is loaded when chosen, from a chunk of its own (web/vite.config.ts
 * groups a language's files into one chunk, and the later English files into one).
 */
const englishFiles = import.meta.glob<Texts>(
  [
    './en.json',
    './en.*.json',
    '!./en.apps.json',
    '!./en.crops.json',
    '!./en.documents.json',
    '!./en.exports.json',
    '!./en.fields.json',
    '!./en.holdings.json',
    '!./en.imports.json',
    '!./en.layers.json',
    '!./en.layersServer.json',
    '!./en.map.json',
    '!./en.partners.json',
  ],
  { eager: true, import: 'default' },
);
const laterEnglishFiles = import.meta.glob<Texts>(
  [
    './en.apps.json',
    './en.crops.json',
    './en.documents.json',
    './en.exports.json',
    './en.fields.json',
    './en.holdings.json',
    './en.imports.json',
    './en.layers.json',
    './en.layersServer.json',
    './en.map.json',
    './en.partners.json',
  ],
  { import: 'default' },
);
const otherFiles = import.meta.glob<Texts>(['./*.json', '!./en.json', '!./en.*.json'], { import: 'default' });

/** The language a text file holds, from its name (`./de.fields.json` → 'de'). */
export function textFileLanguage(path: string): string | undefined {
  return /(?:^|[\\/])([a-z]{2})(?:\.[\w-]+)?\.json$/.exec(path)?.[1];
}

/** Merges `source` into `target` key by key (nested objects merged, not replaced). */
export function mergeTexts(target: Texts, source: Texts): Texts {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && typeof existing === 'object'
        ? mergeTexts(existing, value)
        : typeof value === 'object'
          ? mergeTexts({}, value)
          : value;
  }
  return target;
}

const englishTexts: Texts = Object.values(englishFiles).reduce<Texts>(
  (merged, texts) => mergeTexts(merged, texts),
  {},
);

/** The instances made so far: the later English texts join each of them when they arrive. */
const instances: i18n[] = [];
let laterEnglish: Promise<Texts> | undefined;

/**
 * Loads the English texts of the screens behind the sign-in, once, into every instance made and to be made.
 * Their screens wait for it before they show.
 */
export function loadLaterEnglishTexts(): Promise<Texts> {
  laterEnglish ??= Promise.all(Object.values(laterEnglishFiles).map((load) => load())).then((files) => {
    for (const texts of files) mergeTexts(englishTexts, texts);
    for (const instance of instances) {
      instance.addResourceBundle(defaultLanguage, 'translation', englishTexts, true, false);
    }
    return englishTexts;
  });
  // A failed download may be tried again with the next screen.
  laterEnglish.catch(() => {
    laterEnglish = undefined;
  });
  return laterEnglish;
}

/** The languages that have text files of their own, English included. */
export const languagesWithTexts: readonly string[] = [
  ...new Set([defaultLanguage, ...Object.keys(otherFiles).map((path) => textFileLanguage(path) ?? '')]),
].filter((code) => code !== '');

/** Every text of `language` merged from its files (no English fallback in it); empty for a language without files. */
export async function loadLanguageTexts(language: string): Promise<Texts> {
  if (language === defaultLanguage) return mergeTexts({}, englishTexts);
  const files = await Promise.all(
    Object.entries(otherFiles)
      .filter(([path]) => textFileLanguage(path) === language)
      .map(([, load]) => load()),
  );
  return files.reduce<Texts>((merged, texts) => mergeTexts(merged, texts), {});
}

/** What the product shows for a text id that no language has, so a gap is visible rather than blank. */
export function missingText(key: string): string {
  return `(?${key})`;
}

/**
 * A ready i18next instance for `language` with the English texts. English initialises synchronously, so the
 * first render already has its texts; another language's texts arrive with `switchLanguage` (until then, and for
 * any key it lacks, English shows).
 */
export function createI18n(language: string): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: defaultLanguage,
    resources: { [defaultLanguage]: { translation: englishTexts } },
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Loaded texts must re-render the screens that use them.
    react: { bindI18nStore: 'added' },
    // A caller's own default (for open-ended ids such as object types) wins over the missing-text marker.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => defaultValue ?? missingText(key),
  });
  instances.push(instance);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    instance.on('languageChanged', (code) => {
      document.documentElement.lang = code;
    });
  }
  return instance;
}

/**
 * Switches `instance` to `language`, loading its texts first when they are not there yet. An unsupported code
 * switches to English.
 */
export async function switchLanguage(instance: i18n, language: string): Promise<void> {
  const code = supportedLanguage(language) ?? defaultLanguage;
  if (code !== defaultLanguage && !instance.hasResourceBundle(code, 'translation')) {
    instance.addResourceBundle(code, 'translation', await loadLanguageTexts(code), true, true);
  }
  if (instance.language !== code) await instance.changeLanguage(code);
}

/** `createI18n` for `language` with its texts loaded. */
export async function createLoadedI18n(language: string): Promise<i18n> {
  const instance = createI18n(language);
  await switchLanguage(instance, language);
  return instance;
}
