import { ApiRequestError } from '../../../shell/http/apiClient.ts';

/** The words of a failed call: the server's first field message, its message, or the error's own text. */
export function apiFailureMessage(failure: unknown): string {
  if (failure instanceof ApiRequestError) {
    const error = failure.apiError;
    return error?.Errors?.[0]?.Message ?? error?.Message ?? failure.message;
  }
  return failure instanceof Error ? failure.message : String(failure);
}

/** The code of the first field error of a failed call (`invalidMerge`...), if any. */
export function apiFailureCode(failure: unknown): string | undefined {
  if (!(failure instanceof ApiRequestError)) return undefined;
  const first = failure.apiError?.Errors?.[0] as { Code?: string } | undefined;
  return first?.Code;
}
