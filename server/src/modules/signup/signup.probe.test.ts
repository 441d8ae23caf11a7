import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionStartResponse } from '@headland/domain/api/sessionApi';
import { workAfterAnswerSettled } from '../../http/afterAnswer.ts';
import { bearer, createUser, publishTerms } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { linksOf } from '../../mail/outboxPage.ts';
import { sqlRows } from '../../db/sqlRows.ts';

let test: TestApp;
const termsVersion = 3;

beforeAll(async () => {
  test = await createTestApp({ config: { publicUrl: 'https://headland.example' } });
  await publishTerms(test.db, termsVersion, 'Terms of use, version 3.');
});

afterAll(async () => {
  await test?.close();
});

const requestLink = (email: string) =>
  test.app.inject({ method: 'POST', url: `/api/signup/v1/request?email=${encodeURIComponent(email)}` });

const mailsTo = (email: string) =>
  sqlRows<{ text: string }>(test.db, sql`SELECT text FROM mail_outbox WHERE lower("to") = lower(${email})`);

/** Asks for a sign-up link, follows it and answers the restricted login of the account being set up. */
async function pendingLogin(email: string): Promise<{ authorization: string }> {
  await requestLink(email);
  await workAfterAnswerSettled(test.db);
  const link = new URL(linksOf((await mailsTo(email))[0]!.text)[0]!);
  const validated = await test.app.inject({
    method: 'POST',
    url: '/api/signup/v1/validate/',
    query: { key: link.searchParams.get('signup')!, email },
  });
  expect(validated.statusCode, validated.body).toBe(200);
  const granted = await test.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'token', token: validated.json<{ token: string }>().token },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  return bearer(granted.json<{ access_token: string }>().access_token);
}

describe('a sign-up login that accepts the terms before the wizard is done', () => {
  it('stays restricted to the wizard: no session start with holdings, no account edit', async () => {
    const headers = await pendingLogin('skipper@farm.example');
    const accepted = await test.app.inject({
      method: 'POST',
      url: `/api/user/v1/tcs/accept?version=${termsVersion}`,
      headers,
    });
    // Accepting is harmless in itself (the wizard records the terms again); what it must not do is open the account.
    expect([200, 400]).toContain(accepted.statusCode);
    const login = await test.app.inject({ method: 'GET', url: '/api/session/v1/login', headers });
    expect(login.json()).toEqual({ restricted: true });
    const start = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/start',
      headers,
      payload: {},
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json<SessionStartResponse>().CroppingYears).toEqual([]);
    const edit = await test.app.inject({
      method: 'POST',
      url: '/api/user/v1/user',
      headers,
      payload: { firstName: 'No', lastName: 'Password' },
    });
    expect(edit.statusCode).toBe(403);
    const holdings = await test.app.inject({
      method: 'GET',
      url: '/api/session/v1/holdings/query?query=farm',
      headers,
    });
    expect(holdings.statusCode).toBe(403);
    // The wizard itself still works.
    const data = await test.app.inject({ method: 'GET', url: '/api/signup/v1/data', headers });
    expect(data.statusCode, data.body).toBe(200);
  });
});

describe('the set-up of an account', () => {
  it('refuses names of several lines, naming the field, and stores nothing', async () => {
    const email = 'two.lines@farm.example';
    const headers = await pendingLogin(email);
    await test.db.execute(
      sql`INSERT INTO regions (id, name, country_code) VALUES (1, 'England', 'GB') ON CONFLICT DO NOTHING`,
    );
    await test.db.execute(
      sql`INSERT INTO towns (id, name, region_id, post_codes) VALUES (1, 'Louth', 1, '{LN11}') ON CONFLICT DO NOTHING`,
    );
    const payload = {
      firstName: 'Nell',
      lastName: 'Newcomer',
      postCode: 'LN11 9AB',
      address: '1 Church Lane',
      phoneNumber: '01507 600000',
      regionId: 1,
      townId: 1,
      holdingName: 'Church Farm',
      agronomist: '',
      accountNumber: '',
      holdingExists: false,
      password: 'Barley2026',
      termsOfUseVersion: termsVersion,
      contactConsent: true,
    };
    for (const [field, value] of [
      ['firstName', 'Nell\r\nBcc: everyone@farm.example'],
      ['lastName', 'Newcomer\n\nhttps://evil.example'],
      ['holdingName', 'Church Farm\r\nhttps://evil.example'],
    ] as const) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/signup/v1/setup',
        headers,
        payload: { ...payload, [field]: value },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ Errors: { Field: string }[] }>().Errors[0]!.Field).toBe(field);
    }
    const [user] = await sqlRows<{ signup_pending: boolean }>(
      test.db,
      sql`SELECT signup_pending FROM users WHERE email = ${email}`,
    );
    expect(user!.signup_pending).toBe(true);
  });
});

describe('asking for a sign-up link', () => {
  it('answers before looking the address up, so that its timing tells nothing of accounts', async () => {
    const known = await createUser(test.db, { email: 'known.farmer@farm.example' });
    const email = 'new.farmer@farm.example';
    // While the accounts cannot be read, an answer that waited for the look-up would not come.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = test.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`);
      locked();
      await released;
    });
    await lockTaken;
    const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000));
    const answers = await Promise.race([Promise.all([requestLink(email), requestLink(known.email)]), waited]);
    release();
    await holder;
    expect(answers).not.toBe('waited');
    const [fresh, existing] = answers as Awaited<ReturnType<typeof requestLink>>[];
    expect(fresh!.statusCode).toBe(200);
    expect(existing!.body).toBe(fresh!.body);
    await workAfterAnswerSettled(test.db);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await mailsTo(known.email)).toEqual([]);
  });

  it('counts an address in any case or spacing against one limit', async () => {
    const variants = [
      'limit.me@farm.example',
      'LIMIT.ME@FARM.EXAMPLE',
      ' Limit.Me@Farm.Example ',
      'limit.me@farm.example',
    ];
    for (const variant of [...variants, ...variants]) {
      expect((await requestLink(variant)).statusCode).toBe(200);
      await workAfterAnswerSettled(test.db);
    }
    expect(await mailsTo('limit.me@farm.example')).toHaveLength(3);
  });

  it('counts the tagged forms of one mailbox (name+tag@) against its limit', async () => {
    for (let tag = 0; tag < 6; tag += 1) {
      expect((await requestLink(`tagged+${tag}@farm.example`)).statusCode).toBe(200);
      await workAfterAnswerSettled(test.db);
    }
    const sent = await sqlRows<{ to: string }>(
      test.db,
      sql`SELECT "to" FROM mail_outbox WHERE "to" LIKE 'tagged%'`,
    );
    expect(sent).toHaveLength(3);
  });
});

describe('an address lookup text longer than any address', () => {
  it('answers 400 naming the text, not the web server’s own 414', async () => {
    const headers = await pendingLogin('longtext@farm.example');
    const answer = await test.app.inject({
      method: 'GET',
      url: `/api/signup/v1/addresses/lookup/${'a'.repeat(150)}`,
      headers,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json<{ Errors: { Field: string }[] }>().Errors[0]!.Field).toContain('text');
  });
});
