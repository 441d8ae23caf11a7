import { z } from 'zod';

export const languageCodes = [
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
] as const;
export type LanguageCode = (typeof languageCodes)[number];
export const languageCodeSchema = z.enum(languageCodes);

export const defaultLanguage: LanguageCode = 'en';

export interface Language {
  code: LanguageCode;
  /** English name. */
  name: string;
  /** The language's name for itself, as shown in a language picker. */
  nativeName: string;
}

export const supportedLanguages: readonly Language[] = [
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'hu', name: 'Hungarian', nativeName: 'Magyar' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands' },
  { code: 'pl', name: 'Polish', nativeName: 'Polski' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'ro', name: 'Romanian', nativeName: 'Română' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'sk', name: 'Slovak', nativeName: 'Slovenčina' },
  { code: 'cs', name: 'Czech', nativeName: 'Čeština' },
  { code: 'bg', name: 'Bulgarian', nativeName: 'Български' },
];

/** The supported language a tag such as "en-GB", "EN" or "pt_BR" stands for, if any. */
export function supportedLanguage(tag: string | null | undefined): LanguageCode | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return languageCodes.find((code) => code === primary);
}

/** The url's `lang` parameter when supported, else the first supported browser language, else English. */
export function pickLanguage(
  urlLang: string | null | undefined,
  browserLanguages: readonly string[],
): LanguageCode {
  return (
    supportedLanguage(urlLang) ??
    browserLanguages.map(supportedLanguage).find((code) => code !== undefined) ??
    defaultLanguage
  );
}
