import { ApiRequestError, describeApiError } from '../../shell/http/apiClient.ts';

/** A refusal's code and words, or the screen's own words when the server gave none. */
export function planProblem(error: unknown, fallback: string): { code: string | null; message: string } {
  const described = describeApiError(error, false);
  const code = error instanceof ApiRequestError ? (error.apiError?.Code ?? null) : null;
  return { code, message: described.kind === 'message' ? described.message : fallback };
}
