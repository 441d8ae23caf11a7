import { supportedLanguage } from '@headland/domain/languages';

/**
 * The locale for dates and times in `language`: the browser's own variant of it when the browser has one
 * (en-IE, de-AT), else British English for English, as most users are in the UK and Ireland, else the bare
 * language.
 */
export function dateLocale(language: string, browserLanguages: readonly string[]): string {
  const own = browserLanguages.find((tag) => tag.includes('-') && supportedLanguage(tag) === language);
  if (own) return own;
  return language === 'en' ? 'en-GB' : language;
}
