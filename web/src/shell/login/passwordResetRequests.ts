import {
  passwordResetBodySchema,
  passwordResetResponseSchema,
  type PasswordResetResponse,
} from '@headland/domain/api/passwordResetApi';
import { z } from 'zod';
import { ApiRequestError, type ApiClient } from '../http/apiClient.ts';

/**
 * POST /api/user/v1/password/reset?email=: asks for a reset link. The answer is the same whether or not the
 * address has an account; `language` is the screen's, for an account that has chosen none.
 */
export function requestPasswordReset(api: ApiClient, email: string, language: string): Promise<unknown> {
  return api.post('/api/user/v1/password/reset', {
    query: { email, lang: language },
    schema: z.literal(true),
    errorDialog: false,
  });
}

/**
 * POST /api/user/v1/login/reset?token=: without a password, checks the link (step 2 opens with it); with one,
 * sets it and uses the link up.
 */
export function resetPassword(
  api: ApiClient,
  token: string,
  password?: string,
): Promise<PasswordResetResponse> {
  return api.post('/api/user/v1/login/reset', {
    query: { token },
    body: (password === undefined ? {} : { password }) satisfies z.input<typeof passwordResetBodySchema>,
    schema: passwordResetResponseSchema,
    errorDialog: false,
  });
}

/** The code and field of a refused reset call (`resetLinkUsed` on `token`, a rule message on `password`). */
export function resetRefusal(error: unknown): { field: string; code?: string; message: string } | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const first = error.apiError?.Errors?.[0];
  if (!first) return null;
  return { field: first.Field, message: first.Message, ...(first.Code ? { code: first.Code } : {}) };
}
