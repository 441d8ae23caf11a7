import type { i18n } from 'i18next';
import { defaultLanguage, supportedLanguage, type LanguageCode } from '@headland/domain/languages';
import { switchLanguage } from './createI18n.ts';

/**
 * Which language the product shows (session-shell-connections §2 and §9): the url's `lang` parameter, then the
 * user's saved preference (known once signed in), then the browser's languages, else English. The language
 * shown is kept in the browser's storage, so a page load without `lang` starts in it.
 */
const storageKey = 'headland.language';

/** The language kept from an earlier page load, if any (storage may be blocked). */
export function storedLanguage(): LanguageCode | undefined {
  try {
    return supportedLanguage(window.localStorage.getItem(storageKey));
  } catch {
    return undefined;
  }
}

export function storeLanguage(code: LanguageCode): void {
  try {
    window.localStorage.setItem(storageKey, code);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

export interface LanguageSources {
  /** The url's `lang` parameter. */
  urlLang: string | null | undefined;
  /** The language kept from an earlier page load. */
  stored: string | null | undefined;
  /** navigator.languages. */
  browser: readonly string[];
}

/** The language a page load starts in. */
export function initialLanguage(sources: LanguageSources): LanguageCode {
  return (
    supportedLanguage(sources.urlLang) ??
    supportedLanguage(sources.stored) ??
    sources.browser.map(supportedLanguage).find((code) => code !== undefined) ??
    defaultLanguage
  );
}

/**
 * Whether the language was chosen explicitly on this page load (the url's `lang`, or the picker): the user's
 * saved preference then does not replace it.
 */
let chosenExplicitly = false;

export function markLanguageChosen(chosen: boolean): void {
  chosenExplicitly = chosen;
}

/** Shows `language` and keeps it for later page loads; `explicit` when the person chose it on this page. */
export async function chooseLanguage(instance: i18n, language: string, explicit: boolean): Promise<void> {
  const code = supportedLanguage(language) ?? defaultLanguage;
  if (explicit) chosenExplicitly = true;
  storeLanguage(code);
  await switchLanguage(instance, code);
}

/** The saved language of a user from the session start (`User.Language`, a language code or null), if any. */
export function userLanguage(user: object | null | undefined): LanguageCode | undefined {
  if (!user || !('Language' in user)) return undefined;
  const saved = (user as { Language?: unknown }).Language;
  return typeof saved === 'string' ? supportedLanguage(saved) : undefined;
}

/** After sign-in: the user's saved language, unless one was chosen explicitly on this page load. */
export async function applyUserLanguage(instance: i18n, user: object | null | undefined): Promise<void> {
  const saved = userLanguage(user);
  if (!saved || chosenExplicitly || saved === instance.language) return;
  await chooseLanguage(instance, saved, false);
}
