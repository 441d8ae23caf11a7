import type { i18n } from 'i18next';
import { refusalEntryText, refusalText } from '../../i18n/refusalText.ts';
import { ApiRequestError } from '../../shell/http/apiClient.ts';

/** Words of an `Errors` entry made from its code, or undefined to keep the server's message. */
export type ErrorTranslator = (entry: {
  Code?: string;
  Params?: Record<string, string | number | boolean>;
}) => string | undefined;

/** A 409 with Resources: another user's change, which the shell's conflict dialog tells of. */
export function isConflictError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409 && error.apiError?.Resources !== undefined;
}

/**
 * What a failed write tells the user beside its form: every message of a 4xx answer (the server reports all the
 * rules a cropping breaks at once), or nothing when the failure has no message for users, in which case the
 * caller shows the generic text. Entries with a code `translate` knows are shown in the translation's words,
 * request issues (with `i18n`) in the shown language.
 */
export function serverMessages(error: unknown, translate?: ErrorTranslator, i18n?: i18n): string[] {
  if (!(error instanceof ApiRequestError) || error.status >= 500) return [];
  // A conflict is shown by the shell's conflict dialog, not beside the form.
  if (isConflictError(error)) return [];
  if (typeof error.body === 'string') return error.body.trim() ? [error.body] : [];
  const apiError = error.apiError;
  if (!apiError) return [];
  const messages =
    apiError.Errors?.map(
      (entry) =>
        translate?.(entry) ?? (i18n ? refusalEntryText(i18n, entry, apiError) : undefined) ?? entry.Message,
    ) ?? [];
  if (messages.length > 0) return [...new Set(messages)];
  return [(i18n ? refusalText(i18n, apiError) : undefined) ?? apiError.Message];
}
