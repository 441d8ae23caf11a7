import type { TFunction } from 'i18next';
import type { z } from 'zod';
import {
  changePasswordRequestSchema,
  changeYearRequestSchema,
  confirmEmailRequestSchema,
  selectHoldingRequestSchema,
  sessionStartRequestSchema,
  updateUserRequestSchema,
  holdingQueryResponseSchema,
  holdingSummarySchema,
  selectHoldingResponseSchema,
  sessionStartResponseSchema,
  tokenErrorSchema,
  tokenResponseSchema,
  confirmEmailResponseSchema,
  updateUserResponseSchema,
  type HoldingSummary,
  type SelectHoldingResponse,
  type SessionStartResponse,
  type TokenResponse,
  type UpdateUserResponse,
  type User,
} from '@headland/domain/api/sessionApi';
import { publicInvitationSchema, type PublicInvitation } from '@headland/domain/api/invitationLinks';
import { holdingSearchMaxResults } from '@headland/domain/limits';
import { ApiRequestError, type ApiClient } from '../http/apiClient.ts';

/** The client id this app presents to the token call. */
export const webClientId = 'headland-web';

export type TokenGrant =
  { grant: 'password'; username: string; password: string } | { grant: 'token'; token: string };

/** POST /oauth/token. Failures carry the server's error_description; callers show it on the login screen. */
export function requestToken(api: ApiClient, grant: TokenGrant): Promise<TokenResponse> {
  const form =
    grant.grant === 'password'
      ? { grant_type: 'password', username: grant.username, password: grant.password, client_id: webClientId }
      : { grant_type: 'token', token: grant.token, client_id: webClientId };
  return api.post('/oauth/token', { form, schema: tokenResponseSchema, errorDialog: false });
}

/**
 * The words of a failed token call, when the answer has any: a refusal with a code in the shown language
 * (`login.refusals.*`), else the server's English error_description.
 */
export function tokenErrorDescription(error: unknown, t?: TFunction): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const parsed = tokenErrorSchema.safeParse(error.body);
  if (parsed.success) {
    const { error_code: code, retry_after_seconds: seconds } = parsed.data;
    if (code && t) {
      const count = Math.max(1, Math.ceil((seconds ?? 60) / 60));
      return t(`login.refusals.${code}`, { count, defaultValue: parsed.data.error_description });
    }
    return parsed.data.error_description;
  }
  return error.apiError?.Message;
}

export function startSession(
  api: ApiClient,
  body: z.input<typeof sessionStartRequestSchema>,
): Promise<SessionStartResponse> {
  return api.post('/api/session/v1/start', { body, schema: sessionStartResponseSchema, errorDialog: false });
}

/**
 * GET /api/invites/v1/{id}?secret=: what an invitation link is about, read before signing in. The link's
 * secret travels as a query parameter; without it the server tells nothing.
 */
export function readInvitation(
  api: ApiClient,
  id: string,
  secret: string | undefined,
): Promise<PublicInvitation> {
  return api.get(`/api/invites/v1/${encodeURIComponent(id)}`, {
    query: { secret },
    schema: publicInvitationSchema,
    spinner: false,
    errorDialog: false,
  });
}

export function acceptTerms(api: ApiClient, version: number): Promise<unknown> {
  return api.post('/api/user/v1/tcs/accept', { query: { version } });
}

export function selectHolding(
  api: ApiClient,
  body: { holdingId: number; yearId: number; reuseSession: boolean },
): Promise<SelectHoldingResponse> {
  return api.post('/api/session/v1/holdings/select', {
    body: { ...body, clientState: null } satisfies z.input<typeof selectHoldingRequestSchema>,
    schema: selectHoldingResponseSchema,
  });
}

/**
 * GET /api/service/holding/current: the session's holding as it is stored now, read without touching the
 * session (a selection would issue a new token and reload everything the shell shows). Its answer has the
 * holding's full details; only the summary the shell keeps is taken.
 */
export function currentHolding(api: ApiClient): Promise<HoldingSummary> {
  // A read after a change that has already succeeded: a failure here is no news for the user, and the end of the
  // session is still reported by the client.
  return api.get('/api/service/holding/current', {
    schema: holdingSummarySchema,
    spinner: false,
    errorDialog: false,
  });
}

export function queryHoldings(
  api: ApiClient,
  query: string,
  signal?: AbortSignal,
): Promise<HoldingSummary[]> {
  // Searching as the user types must not block the screen at every key. One more than is shown is asked for,
  // so that the picker can say when matches were left out.
  return api.get('/api/session/v1/holdings/query', {
    query: { query, limit: holdingSearchMaxResults + 1 },
    schema: holdingQueryResponseSchema,
    spinner: false,
    signal,
  });
}

/** PUT /api/holdings/v1/year registers a crop year on the current holding; it answers something truthy. */
export async function openCropYear(api: ApiClient, yearId: number): Promise<boolean> {
  const result = await api.put('/api/holdings/v1/year', {
    body: { YearId: yearId } satisfies z.input<typeof changeYearRequestSchema>,
  });
  return Boolean(result);
}

/** The changes a user makes to their own account; a new e-mail address needs the current password. */
export type UserChanges = Pick<User, 'Id' | 'FirstName' | 'LastName' | 'Email' | 'Language'> & {
  CurrentPassword?: string;
};

/** POST /api/user/v1/user: the saved user, and the address waiting for its confirmation link, if any. */
export function updateUser(api: ApiClient, user: UserChanges): Promise<UpdateUserResponse> {
  const body: z.input<typeof updateUserRequestSchema> = user;
  return api.post('/api/user/v1/user', { body, schema: updateUserResponseSchema });
}

export function changePassword(api: ApiClient, password: string, currentPassword: string): Promise<unknown> {
  return api.post('/api/user/v1/password/change', {
    body: { password, currentPassword } satisfies z.input<typeof changePasswordRequestSchema>,
  });
}

/** POST /api/user/v1/email/confirm: the link sent to a new address makes it the account's address. */
export function confirmEmail(api: ApiClient, token: string): Promise<{ Email: string }> {
  return api.post('/api/user/v1/email/confirm', {
    body: { token } satisfies z.input<typeof confirmEmailRequestSchema>,
    schema: confirmEmailResponseSchema,
    errorDialog: false,
  });
}

export function logout(api: ApiClient): Promise<unknown> {
  // Logging out must go ahead even when the session has already ended on the server.
  return api.delete('/api/session/v1/logout', { errorDialog: false });
}
