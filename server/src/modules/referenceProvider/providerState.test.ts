import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ProviderState, verifierMatches } from './providerState.ts';

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const pending = {
  clientId: 'headland',
  redirectUri: 'http://localhost/cb',
  codeChallenge: challenge,
  userName: 'a',
};

describe('the reference provider’s grants', () => {
  it('checks the PKCE verifier against the S256 challenge', () => {
    expect(verifierMatches(verifier, challenge)).toBe(true);
    expect(verifierMatches(`${verifier}x`, challenge)).toBe(false);
  });

  it('trades a code once, for its client, redirect address and verifier only', () => {
    const state = new ProviderState();
    const wrongVerifier = state.issueCode(pending);
    expect(
      state.redeemCode(
        wrongVerifier,
        'headland',
        'http://localhost/cb',
        randomBytes(32).toString('base64url'),
      ),
    ).toBeNull();
    // A code is spent by a wrong attempt too.
    expect(state.redeemCode(wrongVerifier, 'headland', 'http://localhost/cb', verifier)).toBeNull();
    expect(state.redeemCode(state.issueCode(pending), 'other', 'http://localhost/cb', verifier)).toBeNull();
    expect(state.redeemCode(state.issueCode(pending), 'headland', 'http://evil/cb', verifier)).toBeNull();
    const code = state.issueCode(pending);
    const tokens = state.redeemCode(code, 'headland', 'http://localhost/cb', verifier);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(state.userOfAccessToken(tokens!.access_token)).toBe('a');
    expect(state.redeemCode(code, 'headland', 'http://localhost/cb', verifier)).toBeNull();
  });

  it('rotates refresh tokens, and a spent one presented again revokes the whole grant', () => {
    const state = new ProviderState();
    const first = state.redeemCode(state.issueCode(pending), 'headland', 'http://localhost/cb', verifier)!;
    const second = state.refresh(first.refresh_token, 'headland')!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(state.userOfAccessToken(second.access_token)).toBe('a');
    expect(state.refresh(first.refresh_token, 'headland')).toBeNull();
    expect(state.userOfAccessToken(second.access_token)).toBeNull();
    expect(state.refresh(second.refresh_token, 'headland')).toBeNull();
  });

  it('ends access tokens when they expire', () => {
    let now = 1_000_000;
    const state = new ProviderState(() => now);
    const tokens = state.redeemCode(state.issueCode(pending), 'headland', 'http://localhost/cb', verifier)!;
    now += 3601 * 1000;
    expect(state.userOfAccessToken(tokens.access_token)).toBeNull();
    expect(state.refresh(tokens.refresh_token, 'headland')).not.toBeNull();
  });
});
