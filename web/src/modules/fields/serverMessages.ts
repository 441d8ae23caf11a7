import { ApiRequestError } from '../../shell/http/apiClient.ts';

/**
 * What a failed write tells the user beside its form: every message of a 4xx answer (the server reports all the
 * rules a cropping breaks at once), or nothing when the failure has no message for users, in which case the
 * caller shows the generic text.
 */
export function serverMessages(error: unknown): string[] {
  if (!(error instanceof ApiRequestError) || error.status >= 500) return [];
  if (typeof error.body === 'string') return error.body.trim() ? [error.body] : [];
  const apiError = error.apiError;
  if (!apiError) return [];
  const messages = apiError.Errors?.map((entry) => entry.Message) ?? [];
  return messages.length > 0 ? [...new Set(messages)] : [apiError.Message];
}
