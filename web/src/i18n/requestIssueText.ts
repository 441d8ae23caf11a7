import type { i18n } from 'i18next';
import { defaultLanguage, supportedLanguage } from '@headland/domain/languages';
import {
  requestIssueWords,
  type IssueEntry,
  type IssueTextLookup,
} from '@headland/domain/api/requestIssueWords';
import { numberLocale } from './numberFormat.ts';

/** The raw texts of the `requestIssues` area in `language`, each key falling back to English. */
function issueTexts(instance: i18n, language: string): IssueTextLookup {
  return (key) => {
    for (const code of [language, defaultLanguage]) {
      const text: unknown = instance.getResource(code, 'translation', `requestIssues.${key}`);
      if (typeof text === 'string') return text;
    }
    return undefined;
  };
}

/**
 * The words of an entry of a refused request's `Errors` in the shown language: a request issue (`required`,
 * `tooLong`, …) is said from its code, parameters and field, with the rules the server's English `Message`
 * follows (domain/src/api/requestIssueWords.ts); undefined for any other code, whose own message then stands.
 * In English, a message the schema gave the issue itself ('Type at least 2 characters to search holdings.')
 * is kept: it says more than the code's sentence, which another language says instead.
 */
export function translateRequestIssue(
  instance: i18n,
  entry: IssueEntry & { Message?: string },
): string | undefined {
  const language = supportedLanguage(instance.language) ?? defaultLanguage;
  const own = requestIssueWords(entry, issueTexts(instance, language), numberLocale(language));
  if (own === undefined || language !== defaultLanguage || !entry.Message) return own;
  return entry.Message;
}

/** The words of an `Errors` entry: its request issue in the shown language, else the server's message. */
export function errorEntryText(instance: i18n, entry: IssueEntry & { Message: string }): string {
  return translateRequestIssue(instance, entry) ?? entry.Message;
}

/** The words of the first of a refusal's `Errors` in the shown language, or undefined when it has none. */
export function firstErrorText(
  instance: i18n,
  errors: ReadonlyArray<IssueEntry & { Message: string }> | undefined,
): string | undefined {
  const first = errors?.[0];
  return first ? errorEntryText(instance, first) : undefined;
}
