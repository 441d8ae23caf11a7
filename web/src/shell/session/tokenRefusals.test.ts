import { describe, expect, it } from 'vitest';
import { createI18n, switchLanguage } from '../../i18n/createI18n.ts';
import { ApiRequestError } from '../http/apiClient.ts';
import { tokenErrorDescription } from './sessionRequests.ts';

const refusal = (body: object) => new ApiRequestError(400, body);

describe('a refused sign-in', () => {
  it('is said in the shown language by its code, with the wait in minutes', async () => {
    const i18n = createI18n('de');
    await switchLanguage(i18n, 'de');
    const credentials = refusal({
      error: 'invalid_grant',
      error_description: 'The e-mail address or password is incorrect.',
      error_code: 'credentials',
    });
    expect(tokenErrorDescription(credentials, i18n.t)).toBe(
      'Die E-Mail-Adresse oder das Passwort ist falsch.',
    );
    const throttled = new ApiRequestError(429, {
      error: 'too_many_attempts',
      error_description: 'Too many failed sign-in attempts. Please wait 15 minutes before trying again.',
      error_code: 'throttled',
      retry_after_seconds: 841,
    });
    expect(tokenErrorDescription(throttled, i18n.t)).toContain('15 Minuten');
  });

  it('keeps the English of the server in English, and its description where there is no code', () => {
    const i18n = createI18n('en');
    const throttled = new ApiRequestError(429, {
      error: 'too_many_attempts',
      error_description: 'Too many failed sign-in attempts. Please wait 15 minutes before trying again.',
      error_code: 'throttled',
      retry_after_seconds: 900,
    });
    expect(tokenErrorDescription(throttled, i18n.t)).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes before trying again.',
    );
    expect(
      tokenErrorDescription(refusal({ error: 'invalid_request', error_description: 'Odd.' }), i18n.t),
    ).toBe('Odd.');
  });
});
