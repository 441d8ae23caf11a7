import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../shell/http/apiClient.ts';

interface FieldError {
  Code?: string;
  Params?: Record<string, unknown>;
  Message?: string;
}

/**
 * The words of a failed call: the server's first field error by its code in the reader's language
 * (`layersServer.error.<code>`), else its English message, else the error's own text.
 */
export function apiFailureMessage(failure: unknown, t?: TFunction): string {
  if (failure instanceof ApiRequestError) {
    const error = failure.apiError;
    const first = error?.Errors?.[0] as FieldError | undefined;
    const english = first?.Message ?? error?.Message ?? failure.message;
    if (t && first?.Code) {
      return t(`layersServer.error.${first.Code}`, { ...(first.Params ?? {}), defaultValue: english });
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
