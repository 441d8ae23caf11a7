import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMessages, passwordResetsPerHour } from '@headland/domain/api/passwordResetApi';
import type { SessionStartResponse } from '@headland/domain/api/sessionApi';
import { passwordRequiredMessage, passwordRuleMessage } from '@headland/domain/passwordRule';
import { bearer, createUser, signIn, type TestUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { apiRoutes } from '../../testing/openApiRoutes.ts';
import { linksOf } from '../../mail/outboxPage.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import { passwordResetsSettled } from './passwordReset.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://headland.example' } });
});

afterAll(async () => {
  await t?.close();
});

let count = 0;
const newAddress = () => `reset-${Date.now()}-${(count += 1)}@farm.example`;

/** Asks for a reset link and waits for the work done after the answer (the link and its e-mail, if any). */
async function askReset(email: string, lang?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/v1/password/reset',
    query: { email, ...(lang ? { lang } : {}) },
  });
  await passwordResetsSettled(t.db);
  return response;
}

const useLink = (token: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/v1/login/reset',
    query: { token },
    ...(payload ? { payload } : {}),
  });

async function messagesTo(email: string) {
  return sqlRows<{ subject: string; text: string; html: string }>(
    t.db,
    sql`SELECT subject, text, html FROM mail_outbox WHERE "to" = ${email} ORDER BY created_at, id`,
  );
}

/** The token of the newest reset link e-mailed to the address. */
async function latestToken(email: string): Promise<string> {
  const messages = await messagesTo(email);
  const link = linksOf(messages.at(-1)!.text).find((href) => href.includes('resetPassword='));
  expect(link).toMatch(/^https:\/\/headland\.example\/\?resetPassword=[\w-]+$/);
  return new URL(link!).searchParams.get('resetPassword')!;
}

const tokenCall = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username: email, password },
  });

/** What an answer shows a caller, without the parts that differ per request anyway. */
const visible = (response: Awaited<ReturnType<typeof askReset>>) => {
  const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
};

describe('POST /api/user/v1/password/reset', () => {
  it('answers an address with an account and one without exactly alike, and e-mails only the account', async () => {
    const user = await createUser(t.db, { email: newAddress() });
    const stranger = newAddress();
    const known = await askReset(user.email.toUpperCase());
    const unknown = await askReset(stranger);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toBe(true);
    expect(visible(unknown)).toEqual(visible(known));

    expect(await messagesTo(stranger)).toEqual([]);
    // Nor does an account without a password (one still signing up) get a link.
    const unfinished = await createUser(t.db, { email: newAddress(), password: null });
    expect(visible(await askReset(unfinished.email))).toEqual(visible(known));
    expect(await messagesTo(unfinished.email)).toEqual([]);
    const [mail] = await messagesTo(user.email);
    expect(mail!.subject).toBe('Reset your Headland password');
    expect(mail!.text).toContain('The link works once, for 60 minutes.');
    expect(mail!.html).toContain('>Choose a new password</a>');
    const [flag] = await sqlRows<{ password_reset_requested: boolean }>(
      t.db,
      sql`SELECT password_reset_requested FROM users WHERE id = ${user.id}`,
    );
    expect(flag!.password_reset_requested).toBe(true);
    // Only the hash of the link's token is stored.
    const token = await latestToken(user.email);
    const stored = await sqlRows<{ token_hash: string }>(
      t.db,
      sql`SELECT token_hash FROM password_resets WHERE user_id = ${user.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(token);
  });

  it('refuses an address of the wrong shape, naming the field, whether or not it could have an account', async () => {
    for (const email of [
      '',
      'farmer',
      'farmer@',
      'farmer@farm',
      'a b@farm.example',
      `${'a'.repeat(330)}@x.example`,
    ]) {
      const response = await askReset(email);
      expect(response.statusCode, email).toBe(400);
      expect(response.json().Errors?.[0]?.Field ?? response.json().Message, email).toMatch(/email/);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/user/v1/password/reset' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Errors[0]).toMatchObject({
      Field: 'email',
      Message: 'E-mail address is required.',
    });
    const shape = await askReset('farmer@farm');
    expect(shape.json().Errors).toEqual([
      { Field: 'email', Message: passwordResetMessages.invalidEmail, Code: 'invalidEmail' },
    ]);
  });

  it("writes in the account's language, else in the language of the screen it was asked from", async () => {
    const french = await createUser(t.db, { email: newAddress() });
    await t.db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${french.id}`);
    const chooser = await createUser(t.db, { email: newAddress() });
    await askReset(french.email, 'de');
    await askReset(chooser.email, 'pl');
    expect((await messagesTo(french.email))[0]!.subject).toBe('Réinitialisez votre mot de passe Headland');
    const [polish] = await messagesTo(chooser.email);
    expect(polish!.subject).toBe('Zresetuj hasło do Headland');
    expect(polish!.html).toContain('<html lang="pl">');
    // An unknown screen language is no error: the default is used.
    const other = await createUser(t.db, { email: newAddress() });
    expect((await askReset(other.email, 'xx-YY')).statusCode).toBe(200);
    expect((await messagesTo(other.email))[0]!.subject).toBe('Reset your Headland password');
  });

  it(`sends at most ${passwordResetsPerHour} links an hour to one account, answering alike`, async () => {
    const user = await createUser(t.db, { email: newAddress() });
    const answers = [];
    for (let i = 0; i <= passwordResetsPerHour; i += 1) answers.push(visible(await askReset(user.email)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await messagesTo(user.email)).toHaveLength(passwordResetsPerHour);
  });
});

describe('POST /api/user/v1/login/reset', () => {
  let user: TestUser;
  let token: string;

  beforeAll(async () => {
    user = await createUser(t.db, { email: newAddress() });
    await askReset(user.email);
    token = await latestToken(user.email);
  });

  it('checks a link without using it up', async () => {
    for (let i = 0; i < 2; i += 1) {
      const check = await useLink(token);
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toEqual({ Email: user.email, PasswordSet: false });
    }
    expect((await useLink(token, {})).json()).toEqual({ Email: user.email, PasswordSet: false });
  });

  it("checks the new password with the rule's messages in their order, keeping the link", async () => {
    const empty = await useLink(token, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors).toEqual([
      { Field: 'password', Message: passwordRequiredMessage, Code: expect.any(String) },
    ]);
    for (const weak of ['Short1', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      const response = await useLink(token, { password: weak });
      expect(response.statusCode, weak).toBe(400);
      expect(response.json().Errors, weak).toEqual([
        { Field: 'password', Message: passwordRuleMessage, Code: expect.any(String) },
      ]);
    }
    const tooLong = await useLink(token, { password: `Aa1${'x'.repeat(1100)}` });
    expect(tooLong.statusCode).toBe(400);
    expect((await useLink(token)).statusCode).toBe(200);
  });

  it('sets the password once: every login of the user ends, the old password fails, the link cannot be used again', async () => {
    const before = await signIn(t.app, user);
    await t.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: bearer(before) });
    await askReset(user.email);
    const second = await latestToken(user.email);
    expect(second).not.toBe(token);

    const set = await useLink(token, { password: 'NewFurrow2026' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ Email: user.email, PasswordSet: true });

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/session/v1/login',
      headers: bearer(before),
    });
    expect(after.statusCode).toBe(401);
    expect((await tokenCall(user.email, user.password!)).statusCode).toBe(400);
    const fresh = await signIn(t.app, { email: user.email, password: 'NewFurrow2026' });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/session/v1/start',
      headers: bearer(fresh),
      payload: {},
    });
    expect(start.json<SessionStartResponse>().User.PasswordResetRequested).toBe(false);

    const again = await useLink(token, { password: 'Another2026x' });
    expect(again.statusCode).toBe(400);
    expect(again.json().Errors).toEqual([
      { Field: 'token', Message: passwordResetMessages.resetLinkUsed, Code: 'resetLinkUsed' },
    ]);
    expect((await useLink(token)).json().Errors[0].Code).toBe('resetLinkUsed');
    // The other link sent before the password changed ends too.
    expect((await useLink(second, { password: 'Another2026x' })).json().Errors[0].Code).toBe(
      'resetLinkInvalid',
    );
    await signIn(t.app, { email: user.email, password: 'NewFurrow2026' });
  });

  it('says an expired link has expired, and an unknown one is not valid', async () => {
    const other = await createUser(t.db, { email: newAddress() });
    await askReset(other.email);
    const expiring = await latestToken(other.email);
    await t.db.execute(
      sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = ${other.id}`,
    );
    for (const payload of [undefined, { password: 'Expired2026x' }]) {
      const response = await useLink(expiring, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().Errors).toEqual([
        { Field: 'token', Message: passwordResetMessages.resetLinkExpired, Code: 'resetLinkExpired' },
      ]);
    }
    expect((await tokenCall(other.email, other.password!)).statusCode).toBe(200);
    const unknown = await useLink('not-a-link-anyone-was-sent');
    expect(unknown.json().Errors[0].Code).toBe('resetLinkInvalid');
    expect((await useLink('')).statusCode).toBe(400);
    expect((await useLink('x'.repeat(201))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/v1/login/reset' })).statusCode).toBe(400);
  });

  it('lets only one of two requests racing with one link set the password', async () => {
    const racer = await createUser(t.db, { email: newAddress() });
    await askReset(racer.email);
    const link = await latestToken(racer.email);
    const answers = await Promise.all([
      useLink(link, { password: 'FirstRacer2026' }),
      useLink(link, { password: 'SecondRacer2026' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'FirstRacer2026' : 'SecondRacer2026';
    await signIn(t.app, { email: racer.email, password: winner });
  });

  it('ends reset links still unused when the password is changed with the current one', async () => {
    const changer = await createUser(t.db, { email: newAddress() });
    await askReset(changer.email);
    const link = await latestToken(changer.email);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/user/v1/password/change',
      headers: bearer(await signIn(t.app, changer)),
      payload: { password: 'Changed2026x', currentPassword: changer.password },
    });
    expect(change.statusCode).toBe(200);
    expect((await useLink(link, { password: 'Undone2026x' })).json().Errors[0].Code).toBe('resetLinkInvalid');
  });
});

describe('the OpenAPI document', () => {
  it('has both reset routes, public like the other link routes, so that the authorisation matrix and the fuzz walk them', () => {
    const routes = new Map(apiRoutes(t.app).map((route) => [route.key, route]));
    for (const key of ['POST /api/user/v1/password/reset', 'POST /api/user/v1/login/reset']) {
      expect(routes.get(key)?.documentedPublic, key).toBe(true);
    }
    expect(
      routes
        .get('POST /api/user/v1/password/reset')!
        .queryParams.map((p) => p.name)
        .sort(),
    ).toEqual(['email', 'lang']);
    expect(routes.get('POST /api/user/v1/user')?.documentedPublic).toBe(false);
  });
});
