import type { i18n } from 'i18next';
import { requestIssueCodes, type IssueEntry } from '@headland/domain/api/requestIssueWords';
import { refusalEntryText } from './refusalText.ts';

/**
 * The words of an entry of a refused request's `Errors` in the shown language when it is a request issue
 * (`required`, `tooLong`, …), said by the one refusal wording (refusalText.ts); undefined for any other code,
 * whose own message then stands. In English, a message the schema gave the issue itself ('Type at least 2
 * characters to search holdings.') is kept: it says more than the code's sentence.
 */
export function translateRequestIssue(
  instance: i18n,
  entry: IssueEntry & { Message?: string },
): string | undefined {
  if (entry.Code === undefined || !requestIssueCodes.has(entry.Code)) return undefined;
  return refusalEntryText(instance, entry);
}

/** The words of an `Errors` entry: its code in the shown language, else the server's message. */
export function errorEntryText(instance: i18n, entry: IssueEntry & { Message: string }): string {
  return refusalEntryText(instance, entry) ?? entry.Message;
}

/** The words of the first of a refusal's `Errors` in the shown language, or undefined when it has none. */
export function firstErrorText(
  instance: i18n,
  errors: ReadonlyArray<IssueEntry & { Message: string }> | undefined,
): string | undefined {
  const first = errors?.[0];
  return first ? errorEntryText(instance, first) : undefined;
}
