import { randomBytes, randomUUID } from 'node:crypto';
import { brands, type BrandId } from '@headland/domain/brands';
import type { TokenResponse } from '@headland/domain/api/sessionApi';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { accessTokens } from '../db/schema.ts';
import { consumeLoginToken, signInPurposes } from './loginTokens.ts';
import { waitDescription, type LoginThrottle } from './loginThrottle.ts';
import { hashPassword, verifyPassword } from './passwordHash.ts';
import { latestTerms, userByEmail, userById, type UserRow } from './users.queries.ts';
import { hashToken, newToken } from './tokens.ts';
import { isSignupPending } from './users.queries.ts';
import type { TokenRefusalCode } from '@headland/domain/api/sessionApi';
import type { OwnRefusalCode, RefusalParams } from '@headland/domain/api/refusalCodes';
import { englishRefusal, HttpError } from '../http/httpErrors.ts';

export type TokenErrorCode =
  'invalid_request' | 'invalid_grant' | 'unsupported_grant_type' | 'too_many_attempts' | 'server_error';

/**
 * A refused token request, answered in the OAuth shape `{ error, error_description }` with the refusal's
 * `Code`, `Params` and `Message` of the catalogue beside it. `description` is its English words.
 */
export class TokenGrantError extends Error {
  readonly description: string;

  constructor(
    readonly statusCode: 400 | 429 | 500,
    readonly error: TokenErrorCode,
    /** What was refused, as a refusal of the catalogue (a request's refused values, or a code of its own). */
    readonly reason: HttpError,
    readonly retryAfterSeconds?: number,
    readonly refusal?: TokenRefusalCode,
    description: string = reason.message,
  ) {
    super(description);
    this.description = description;
  }
}

/** A token refusal of one code of the catalogue. */
const refusedAs = (code: OwnRefusalCode, params: RefusalParams = {}) => new HttpError(400, code, params);

export const invalidCredentialsMessage = englishRefusal('signInCredentials');
export const invalidLoginLinkMessage = englishRefusal('signInLinkInvalid');

export interface SignInDeps {
  db: Db;
  config: ServerConfig;
  throttle: LoginThrottle;
  /** A hash of a random password, checked for unknown users so that they cost as much time as known ones. */
  dummyHash: Promise<string>;
}

/** The hash checked in place of a missing one; made once per app instance. */
export function createDummyHash(): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64url'));
}

/**
 * Issues a bearer token for a user, optionally bound to a holding session. Only its hash is stored. A sign-in
 * starts a login (the token's own id); a holding token passes the `loginId` of the token that opened it, so
 * that logging out ends them all.
 */
export async function issueAccessToken(
  db: Db,
  config: ServerConfig,
  options: { userId: number; restricted: boolean; sessionId?: string | null; loginId?: string },
): Promise<{ token: string; expiresIn: number }> {
  const token = newToken();
  const expiresIn = Math.round(config.tokenTtlHours * 3600);
  const id = randomUUID();
  await db.insert(accessTokens).values({
    id,
    loginId: options.loginId ?? id,
    tokenHash: hashToken(token),
    userId: options.userId,
    sessionId: options.sessionId ?? null,
    restricted: options.restricted,
    expiresAt: new Date(Date.now() + expiresIn * 1000),
  });
  return { token, expiresIn };
}

/** Whether the user has yet to accept the latest terms and conditions, in a brand that has them. */
export async function mustAcceptTerms(db: Db, user: Pick<UserRow, 'tcs_accepted_version'>, brandId: BrandId) {
  if (!brands[brandId].features.termsAndConditions) return false;
  const terms = await latestTerms(db);
  return terms !== null && (user.tcs_accepted_version ?? 0) < terms.version;
}

async function tokenFor(deps: SignInDeps, user: UserRow, brandId: BrandId): Promise<TokenResponse> {
  // A user who must accept the terms gets a restricted login: the shell shows the terms before anything else.
  // So does an account still being set up by its sign-up link: it reaches only the wizard's calls.
  const restricted =
    (await mustAcceptTerms(deps.db, user, brandId)) || (await isSignupPending(deps.db, user.id));
  const { token, expiresIn } = await issueAccessToken(deps.db, deps.config, { userId: user.id, restricted });
  return { access_token: token, token_type: 'bearer', expires_in: expiresIn, restricted };
}

/** The password grant: e-mail address (any case) and password, throttled per account and client address. */
export async function signInWithPassword(
  deps: SignInDeps,
  input: { username?: string; password?: string; ip: string; brandId: BrandId },
): Promise<TokenResponse> {
  const email = input.username?.trim() ?? '';
  const password = input.password ?? '';
  if (!email || !password) {
    throw new TokenGrantError(
      400,
      'invalid_request',
      refusedAs('signInMissingCredentials'),
      undefined,
      'missingCredentials',
    );
  }
  const verdict = await deps.throttle.check(email, input.ip);
  if (verdict.blocked) {
    throw new TokenGrantError(
      429,
      'too_many_attempts',
      refusedAs('signInThrottled', { wait: waitDescription(verdict.retryAfterSeconds) }),
      verdict.retryAfterSeconds,
      'throttled',
    );
  }
  const user = await userByEmail(deps.db, email);
  // Unknown users and users without a password still cost one hash check, so timing does not tell them apart.
  const matches = await verifyPassword(password, user?.password_hash ?? (await deps.dummyHash));
  if (!user?.password_hash || !matches) {
    await deps.throttle.recordFailure(email, input.ip);
    throw new TokenGrantError(400, 'invalid_grant', refusedAs('signInCredentials'), undefined, 'credentials');
  }
  await deps.throttle.recordSuccess(email, input.ip);
  return tokenFor(deps, user, input.brandId);
}

/** The token grant: a single-use temporary login token from a link, exchanged for an access token. */
export async function signInWithLoginToken(
  deps: SignInDeps,
  input: { token?: string; brandId: BrandId },
): Promise<TokenResponse> {
  if (!input.token) throw new TokenGrantError(400, 'invalid_request', refusedAs('signInLinkNoToken'));
  const used = await consumeLoginToken(deps.db, input.token, signInPurposes);
  const user = used && (await userById(deps.db, used.userId));
  if (!user)
    throw new TokenGrantError(400, 'invalid_grant', refusedAs('signInLinkInvalid'), undefined, 'loginLink');
  return tokenFor(deps, user, input.brandId);
}
