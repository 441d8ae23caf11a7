import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  defaultPassword,
  publishTerms,
  selectHolding,
  signIn,
  type TestUser,
} from '../../testing/factories.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, testConfig, type TestApp } from '../../testing/testApp.ts';
import { issueLoginToken } from '../../auth/loginTokens.ts';
import { sqlRows } from '../../db/sqlRows.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get('/api/test/failure', { config: { access: 'public' } }, async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432 in secretModule.ts');
      });
    },
  });
  await publishTerms(t.db, 1);
  user = await createUser(t.db, { email: 'Ann.Grower@farm.example' });
});

afterAll(async () => {
  await t?.close();
});

let nextAddress = 1;
/** Each test signs in from its own client address, so the per-address throttle of one does not leak. */
const freshAddress = () => `10.20.0.${nextAddress++}`;

function requestToken(payload: Record<string, unknown> | string, remoteAddress = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress,
    ...(typeof payload === 'string'
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload }
      : { payload }),
  });
}

describe('POST /oauth/token with the password grant', () => {
  it('signs in with a form-encoded body and the token works on the API', async () => {
    const response = await requestToken(
      `grant_type=password&username=${encodeURIComponent(user.email)}&password=${defaultPassword}&client_id=web`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 12 * 3600,
      restricted: false,
    });
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/session/v1/login',
      headers: bearer(body.access_token),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ restricted: false });
  });

  it('signs in with a JSON body and matches the e-mail address whatever its case', async () => {
    const response = await requestToken({
      grant_type: 'password',
      username: ' ann.grower@FARM.example ',
      password: defaultPassword,
    });
    expect(response.statusCode).toBe(200);
  });

  it('stores only a hash of the token, with the configured expiry', async () => {
    const token = (
      await requestToken({ grant_type: 'password', username: user.email, password: defaultPassword })
    ).json().access_token as string;
    const rows = await sqlRows<{ token_hash: string; hours: number }>(
      t.db,
      sql`SELECT token_hash, extract(epoch FROM expires_at - created_at) / 3600 AS hours
            FROM access_tokens WHERE user_id = ${user.id} ORDER BY created_at DESC LIMIT 1`,
    );
    expect(rows[0]!.token_hash).not.toBe(token);
    expect(Math.round(Number(rows[0]!.hours))).toBe(12);
  });

  it('refuses a wrong password with the same description as an unknown e-mail address', async () => {
    const wrong = await requestToken({ grant_type: 'password', username: user.email, password: 'Wrong1234' });
    const unknown = await requestToken({
      grant_type: 'password',
      username: 'nobody@farm.example',
      password: 'Wrong1234',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'The e-mail address or password is incorrect.',
        Message: 'The e-mail address or password is incorrect.',
        Code: 'signInCredentials',
        Params: {},
        error_code: 'credentials',
      });
    }
  });

  it('refuses an account without a password', async () => {
    const pending = await createUser(t.db, { password: null });
    const response = await requestToken({
      grant_type: 'password',
      username: pending.email,
      password: 'Anything1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_description).toBe('The e-mail address or password is incorrect.');
  });

  it('asks for both the e-mail address and the password', async () => {
    const response = await requestToken({ grant_type: 'password', username: user.email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Enter your e-mail address and your password.',
      Message: 'Enter your e-mail address and your password.',
      Code: 'signInMissingCredentials',
      Params: {},
      error_code: 'missingCredentials',
    });
  });

  it('names an unsupported grant type', async () => {
    const response = await requestToken({ grant_type: 'client_credentials' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'grant_type must be "password" or "token".',
      Message: 'grant_type must be "password" or "token".',
      Code: 'grantTypeUnsupported',
      Params: {},
    });
  });

  it('names fields of the wrong type', async () => {
    const response = await requestToken({ grant_type: 'password', username: 42, password: ['x'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
    expect(response.json().error_description).toBe('E-mail address must be text. Password must be text.');
  });

  it('answers malformed JSON in the OAuth shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type": "password",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The request body is not valid JSON.',
      Message: 'The request body is not valid JSON.',
      Code: 'badJson',
      Params: {},
    });
  });

  it('gives a restricted login to a user who must accept the terms', async () => {
    const newcomer = await createUser(t.db, { acceptedTerms: null });
    const response = await requestToken({
      grant_type: 'password',
      username: newcomer.email,
      password: defaultPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().restricted).toBe(true);
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/session/v1/login',
      headers: bearer(response.json().access_token),
    });
    expect(login.json()).toEqual({ restricted: true });
  });
});

describe('throttling of failed sign-ins', () => {
  const wrong = (email: string, address: string) =>
    requestToken({ grant_type: 'password', username: email, password: 'Wrong1234' }, address);
  const right = (email: string, address: string) =>
    requestToken({ grant_type: 'password', username: email, password: defaultPassword }, address);

  it('refuses an account from one address after 5 failures in 15 minutes, even with the right password, saying how long to wait', async () => {
    const target = await createUser(t.db);
    const address = freshAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await wrong(target.email, address)).statusCode).toBe(400);
    }
    const blocked = await right(target.email, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: 'too_many_attempts',
      error_description: 'Too many failed sign-in attempts. Please wait 15 minutes before trying again.',
      Message: 'Too many failed sign-in attempts. Please wait 15 minutes before trying again.',
      Code: 'signInThrottled',
      Params: { wait: '15 minutes' },
      error_code: 'throttled',
      retry_after_seconds: Number(blocked.headers['retry-after']),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(890);
    // Clients retry a 429 unless told not to: the sign-in screen must show the refusal at once.
    expect(blocked.headers['x-omnia-retry']).toBe('No');
    // Someone else is not affected, even from the same address.
    expect((await right(user.email, address)).statusCode).toBe(200);
  });

  it('does not lock the owner out when the failures come from elsewhere', async () => {
    const target = await createUser(t.db);
    const attacker = freshAddress();
    for (let attempt = 0; attempt < 8; attempt++) await wrong(target.email, attacker);
    expect((await right(target.email, attacker)).statusCode).toBe(429);
    expect((await right(target.email, freshAddress())).statusCode).toBe(200);
  });

  it('reads the client address from the connection, not from a forged X-Forwarded-For', async () => {
    const target = await createUser(t.db);
    const address = freshAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress: address,
        headers: { 'x-forwarded-for': `192.0.2.${attempt + 1}` },
        payload: { grant_type: 'password', username: target.email, password: 'Wrong1234' },
      });
      expect(response.statusCode).toBe(400);
    }
    const forged = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: address,
      headers: { 'x-forwarded-for': '192.0.2.99' },
      payload: { grant_type: 'password', username: target.email, password: defaultPassword },
    });
    expect(forged.statusCode).toBe(429);
  });

  it('keeps its count in the database: another server on it refuses too, and the window frees it', async () => {
    const target = await createUser(t.db);
    const address = freshAddress();
    for (let attempt = 0; attempt < 5; attempt++) await wrong(target.email, address);
    const [row] = await sqlRows<{ count: string | number }>(
      t.db,
      sql`SELECT count(*) AS count FROM login_failures WHERE email = ${target.email.toLowerCase()}`,
    );
    expect(Number(row!.count)).toBe(5);
    // A second app on the same database: what a restart or a second server sees.
    const second = await buildApp({ config: testConfig(), database: t.database });
    try {
      const refused = await second.inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress: address,
        payload: { grant_type: 'password', username: target.email, password: defaultPassword },
      });
      expect(refused.statusCode).toBe(429);
    } finally {
      await second.close();
    }
    await t.db.execute(
      sql`UPDATE login_failures SET failed_at = failed_at - interval '15 minutes 1 second'
           WHERE email = ${target.email.toLowerCase()}`,
    );
    expect((await right(target.email, address)).statusCode).toBe(200);
  });

  it('refuses a client address after 20 failures across different e-mail addresses', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await wrong(`guess${attempt}@farm.example`, address)).statusCode).toBe(400);
    }
    const fromThere = await right(user.email, address);
    expect(fromThere.statusCode).toBe(429);
    expect(fromThere.json().error_description).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ minutes?/,
    );
    expect((await right(user.email, freshAddress())).statusCode).toBe(200);
  });

  it("forgets an account's failures from an address once the right password is given there", async () => {
    const target = await createUser(t.db);
    const address = freshAddress();
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) await wrong(target.email, address);
      expect((await right(target.email, address)).statusCode).toBe(200);
    }
  });
});

describe('POST /oauth/token with the token grant', () => {
  it('exchanges a temporary login token once', async () => {
    const { token } = await issueLoginToken(t.db, user.id, 'login', 60_000);
    const first = await requestToken({ grant_type: 'token', token });
    expect(first.statusCode).toBe(200);
    expect(first.json().token_type).toBe('bearer');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/session/v1/login',
      headers: bearer(first.json().access_token),
    });
    expect(me.statusCode).toBe(200);
    const again = await requestToken(`grant_type=token&token=${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'This sign-in link is not valid: it has expired or has already been used.',
      Message: 'This sign-in link is not valid: it has expired or has already been used.',
      Code: 'signInLinkInvalid',
      Params: {},
      error_code: 'loginLink',
    });
  });

  it('refuses an expired token, an unknown one and a password-reset token', async () => {
    const expired = await issueLoginToken(t.db, user.id, 'login', -1000);
    const reset = await issueLoginToken(t.db, user.id, 'passwordReset', 60_000);
    for (const token of [expired.token, reset.token, 'not-a-token']) {
      const response = await requestToken({ grant_type: 'token', token });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_grant');
    }
  });

  it('asks for the token', async () => {
    const response = await requestToken({ grant_type: 'token' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The sign-in link has no token.',
      Message: 'The sign-in link has no token.',
      Code: 'signInLinkNoToken',
      Params: {},
    });
  });
});

describe('DELETE /api/session/v1/logout', () => {
  it('revokes the token and ends its holding session; the token then gets 401 with AuthError', async () => {
    const owner = await createUser(t.db, { role: Role.Client });
    const holding = await createHolding(t.db);
    await addMember(t.db, holding.id, owner.id);
    const signInToken = await signIn(t.app, owner);
    const { token, body } = await selectHolding(t.app, signInToken, holding.id);
    // Warm the cache, so that the logout must forget the cached caller.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);

    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/session/v1/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toBe(true);

    const after = await t.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ AuthError: true, Message: expect.any(String) });
    const heartbeat = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1',
      headers: bearer(token),
      payload: {},
    });
    expect(heartbeat.statusCode).toBe(401);
    const [session] = await sqlRows<{ ended: boolean }>(
      t.db,
      sql`SELECT ended_at IS NOT NULL AS ended FROM sessions WHERE id = ${body.SessionId}`,
    );
    expect(session!.ended).toBe(true);
    // The whole login ends: the sign-in token it was opened from answers 401 too.
    const accountToken = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1/holdings/select',
      headers: bearer(signInToken),
      payload: { holdingId: holding.id },
    });
    expect(accountToken.statusCode).toBe(401);
  });

  it('from the sign-in token, revokes every holding token opened from it, and leaves other logins alone', async () => {
    const owner = await createUser(t.db, { role: Role.Client });
    const holding = await createHolding(t.db);
    await addMember(t.db, holding.id, owner.id);
    const signInToken = await signIn(t.app, owner);
    const first = await selectHolding(t.app, signInToken, holding.id);
    const second = await selectHolding(t.app, signInToken, holding.id);
    const otherLogin = await selectHolding(t.app, await signIn(t.app, owner), holding.id);
    const fields = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: bearer(token) });
    expect((await fields(first.token)).statusCode).toBe(200);

    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/session/v1/logout',
      headers: bearer(signInToken),
    });
    expect(logout.statusCode).toBe(200);
    for (const token of [signInToken, first.token, second.token]) {
      expect((await fields(token)).statusCode).toBe(401);
    }
    // Export, password change and holding selection with a holding token of the ended login: refused.
    const exportCall = await t.app.inject({
      method: 'POST',
      url: `/api/export/omnia/holding/${holding.id}`,
      headers: bearer(first.token),
    });
    expect(exportCall.statusCode).toBe(401);
    const ended = await sqlRows<{ ended: boolean }>(
      t.db,
      sql`SELECT ended_at IS NOT NULL AS ended FROM sessions
           WHERE id IN (${first.body.SessionId}, ${second.body.SessionId})`,
    );
    expect(ended.map((row) => row.ended)).toEqual([true, true]);
    expect((await fields(otherLogin.token)).statusCode).toBe(200);
  });
});

describe('a login that has not accepted the terms', () => {
  it('reaches only the terms, the session check and start, and logout', async () => {
    await publishTerms(t.db, 2, 'Terms, version 2.');
    try {
      const newcomer = await createUser(t.db, { acceptedTerms: null });
      const holding = await createHolding(t.db);
      await addMember(t.db, holding.id, newcomer.id);
      const token = await signIn(t.app, newcomer);
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
        t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

      const check = await call('GET', '/api/session/v1/login');
      expect(check.json()).toEqual({ restricted: true });
      const start = await call('POST', '/api/session/v1/start', {});
      expect(start.statusCode).toBe(200);
      // Nothing of any holding before the terms are accepted.
      expect(start.json()).toMatchObject({
        MustAcceptTermsAndConditions: true,
        TermsAndConditions: { Version: 2 },
        Holdings: [],
        InitialHolding: null,
      });
      for (const [method, url, payload] of [
        ['POST', '/api/session/v1/holdings/select', { holdingId: holding.id }],
        ['GET', '/api/session/v1/holdings/query?query=Farm', undefined],
        [
          'POST',
          '/api/user/v1/password/change',
          { password: 'Another2026', currentPassword: defaultPassword },
        ],
        ['POST', '/api/user/v1/user', { FirstName: 'Changed' }],
        ['POST', `/api/export/omnia/holding/${holding.id}`, undefined],
        ['GET', '/api/service/holdings?v=3', undefined],
      ] as const) {
        const refused = await call(method, url, payload);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toEqual({
          Message: 'You must accept the terms and conditions first.',
          Code: 'termsFirst',
          Params: {},
        });
      }

      const accept = await call('POST', '/api/user/v1/tcs/accept?version=2');
      expect(accept.statusCode).toBe(200);
      expect((await call('GET', '/api/session/v1/login')).json()).toEqual({ restricted: false });
      const after = await call('POST', '/api/session/v1/start', {});
      expect(after.json().Holdings.map((entry: { HoldingId: number }) => entry.HoldingId)).toContain(
        holding.id,
      );
      expect(
        (await call('POST', '/api/session/v1/holdings/select', { holdingId: holding.id })).statusCode,
      ).toBe(200);
    } finally {
      await t.db.execute(sql`DELETE FROM terms_and_conditions WHERE version = 2`);
    }
  });

  it('may log out', async () => {
    await publishTerms(t.db, 2, 'Terms, version 2.');
    try {
      const newcomer = await createUser(t.db, { acceptedTerms: null });
      const token = await signIn(t.app, newcomer);
      const logout = await t.app.inject({
        method: 'DELETE',
        url: '/api/session/v1/logout',
        headers: bearer(token),
      });
      expect(logout.statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`DELETE FROM terms_and_conditions WHERE version = 2`);
    }
  });
});

describe('authentication and error shapes', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/session/v1/login' });
    expect(none.statusCode).toBe(401);
    expect(none.json().AuthError).toBe(true);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/session/v1/login',
      headers: bearer('forged'),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().AuthError).toBe(true);
  });

  it('answers an unknown /api path with a 404 JSON message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/session/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      Message: 'No API route matches GET /api/session/v1/nothing-here.',
      Code: 'apiRouteNotFound',
      Params: { method: 'GET', path: '/api/session/v1/nothing-here' },
    });
  });

  it('names the problem of malformed JSON on an API route', async () => {
    const token = await signIn(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1/start',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"initialHoldingId": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('The request body is not valid JSON.');
  });

  it('documents the session, user and settings calls in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/oauth/token',
        '/api/session/v1/start',
        '/api/session/v1/holdings/select',
        '/api/session/v1/holdings/query',
        '/api/holdings/v1/year',
        '/api/session/v1',
        '/api/user/v1/tcs/accept',
        '/api/user/v1/password/change',
        '/api/user/v1/user',
        '/api/service/settings/save',
      ]),
    );
  });

  it('never shows the cause or a stack trace of a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ Message: 'An unexpected error has occurred' });
    expect(response.body).not.toMatch(/ECONNREFUSED|secretModule|at |stack/);
  });
});
