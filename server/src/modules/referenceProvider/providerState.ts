import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What the reference provider remembers: authorisation codes, access tokens and refresh tokens, kept in this
 * process's memory as SHA-256 hashes (docs/decisions.md "The reference provider"). Refresh tokens rotate: each
 * is used once; presenting a used one again revokes every token of its grant, as OAuth 2.0 Security BCP §4.14
 * advises, so a client that races two refreshes of one token loses the grant.
 */
export const codeLifetimeMs = 60_000;
export const accessLifetimeSeconds = 3600;

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  userName: string;
  expiresAt: number;
}

interface Grant {
  userName: string;
  clientId: string;
  revoked: boolean;
}

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

/** S256 (RFC 7636 §4.2): BASE64URL(SHA256(verifier)), compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** Bounds of what the provider keeps, so that a flood of authorisations cannot fill the server's memory. */
const maxPending = 10_000;
const maxTokens = 100_000;

export class ProviderState {
  readonly #codes = new Map<string, PendingCode>();
  readonly #grants = new Map<string, Grant>();
  readonly #access = new Map<string, { grantId: string; expiresAt: number }>();
  readonly #refresh = new Map<string, { grantId: string; used: boolean }>();

  constructor(private readonly now: () => number = Date.now) {}

  issueCode(pending: Omit<PendingCode, 'expiresAt'>): string {
    this.#sweep();
    if (this.#codes.size >= maxPending) throw new Error('too many pending authorisations');
    const code = newToken();
    this.#codes.set(hash(code), { ...pending, expiresAt: this.now() + codeLifetimeMs });
    return code;
  }

  /** Trades a code once for tokens; null when the code, client, redirect address or verifier do not match. */
  redeemCode(code: string, clientId: string, redirectUri: string, verifier: string): IssuedTokens | null {
    const key = hash(code);
    const pending = this.#codes.get(key);
    // A code is spent by any attempt, right or wrong, so a guessed verifier gets one try.
    this.#codes.delete(key);
    if (!pending || pending.expiresAt < this.now()) return null;
    if (pending.clientId !== clientId || pending.redirectUri !== redirectUri) return null;
    if (!verifierMatches(verifier, pending.codeChallenge)) return null;
    const grantId = newToken();
    this.#grants.set(grantId, { userName: pending.userName, clientId, revoked: false });
    return this.#issue(grantId);
  }

  /** Rotates a refresh token; a used one revokes its whole grant. */
  refresh(refreshToken: string, clientId: string): IssuedTokens | null {
    const entry = this.#refresh.get(hash(refreshToken));
    const grant = entry && this.#grants.get(entry.grantId);
    if (!entry || !grant || grant.revoked || grant.clientId !== clientId) return null;
    if (entry.used) {
      grant.revoked = true;
      return null;
    }
    entry.used = true;
    return this.#issue(entry.grantId);
  }

  /** The provider account an access token speaks for, or null. */
  userOfAccessToken(accessToken: string): string | null {
    const entry = this.#access.get(hash(accessToken));
    if (!entry || entry.expiresAt < this.now()) return null;
    const grant = this.#grants.get(entry.grantId);
    return grant && !grant.revoked ? grant.userName : null;
  }

  /** Ends a grant, as a revocation request (RFC 7009) or a user's withdrawal does. */
  revoke(token: string): void {
    const key = hash(token);
    const grantId = this.#refresh.get(key)?.grantId ?? this.#access.get(key)?.grantId;
    const grant = grantId && this.#grants.get(grantId);
    if (grant) grant.revoked = true;
  }

  #issue(grantId: string): IssuedTokens {
    if (this.#access.size >= maxTokens || this.#refresh.size >= maxTokens) this.#sweep();
    const access = newToken();
    const refresh = newToken();
    this.#access.set(hash(access), { grantId, expiresAt: this.now() + accessLifetimeSeconds * 1000 });
    this.#refresh.set(hash(refresh), { grantId, used: false });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: accessLifetimeSeconds,
      refresh_token: refresh,
      scope: 'organisations machines',
    };
  }

  #sweep(): void {
    const now = this.now();
    for (const [key, code] of this.#codes) if (code.expiresAt < now) this.#codes.delete(key);
    for (const [key, token] of this.#access) {
      if (token.expiresAt < now || this.#grants.get(token.grantId)?.revoked) this.#access.delete(key);
    }
    for (const [key, token] of this.#refresh) {
      if (this.#grants.get(token.grantId)?.revoked) this.#refresh.delete(key);
    }
  }
}
