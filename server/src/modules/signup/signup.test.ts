import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupData, SignupSetup } from '@headland/domain/api/signupApi';
import type { SessionStartResponse } from '@headland/domain/api/sessionApi';
import { HoldingRole, InvitationAccessLevel, Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  publishTerms,
  signIn,
  signInToHolding,
} from '../../testing/factories.ts';
import { apiRoutes } from '../../testing/openApiRoutes.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { workAfterAnswerSettled } from '../../http/afterAnswer.ts';
import { linksOf } from '../../mail/outboxPage.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { idealPostcodesProvider } from './addressProviders.ts';
import { ssoLoginLink } from './signup.service.ts';

let test: TestApp;
let owner: { authorization: string };
let holdingId: number;
const termsVersion = 3;

beforeAll(async () => {
  test = await createTestApp({ config: { publicUrl: 'https://headland.example' } });
  await publishTerms(test.db, termsVersion, 'Terms of use, version 3.');
  await test.db.execute(sql`INSERT INTO regions (id, name, country_code) VALUES
    (1, 'England', 'GB'), (2, 'Scotland', 'GB'), (6, 'France', 'FR') ON CONFLICT DO NOTHING`);
  await test.db.execute(sql`INSERT INTO towns (id, name, region_id, post_codes) VALUES
    (1, 'Louth', 1, '{LN11}'), (2, 'Lincoln', 1, '{LN1,LN2}'), (43, 'Perth', 2, '{PH1,PH2}'), (90, 'Lille', 6, '{}')`);
  const holding = await createHolding(test.db, {
    tradingName: 'Wold Farm',
    features: { perHoldingPermissions: true },
  });
  holdingId = holding.id;
  const user = await createUser(test.db, { role: Role.Agronomist, firstName: 'Olive', lastName: 'Owner' });
  await addMember(test.db, holdingId, user.id, { holdingRole: HoldingRole.Owner });
  owner = bearer(await signInToHolding(test.app, user, holdingId));
});

afterAll(async () => {
  await test?.close();
});

async function invite(email: string, accessLevel: number = InvitationAccessLevel.Operator) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/holdings/v1/invites/send',
    headers: owner,
    payload: { email, accessLevel },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ invites: unknown[] }>();
}

async function lastLink(email: string): Promise<URL> {
  const rows = await sqlRows<{ text: string }>(
    test.db,
    sql`SELECT text FROM mail_outbox WHERE lower("to") = lower(${email}) ORDER BY created_at DESC LIMIT 1`,
  );
  const link = linksOf(rows[0]!.text)[0]!;
  return new URL(link);
}

function validate(key: string, email: string) {
  return test.app.inject({
    method: 'POST',
    url: `/api/signup/v1/validate/?key=${encodeURIComponent(key)}&email=${encodeURIComponent(email)}`,
  });
}

async function exchange(token: string) {
  return test.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'token', token } });
}

/** Follows the sign-up link of the last e-mail to the address: validate, then the token grant. */
async function signupLogin(email: string): Promise<{ headers: { authorization: string }; link: URL }> {
  const link = await lastLink(email);
  const validated = await validate(link.searchParams.get('signup')!, link.searchParams.get('email')!);
  expect(validated.statusCode, validated.body).toBe(200);
  const granted = await exchange(validated.json<{ token: string }>().token);
  expect(granted.statusCode, granted.body).toBe(200);
  expect(granted.json<{ restricted: boolean }>().restricted).toBe(true);
  return { headers: bearer(granted.json<{ access_token: string }>().access_token), link };
}

const payload = (overrides: Partial<SignupSetup> = {}): SignupSetup => ({
  firstName: 'Nell',
  lastName: 'Newcomer',
  postCode: 'LN11 9AB',
  address: '1 Church Lane',
  phoneNumber: '01507 600000',
  regionId: 1,
  townId: 1,
  holdingName: '',
  agronomist: '',
  accountNumber: '',
  holdingExists: true,
  password: 'Barley2026',
  termsOfUseVersion: termsVersion,
  contactConsent: true,
  ...overrides,
});

function setup(headers: { authorization: string }, body: unknown) {
  return test.app.inject({ method: 'POST', url: '/api/signup/v1/setup', headers, payload: body as object });
}

describe('sign-up from an invitation to an address without an account', () => {
  it('mails a sign-up link that leads through the wizard into the invited holding', async () => {
    const email = 'nell.newcomer@farm.example';
    const answer = await invite(email);
    expect(answer.invites).toHaveLength(1);
    const { headers, link } = await signupLogin(email);
    expect(link.origin).toBe('https://headland.example');
    expect(link.searchParams.get('invite')).toBeTruthy();

    const data = await test.app.inject({ method: 'GET', url: '/api/signup/v1/data', headers });
    expect(data.statusCode, data.body).toBe(200);
    const body = data.json<SignupData>();
    expect(body.email).toBe(email);
    expect(body.holdingInvites).toEqual([
      expect.objectContaining({
        holdingName: 'Wold Farm',
        issuerFirstName: 'Olive',
        issuerLastName: 'Owner',
      }),
    ]);
    // Only the brand's regions and their towns.
    expect(body.regions.map((region) => region.name)).toEqual(['England', 'Scotland']);
    expect(body.towns.map((town) => town.name)).toEqual(['Lincoln', 'Louth', 'Perth']);
    expect(body.tcs).toEqual({ text: 'Terms of use, version 3.', version: termsVersion });

    // The restricted login reaches nothing else.
    const fields = await test.app.inject({ method: 'GET', url: '/api/holdings/v1/permissions', headers });
    expect(fields.statusCode).toBe(403);

    const done = await setup(headers, payload());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ holdingId: null, email });

    // The sign-up login has ended and the link is spent; the new password signs in and joins the holding.
    expect((await test.app.inject({ method: 'GET', url: '/api/signup/v1/data', headers })).statusCode).toBe(
      401,
    );
    const again = await validate(link.searchParams.get('signup')!, email);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ Message: string }>().Message).toBe('Invalid signup request');
    const token = await signIn(test.app, { email, password: 'Barley2026' });
    const inviteParam = JSON.parse(Buffer.from(link.searchParams.get('invite')!, 'base64').toString()) as {
      id: string;
      secret: string;
    };
    const start = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/start',
      headers: bearer(token),
      payload: { acceptedInviteId: inviteParam.id, inviteSecret: inviteParam.secret },
    });
    expect(start.statusCode, start.body).toBe(200);
    const started = start.json<SessionStartResponse>();
    expect(started.MustAcceptTermsAndConditions).toBe(false);
    expect(started.InitialHolding?.TradingName).toBe('Wold Farm');
    const [member] = await sqlRows<{ holding_role: number; first_name: string }>(
      test.db,
      sql`SELECT hu.holding_role, u.first_name FROM holding_users hu JOIN users u ON u.id = hu.user_id
          WHERE hu.holding_id = ${holdingId} AND lower(u.email) = ${email}`,
    );
    expect(member).toEqual({ holding_role: HoldingRole.Member, first_name: 'Nell' });
    const [contact] = await sqlRows<{ post_code: string; town_id: number; contact_consent: boolean }>(
      test.db,
      sql`SELECT c.post_code, c.town_id, c.contact_consent FROM user_contacts c JOIN users u ON u.id = c.user_id
          WHERE lower(u.email) = ${email}`,
    );
    expect(contact).toEqual({ post_code: 'LN11 9AB', town_id: 1, contact_consent: true });
  });

  it('lets an invited person join without giving the address of the holding that exists', async () => {
    const email = 'joins.only@farm.example';
    await invite(email);
    const { headers } = await signupLogin(email);
    const withoutPlace = { ...payload() } as Record<string, unknown>;
    for (const key of ['postCode', 'address', 'regionId', 'townId']) delete withoutPlace[key];
    // A new holding needs its place; a place is given whole or not at all.
    const newHolding = await setup(headers, {
      ...withoutPlace,
      holdingExists: false,
      holdingName: 'New Farm',
    });
    expect(newHolding.statusCode).toBe(400);
    expect(newHolding.json<{ Errors: { Field: string; Code: string }[] }>().Errors[0]).toMatchObject({
      Field: 'postCode',
      Code: 'signup.addressRequired',
    });
    expect((await setup(headers, { ...withoutPlace, postCode: 'LN11 9AB' })).statusCode).toBe(400);

    const done = await setup(headers, withoutPlace);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ holdingId: null, email });
    const [contact] = await sqlRows<{ post_code: string | null; town_id: number | null }>(
      test.db,
      sql`SELECT c.post_code, c.town_id FROM user_contacts c JOIN users u ON u.id = c.user_id
          WHERE lower(u.email) = ${email}`,
    );
    expect(contact).toEqual({ post_code: null, town_id: null });
  });

  it('creates the holding with the new user as its owner when it does not exist', async () => {
    const email = 'own.holding@farm.example';
    await invite(email);
    const { headers } = await signupLogin(email);
    const done = await setup(
      headers,
      payload({ holdingExists: false, holdingName: 'Fen Edge Farm', accountNumber: 'AC-1', townId: 2 }),
    );
    expect(done.statusCode, done.body).toBe(200);
    const created = done.json<{ holdingId: number }>().holdingId;
    const [row] = await sqlRows<{
      trading_name: string;
      town_id: number;
      holding_role: number;
      years: number;
    }>(
      test.db,
      sql`SELECT h.trading_name, h.town_id, hu.holding_role,
            (SELECT count(*)::int FROM holding_crop_years y WHERE y.holding_id = h.id) AS years
          FROM holdings h JOIN holding_users hu ON hu.holding_id = h.id WHERE h.id = ${created}`,
    );
    expect(row).toEqual({
      trading_name: 'Fen Edge Farm',
      town_id: 2,
      holding_role: HoldingRole.Owner,
      years: 1,
    });
  });

  it('refuses bad input naming the field and stores nothing', async () => {
    const email = 'careful.typist@farm.example';
    await invite(email);
    const { headers } = await signupLogin(email);
    const cases: [unknown, string][] = [
      [payload({ firstName: '' }), 'firstName'],
      [payload({ password: 'short' }), 'password'],
      [payload({ password: 'alllowercase1' }), 'password'],
      [payload({ regionId: 6, townId: 90 }), 'regionId'],
      [payload({ townId: 43 }), 'townId'],
      [payload({ townId: 9999 }), 'townId'],
      [payload({ postCode: 'LN11<9AB>' }), 'postCode'],
      [payload({ phoneNumber: 'call me' }), 'phoneNumber'],
      [payload({ holdingExists: false, holdingName: '' }), 'holdingName'],
      [payload({ termsOfUseVersion: 1 }), 'termsOfUseVersion'],
      [{ ...payload(), contactConsent: false }, 'contactConsent'],
      [payload({ address: 'x'.repeat(501) }), 'address'],
    ];
    for (const [body, field] of cases) {
      const response = await setup(headers, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const errors = response.json<{ Errors?: { Field: string }[] }>().Errors ?? [];
      expect(
        errors.map((error) => error.Field),
        response.body,
      ).toContain(field);
    }
    const [user] = await sqlRows<{ signup_pending: boolean; password_hash: string | null }>(
      test.db,
      sql`SELECT signup_pending, password_hash FROM users WHERE lower(email) = ${email}`,
    );
    expect(user).toEqual({ signup_pending: true, password_hash: null });
    const holdings = await sqlRows<{ n: number }>(
      test.db,
      sql`SELECT count(*)::int AS n FROM holdings WHERE trading_name = ''`,
    );
    expect(holdings[0]!.n).toBe(0);
  });

  it('cancelling deletes the account being set up and ends its link', async () => {
    const email = 'no.thanks@farm.example';
    await invite(email);
    const { headers, link } = await signupLogin(email);
    const cancelled = await test.app.inject({ method: 'POST', url: '/api/signup/v1/cancel', headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await sqlRows<{ id: number }>(
      test.db,
      sql`SELECT id FROM users WHERE lower(email) = ${email}`,
    );
    expect(rows).toEqual([]);
    expect((await validate(link.searchParams.get('signup')!, email)).statusCode).toBe(400);
  });
});

describe('sign-up links and tokens', () => {
  it('answers the same for a wrong key, another address, an expired link and an account already set up', async () => {
    const email = 'link.tester@farm.example';
    await invite(email);
    const link = await lastLink(email);
    const key = link.searchParams.get('signup')!;
    const existing = await createUser(test.db, { email: 'has.account@farm.example' });
    await invite(existing.email);
    const existingMail = await lastLink(existing.email);
    // An address with an account gets the plain invitation, not a sign-up link.
    expect(existingMail.searchParams.get('signup')).toBeNull();
    const answers = [
      await validate('not-the-key', email),
      await validate(key, 'someone.else@farm.example'),
      await validate(key, 'not an address'),
    ];
    await test.db.execute(sql`UPDATE signup_requests SET expires_at = now() - interval '1 minute'
      WHERE lower(email) = ${email}`);
    answers.push(await validate(key, email));
    // A sign-up link for an address whose account was set up meanwhile.
    await test.db.execute(sql`UPDATE signup_requests SET expires_at = now() + interval '1 day'
      WHERE lower(email) = ${email}`);
    await createUser(test.db, { email: 'LINK.TESTER@farm.example' }).catch(() => undefined);
    await test.db.execute(sql`UPDATE users SET signup_pending = false WHERE lower(email) = ${email}`);
    answers.push(await validate(key, email));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ Message: string }>().Message).toBe('Invalid signup request');
    }
    const bad = await test.app.inject({ method: 'POST', url: '/api/signup/v1/validate/?key=&email=' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives a temporary token that works once and expires', async () => {
    const email = 'token.tester@farm.example';
    await invite(email);
    const link = await lastLink(email);
    const validated = await validate(link.searchParams.get('signup')!, email);
    const { token } = validated.json<{ token: string }>();
    expect((await exchange(token)).statusCode).toBe(200);
    expect((await exchange(token)).statusCode).toBe(400);
    // An unused token expires.
    const other = 'token.expiry@farm.example';
    await invite(other);
    const otherLink = await lastLink(other);
    const second = (await validate(otherLink.searchParams.get('signup')!, other)).json<{ token: string }>().token;
    await test.db.execute(sql`UPDATE login_tokens SET expires_at = now() - interval '1 second'
      WHERE used_at IS NULL AND purpose = 'signup'`);
    expect((await exchange(second)).statusCode).toBe(400);
  });

  it('lets a sign-up link work once: a second use is refused, before and after its token is exchanged', async () => {
    const email = 'once.only@farm.example';
    await invite(email);
    const link = await lastLink(email);
    const key = link.searchParams.get('signup')!;
    const first = await validate(key, email);
    expect(first.statusCode, first.body).toBe(200);
    const secondUse = await validate(key, email);
    expect(secondUse.statusCode).toBe(400);
    expect(secondUse.json<{ Message: string }>().Message).toBe('Invalid signup request');
    // The first opener's wizard carries on.
    expect((await exchange(first.json<{ token: string }>().token)).statusCode).toBe(200);
    expect((await validate(key, email)).statusCode).toBe(400);
  });

  it('refuses the wizard calls to an account that is set up', async () => {
    const user = await createUser(test.db);
    const headers = bearer(await signIn(test.app, user));
    for (const [method, url] of [
      ['GET', '/api/signup/v1/data'],
      ['POST', '/api/signup/v1/cancel'],
    ] as const) {
      const response = await test.app.inject({ method, url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ Message: string }>().Message).toBe('Invalid signup request');
    }
    expect((await setup(headers, payload())).statusCode).toBe(400);
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/signup/v1/data' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('address lookup', () => {
  it('without a key knows post code districts, their towns and regions, and no houses', async () => {
    const user = await createUser(test.db);
    const headers = bearer(await signIn(test.app, user));
    const lookup = await test.app.inject({
      method: 'GET',
      url: '/api/signup/v1/addresses/lookup/LN11%209AB',
      headers,
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({
      housesListed: false,
      addresses: [
        {
          udprn: 'district:LN11',
          line_1: '',
          line_2: '',
          line_3: 'England',
          post_town: 'Louth',
          postcode: 'LN11',
        },
      ],
    });
    const area = await test.app.inject({ method: 'GET', url: '/api/signup/v1/addresses/lookup/LN', headers });
    expect(area.json<{ addresses: { postcode: string }[] }>().addresses.map((a) => a.postcode)).toEqual([
      'LN1',
      'LN2',
      'LN11',
    ]);
    const got = await test.app.inject({
      method: 'GET',
      url: '/api/signup/v1/addresses/get/district:PH2',
      headers,
    });
    expect(got.json()).toMatchObject({ post_town: 'Perth', line_3: 'Scotland', postcode: 'PH2' });
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/api/signup/v1/addresses/get/12345',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/signup/v1/addresses/get/%3Cb%3E',
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ Errors: { Field: string }[] }>().Errors[0]!.Field).toBe('udprn');
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/signup/v1/addresses/lookup/LN11' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the Ideal Postcodes provider', () => {
  let fake: Server;
  let base: string;
  const seen: string[] = [];
  const house = {
    udprn: 12345678,
    line_1: 'Wold Farm',
    line_2: 'Church Lane',
    line_3: '',
    post_town: 'LOUTH',
    postcode: 'LN11 9AB',
    county: 'Lincolnshire',
  };

  beforeAll(async () => {
    fake = createServer((request, response) => {
      const url = new URL(request.url!, 'http://fake');
      seen.push(`${url.pathname}?${url.searchParams.toString()}`);
      response.setHeader('content-type', 'application/json');
      if (url.searchParams.get('api_key') !== 'good-key') {
        response.statusCode = 401;
        response.end(JSON.stringify({ code: 4010, message: 'Invalid Key' }));
      } else if (url.pathname === '/v1/postcodes/LN119AB') {
        response.end(JSON.stringify({ result: [house], code: 2000, message: 'Success' }));
      } else if (url.pathname === '/v1/addresses') {
        response.end(JSON.stringify({ result: { hits: [house], page: 0, total: 1 }, code: 2000 }));
      } else if (url.pathname === '/v1/udprn/12345678') {
        response.end(JSON.stringify({ result: house, code: 2000, message: 'Success' }));
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify({ code: 4040, message: 'Not found' }));
      }
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => fake.close(resolve));
  });

  const expected = {
    udprn: '12345678',
    line_1: 'Wold Farm',
    line_2: 'Church Lane',
    line_3: '',
    post_town: 'LOUTH',
    postcode: 'LN11 9AB',
  };

  it('looks up post codes, texts and ids through its documented calls', async () => {
    const provider = idealPostcodesProvider({ apiKey: 'good-key', baseUrl: base });
    expect(await provider.lookup('ln11 9ab')).toEqual({ housesListed: true, addresses: [expected] });
    expect(await provider.lookup('Wold Farm Louth')).toEqual({ housesListed: true, addresses: [expected] });
    expect(await provider.get('12345678')).toEqual(expected);
    expect(await provider.lookup('ZZ99 9ZZ')).toEqual({ housesListed: true, addresses: [] });
    expect(await provider.get('99')).toBeNull();
    expect(seen).toContain('/v1/postcodes/LN119AB?api_key=good-key');
    expect(seen).toContain('/v1/addresses?query=Wold+Farm+Louth&api_key=good-key');
  });

  it('serves the lookup routes when configured, and answers 503 when the service refuses', async () => {
    const keyed = await createTestApp({ config: { addressApiKey: 'good-key', addressApiUrl: base } });
    const refused = await createTestApp({ config: { addressApiKey: 'bad-key', addressApiUrl: base } });
    try {
      for (const [app, status] of [
        [keyed, 200],
        [refused, 503],
      ] as const) {
        const user = await createUser(app.db);
        const headers = bearer(await signIn(app.app, user));
        const response = await app.app.inject({
          method: 'GET',
          url: '/api/signup/v1/addresses/lookup/LN11%209AB',
          headers,
        });
        expect(response.statusCode, response.body).toBe(status);
        if (status === 200) expect(response.json()).toEqual({ housesListed: true, addresses: [expected] });
        else expect(response.headers['x-omnia-retry']).toBe('No');
      }
    } finally {
      await keyed.close();
      await refused.close();
    }
  });
});

describe('a sign-up link asked for from the login screen', () => {
  /** Asks for a sign-up link and waits for the work done after the answer (the link and its e-mail, if any). */
  async function request(email: string) {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/signup/v1/request?email=${encodeURIComponent(email)}&lang=de`,
    });
    await workAfterAnswerSettled(test.db);
    return response;
  }
  async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
    return sqlRows<{ subject: string; text: string }>(
      test.db,
      sql`SELECT subject, text FROM mail_outbox WHERE lower("to") = lower(${email}) ORDER BY created_at`,
    );
  }

  it('mails an address without an account a sign-up link, and tells nothing of accounts', async () => {
    const email = 'fresh.start@farm.example';
    const existing = await createUser(test.db, { email: 'already.here@farm.example' });
    const fresh = await request(email);
    const known = await request(existing.email);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(fresh.body).toBe(known.body);
    expect(await mailsTo(existing.email)).toEqual([]);
    const [message] = await mailsTo(email);
    // In the language the page asked in.
    expect(message!.subject).toMatch(/Headland/);
    expect(message!.subject).not.toBe('Finish setting up your Headland account');
    const link = new URL(linksOf(message!.text).find((candidate) => candidate.includes('signup='))!);
    const { headers } = await signupLogin(email);
    const data = await test.app.inject({ method: 'GET', url: '/api/signup/v1/data', headers });
    expect(data.json<SignupData>().holdingInvites).toEqual([]);
    const done = await setup(headers, payload({ holdingExists: false, holdingName: 'Fresh Start Farm' }));
    expect(done.statusCode, done.body).toBe(200);
    expect((await validate(link.searchParams.get('signup')!, email)).statusCode).toBe(400);
  });

  it('sends an address at most three links an hour and refuses a malformed one naming the field', async () => {
    const email = 'many.clicks@farm.example';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await request(email)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(3);
    const bad = await request('not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ Errors: { Field: string }[] }>().Errors[0]!.Field).toBe('email');
  });
});

describe('the single sign-on check', () => {
  it('answers the login link of a configured domain, null for any other, the same with or without an account', async () => {
    const sso = await createTestApp({
      config: {
        ssoLoginLinks: 'estate.example=https://idp.estate.example/login?user={email}&invite={invite}',
      },
    });
    try {
      await createUser(sso.db, { email: 'known@other.example' });
      const check = (query: string) =>
        sso.app.inject({ method: 'GET', url: `/api/session/v1/login/sso/check?${query}` });
      const linked = await check('email=Ann%40Estate.example&invite=abc%3D');
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toEqual({
        loginLink: 'https://idp.estate.example/login?user=Ann%40Estate.example&invite=abc%3D',
      });
      const known = await check('email=known%40other.example');
      const unknown = await check('email=unknown%40other.example');
      expect(known.json()).toEqual({ loginLink: null });
      expect(unknown.body).toBe(known.body);
      const bad = await check('email=nonsense');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ Errors: { Field: string }[] }>().Errors[0]!.Field).toBe('email');
      // A brand without single sign-on never sends anyone away.
      const links = new Map([['estate.example', 'https://idp.estate.example/login']]);
      expect(ssoLoginLink(links, 'second', 'ann@estate.example', undefined)).toEqual({ loginLink: null });
      expect(ssoLoginLink(links, 'main', 'ann@estate.example', undefined)).toEqual({
        loginLink: 'https://idp.estate.example/login',
      });
    } finally {
      await sso.close();
    }
  });
});

describe('auto sign-up of an Access-role account opened by an administrator', () => {
  let admin: { authorization: string };
  beforeAll(async () => {
    const user = await createUser(test.db, { role: Role.Admin });
    admin = bearer(await signIn(test.app, user));
  });

  function openAccount(headers: { authorization: string }, body: unknown) {
    return test.app.inject({
      method: 'POST',
      url: '/api/signup/v1/access',
      headers,
      payload: body as object,
    });
  }
  function auto(headers: { authorization: string }, body: unknown) {
    return test.app.inject({ method: 'POST', url: '/api/signup/v1/auto', headers, payload: body as object });
  }
  /** Opens the account and follows its link: the restricted sign-up login. */
  async function accessLogin(email: string) {
    const opened = await openAccount(admin, { email, firstName: 'Ada', lastName: 'Access' });
    expect(opened.statusCode, opened.body).toBe(200);
    const link = new URL(opened.json<{ link: string }>().link);
    expect(link.origin).toBe('https://headland.example');
    const validated = await validate(link.searchParams.get('signup')!, link.searchParams.get('email')!);
    expect(validated.statusCode, validated.body).toBe(200);
    const granted = await exchange(validated.json<{ token: string }>().token);
    expect(granted.statusCode, granted.body).toBe(200);
    return { headers: bearer(granted.json<{ access_token: string }>().access_token), link };
  }
  const autoBody = {
    firstName: 'Ada',
    lastName: 'Keeper',
    password: 'Barley2026',
    termsOfUseVersion: termsVersion,
  };

  it('sets the account up in one step with the names known, the terms and a password, and no holding', async () => {
    const email = 'ada.access@estate.example';
    const { headers } = await accessLogin(email);
    const start = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/start',
      headers,
      payload: {},
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json<SessionStartResponse>().User).toMatchObject({
      Role: Role.Access,
      AutoSignupInProgress: true,
    });
    const data = await test.app.inject({ method: 'GET', url: '/api/signup/v1/data', headers });
    expect(data.json<SignupData>()).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Access',
      autoSignup: true,
    });
    // The four-step wizard is not this account's way in.
    expect((await setup(headers, payload())).statusCode).toBe(400);

    const done = await auto(headers, autoBody);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email });
    const [row] = await sqlRows<{
      role: number;
      first_name: string;
      last_name: string;
      signup_pending: boolean;
      auto_signup_in_progress: boolean;
      tcs_accepted_version: number | null;
      holdings: number;
    }>(
      test.db,
      sql`SELECT role, first_name, last_name, signup_pending, auto_signup_in_progress, tcs_accepted_version,
          (SELECT count(*)::int FROM holding_users WHERE user_id = users.id) AS holdings
        FROM users WHERE email = ${email}`,
    );
    expect(row).toEqual({
      role: Role.Access,
      first_name: 'Ada',
      last_name: 'Keeper',
      signup_pending: false,
      auto_signup_in_progress: false,
      tcs_accepted_version: termsVersion,
      holdings: 0,
    });
    // The sign-up login has ended; the password now signs in, with the terms accepted.
    expect((await auto(headers, autoBody)).statusCode).toBe(401);
    const token = await signIn(test.app, { email, password: 'Barley2026' });
    const after = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/start',
      headers: bearer(token),
      payload: {},
    });
    expect(after.json<SessionStartResponse>()).toMatchObject({
      MustAcceptTermsAndConditions: false,
      User: { AutoSignupInProgress: false, FirstName: 'Ada', LastName: 'Keeper' },
    });
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const email = 'bo.access@estate.example';
    const { headers } = await accessLogin(email);
    const refusals: [unknown, string][] = [
      [{ ...autoBody, password: 'short' }, 'password'],
      [{ ...autoBody, termsOfUseVersion: termsVersion - 1 }, 'termsOfUseVersion'],
      [{ ...autoBody, termsOfUseVersion: null }, 'termsOfUseVersion'],
      [{ ...autoBody, firstName: ' ' }, 'firstName'],
      [{ ...autoBody, lastName: 'x'.repeat(101) }, 'lastName'],
      [{ ...autoBody, password: 'B'.repeat(201) }, 'password'],
    ];
    for (const [body, field] of refusals) {
      const answer = await auto(headers, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain(field);
    }
    const [row] = await sqlRows<{ signup_pending: boolean; password_hash: string | null }>(
      test.db,
      sql`SELECT signup_pending, password_hash FROM users WHERE email = ${email}`,
    );
    expect(row).toEqual({ signup_pending: true, password_hash: null });
  });

  it('is only for the pending Access account: the wizard login and set-up accounts are refused alike', async () => {
    await invite('wizard.person@farm.example');
    const wizard = await signupLogin('wizard.person@farm.example');
    const refused = await auto(wizard.headers, autoBody);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: 'Invalid signup request' });
    expect((await auto(owner, autoBody)).json()).toMatchObject({ Message: 'Invalid signup request' });
    expect((await auto({ authorization: 'Bearer nothing' }, autoBody)).statusCode).toBe(401);
  });

  async function mailTo(email: string) {
    return sqlRows<{ subject: string; text: string; html: string; status: string }>(
      test.db,
      sql`SELECT subject, text, html, status FROM mail_outbox WHERE lower("to") = lower(${email}) ORDER BY created_at`,
    );
  }

  it('mails the sign-up link to the address in the language of the account, else the administrator', async () => {
    const germanAdmin = await createUser(test.db, {
      role: Role.Admin,
      firstName: 'Greta',
      lastName: 'Gutsherr',
    });
    await test.db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${germanAdmin.id}`);
    const headers = bearer(await signIn(test.app, germanAdmin));

    // No account yet: the administrator's language.
    const email = 'dora.access@estate.example';
    const opened = await openAccount(headers, { email, firstName: 'Dora', lastName: 'Access' });
    expect(opened.statusCode, opened.body).toBe(200);
    const answered = opened.json<{ link: string }>().link;
    const [mail, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(mail!.status).toBe('queued');
    expect(mail!.subject).toBe('Greta Gutsherr hat ein Headland-Konto für Sie eröffnet');
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.text).toContain('höchstens 14 Tage lang');
    // The mailed link is the one answered, and it opens the sign-up login.
    const link = new URL(linksOf(mail!.text).find((candidate) => candidate.includes('signup='))!);
    expect(link.href).toBe(answered);
    const validated = await validate(link.searchParams.get('signup')!, link.searchParams.get('email')!);
    expect(validated.statusCode, validated.body).toBe(200);

    // An account still being set up with a saved language is written to in its own.
    const french = 'eloi.access@estate.example';
    await test.db.execute(sql`INSERT INTO users (email, role, first_name, last_name, signup_pending, language)
      VALUES (${french}, ${Role.Client}, '', '', true, 'fr')`);
    expect(
      (await openAccount(headers, { email: french, firstName: 'Éloi', lastName: 'Access' })).statusCode,
    ).toBe(200);
    const [frenchMail] = await mailTo(french);
    expect(frenchMail!.subject).toBe('Greta Gutsherr vous a ouvert un compte Headland');

    // Neither has one: English.
    const english = 'fay.access@estate.example';
    expect(
      (await openAccount(admin, { email: english, firstName: 'Fay', lastName: 'Access' })).statusCode,
    ).toBe(200);
    const [englishMail] = await mailTo(english);
    expect(englishMail!.subject).toMatch(/ opened a Headland account for you$/);
    expect(englishMail!.text).toContain('fay.access@estate.example');
  });

  it('opens accounts for administrators only, refusing an address with an account and bad input', async () => {
    const farmer = bearer(await signIn(test.app, await createUser(test.db, { role: Role.Client })));
    const body = { email: 'cy.access@estate.example', firstName: 'Cy', lastName: 'Access' };
    const notAdmin = await openAccount(farmer, body);
    expect(notAdmin.statusCode).toBe(403);
    const takenEmail = (await createUser(test.db)).email;
    const taken = await openAccount(admin, { ...body, email: takenEmail });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ Errors: [{ Field: 'email', Code: 'signup.accountExists' }] });
    expect((await openAccount(admin, { ...body, email: 'not-an-address' })).statusCode).toBe(400);
    expect((await openAccount(admin, { ...body, firstName: '' })).statusCode).toBe(400);
    const [count] = await sqlRows<{ n: number }>(
      test.db,
      sql`SELECT count(*)::int AS n FROM users WHERE email = 'cy.access@estate.example'`,
    );
    expect(count!.n).toBe(0);
    // A refused request queues no e-mail.
    expect(await mailTo('cy.access@estate.example')).toEqual([]);
    expect(await mailTo(takenEmail)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the sign-up routes, the link calls as public and the wizard calls as signed in', () => {
    const routes = new Map(apiRoutes(test.app).map((route) => [route.key, route.documentedPublic]));
    expect(Object.fromEntries([...routes].filter(([key]) => /signup|sso/.test(key)))).toEqual({
      'POST /api/signup/v1/validate/': true,
      'POST /api/signup/v1/request': true,
      'GET /api/session/v1/login/sso/check': true,
      'GET /api/signup/v1/data': false,
      'POST /api/signup/v1/setup': false,
      'POST /api/signup/v1/cancel': false,
      'POST /api/signup/v1/auto': false,
      'POST /api/signup/v1/access': false,
      'GET /api/signup/v1/addresses/lookup/{text}': false,
      'GET /api/signup/v1/addresses/get/{udprn}': false,
    });
  });
});
