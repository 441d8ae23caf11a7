import * as client from 'openid-client';
import type { OAuthSettings } from './providers.ts';
import { ProviderUnavailable, providerTimeoutMs } from './providerApi.ts';

/** Tokens as Headland keeps them. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
}

/** The provider refused the grant (a wrong code or verifier, a used or revoked refresh token). */
export class GrantRefused extends Error {
  override name = 'GrantRefused';
}

function configurationOf(settings: OAuthSettings): client.Configuration {
  const configuration = new client.Configuration(
    {
      issuer: settings.issuer,
      authorization_endpoint: settings.authorizationEndpoint,
      token_endpoint: settings.tokenEndpoint,
    },
    settings.clientId,
    settings.clientSecret,
  );
  configuration.timeout = providerTimeoutMs / 1000;
  // The reference provider on a developer's machine answers over plain http; real providers never do.
  if (new URL(settings.tokenEndpoint).protocol === 'http:') client.allowInsecureRequests(configuration);
  return configuration;
}

/** A new authorisation: the address the popup opens, with the state and PKCE verifier to keep for the callback. */
export async function startAuthorisation(
  settings: OAuthSettings,
): Promise<{ url: string; state: string; verifier: string }> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(configurationOf(settings), {
    redirect_uri: settings.redirectUri,
    scope: settings.scope,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.toString(), state, verifier };
}

function tokenSet(answer: client.TokenEndpointResponse, previousRefresh: string | null): TokenSet {
  const seconds = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3600;
  return {
    accessToken: answer.access_token,
    // A provider that does not rotate answers no new refresh token: the old one stays good.
    refreshToken: answer.refresh_token ?? previousRefresh,
    expiresAt: new Date(Date.now() + seconds * 1000),
  };
}

function refusedOrUnavailable(error: unknown): Error {
  if (error instanceof client.ResponseBodyError) return new GrantRefused(error.error);
  if (error instanceof client.AuthorizationResponseError) return new GrantRefused(error.error);
  if (error instanceof Error && /state|code_verifier|pkce/i.test(error.message))
    return new GrantRefused(error.message);
  return new ProviderUnavailable('the authorisation server did not answer as expected', { cause: error });
}

/** Trades the callback's code for tokens, checking the state and sending the PKCE verifier. */
export async function finishAuthorisation(
  settings: OAuthSettings,
  callbackQuery: URLSearchParams,
  expectedState: string,
  verifier: string,
): Promise<TokenSet> {
  const current = new URL(settings.redirectUri);
  current.search = callbackQuery.toString();
  try {
    const answer = await client.authorizationCodeGrant(configurationOf(settings), current, {
      expectedState,
      pkceCodeVerifier: verifier,
      idTokenExpected: false,
    });
    return tokenSet(answer, null);
  } catch (error) {
    throw refusedOrUnavailable(error);
  }
}

/** A refresh grant; with rotation the answer carries the next refresh token and the old one is spent. */
export async function refreshTokens(settings: OAuthSettings, refreshToken: string): Promise<TokenSet> {
  try {
    return tokenSet(await client.refreshTokenGrant(configurationOf(settings), refreshToken), refreshToken);
  } catch (error) {
    throw refusedOrUnavailable(error);
  }
}
