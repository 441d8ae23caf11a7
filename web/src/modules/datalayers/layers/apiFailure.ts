import type { i18n } from 'i18next';
import { refusalEntryText } from '../../../i18n/refusalText.ts';
import { ApiRequestError } from '../../../shell/http/apiClient.ts';

interface FieldError {
  Code?: string;
  Params?: Record<string, unknown>;
  Message?: string;
}

/**
 * The words of a failed call: the server's first field error by its code in the reader's language (a layer
 * problem's bare code from `layersServer.error`), else its English message, else the error's own text.
 */
export function apiFailureMessage(failure: unknown, instance?: i18n): string {
  if (failure instanceof ApiRequestError) {
    const error = failure.apiError;
    const first = error?.Errors?.[0] as FieldError | undefined;
    const english = first?.Message ?? error?.Message ?? failure.message;
    if (instance && first?.Code) {
      const entry = {
        ...first,
        Params: first.Params as Record<string, string | number | boolean> | undefined,
      };
      return refusalEntryText(instance, entry, {}, 'layers') ?? english;
    }
    return english;
  }
  return failure instanceof Error ? failure.message : String(failure);
}

/** The code of the first field error of a failed call (`invalidMerge`...), if any. */
export function apiFailureCode(failure: unknown): string | undefined {
  if (!(failure instanceof ApiRequestError)) return undefined;
  const first = failure.apiError?.Errors?.[0] as FieldError | undefined;
  return first?.Code;
}
