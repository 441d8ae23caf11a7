import { z } from 'zod';
import {
  autoSignupResponseSchema,
  type AutoSignup,
  addressLookupResponseSchema,
  addressSchema,
  signupDataSchema,
  signupSetupResponseSchema,
  ssoCheckResponseSchema,
  temporaryLoginTokenSchema,
  type Address,
  type AddressLookupResponse,
  type SignupData,
  type SignupSetup,
  type SignupSetupResponse,
  type SsoCheckResponse,
  type TemporaryLoginToken,
} from '@headland/domain/api/signupApi';
import type { ApiClient } from '../http/apiClient.ts';

/** POST /api/signup/v1/validate/?key=&email=: the sign-up link's temporary login token. */
export function validateSignupLink(api: ApiClient, key: string, email: string): Promise<TemporaryLoginToken> {
  return api.post('/api/signup/v1/validate/', {
    query: { key, email },
    schema: temporaryLoginTokenSchema,
    errorDialog: false,
  });
}

export function readSignupData(api: ApiClient): Promise<SignupData> {
  return api.get('/api/signup/v1/data', { schema: signupDataSchema, errorDialog: false });
}

/** POST /api/signup/v1/setup; the caller shows a refusal on the wizard. */
export function setupSignup(api: ApiClient, payload: SignupSetup): Promise<SignupSetupResponse> {
  return api.post('/api/signup/v1/setup', {
    body: payload,
    schema: signupSetupResponseSchema,
    errorDialog: false,
  });
}

/** POST /api/signup/v1/auto: the automatic set-up of an Access-role account; the caller shows a failure. */
export function autoSignup(api: ApiClient, payload: AutoSignup): Promise<{ email: string }> {
  return api.post('/api/signup/v1/auto', {
    body: payload,
    schema: autoSignupResponseSchema,
    spinner: false,
    errorDialog: false,
  });
}

export function cancelSignup(api: ApiClient): Promise<unknown> {
  return api.post('/api/signup/v1/cancel', { schema: z.literal(true) });
}

export function lookupAddresses(api: ApiClient, text: string): Promise<AddressLookupResponse> {
  return api.get(`/api/signup/v1/addresses/lookup/${encodeURIComponent(text)}`, {
    schema: addressLookupResponseSchema,
    errorDialog: false,
  });
}

export function getAddress(api: ApiClient, udprn: string): Promise<Address> {
  return api.get(`/api/signup/v1/addresses/get/${encodeURIComponent(udprn)}`, {
    schema: addressSchema,
    errorDialog: false,
  });
}

/** POST /api/signup/v1/request?email=&lang=: the same answer whether or not the address has an account. */
export function requestSignupLink(api: ApiClient, email: string, language: string): Promise<unknown> {
  return api.post('/api/signup/v1/request', {
    query: { email, lang: language },
    schema: z.literal(true),
    errorDialog: false,
  });
}

/** GET /api/session/v1/login/sso/check?email=&invite=: the single sign-on login link, or null. */
export function checkSingleSignOn(
  api: ApiClient,
  email: string,
  invite: string | null,
): Promise<SsoCheckResponse> {
  return api.get('/api/session/v1/login/sso/check', {
    query: { email, invite },
    schema: ssoCheckResponseSchema,
    spinner: false,
    errorDialog: false,
  });
}
