import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Module } from '@headland/domain/enumerations';
import {
  newPasswordErrorCode,
  passwordRequiredMessage,
  passwordRuleMessage,
} from '@headland/domain/passwordRule';
import { HoldingRole, Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  publishTerms,
  selectHolding,
  signIn,
  type TestHolding,
  type TestUser,
} from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { sqlRows } from '../../db/sqlRows.ts';

let t: TestApp;
let holding: TestHolding;

beforeAll(async () => {
  t = await createTestApp();
  await publishTerms(t.db, 1);
  await publishTerms(t.db, 2, 'Second edition.');
  holding = await createHolding(t.db);
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function accountEvents(userId: number) {
  return sqlRows<{
    action: string;
    source: number;
    object_type: string;
    data: Record<string, unknown>;
    holding_id: null;
  }>(
    t.db,
    sql`SELECT action, source, object_type, data, holding_id FROM events WHERE user_id = ${userId} ORDER BY id`,
  );
}

describe('POST /api/user/v1/tcs/accept', () => {
  let newcomer: TestUser;

  beforeAll(async () => {
    newcomer = await createUser(t.db, { acceptedTerms: 1 });
    await addMember(t.db, holding.id, newcomer.id);
  });

  it('keeps a user who must accept the terms out of holdings until they accept the latest version', async () => {
    const signInResponse = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: newcomer.email, password: newcomer.password },
    });
    const token = signInResponse.json().access_token as string;
    expect(signInResponse.json().restricted).toBe(true);

    const start = await post('/api/session/v1/start', token, {});
    expect(start.json()).toMatchObject({
      MustAcceptTermsAndConditions: true,
      TermsAndConditions: { Version: 2, Text: 'Second edition.' },
    });
    const refused = await post('/api/session/v1/holdings/select', token, { holdingId: holding.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe('You must accept the terms and conditions first.');

    const outdated = await post('/api/user/v1/tcs/accept?version=1', token);
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json().Message).toBe('Only the latest terms and conditions (version 2) can be accepted.');
    const notANumber = await post('/api/user/v1/tcs/accept?version=latest', token);
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().Errors[0].Field).toBe('version');

    const accepted = await post('/api/user/v1/tcs/accept?version=2&send=false', token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toBe(true);

    const login = await t.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: bearer(token) });
    expect(login.json()).toEqual({ restricted: false });
    expect((await post('/api/session/v1/start', token, {})).json().MustAcceptTermsAndConditions).toBe(false);
    expect((await post('/api/session/v1/holdings/select', token, { holdingId: holding.id })).statusCode).toBe(
      200,
    );
    expect(await accountEvents(newcomer.id)).toEqual([
      {
        action: 'u',
        source: Module.UserAccount,
        object_type: 'TermsAndConditions',
        data: { Version: 2 },
        holding_id: null,
      },
    ]);
  });
});

describe('POST /api/user/v1/password/change', () => {
  it('checks the rule in order: required, then the rule', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    for (const [payload, message] of [
      [{}, passwordRequiredMessage],
      [{ password: '' }, passwordRequiredMessage],
      [{ password: 'short1A' }, passwordRuleMessage],
      [{ Password: 'alllowercase1' }, passwordRuleMessage],
      [{ password: 'NoDigitsHere' }, passwordRuleMessage],
    ] as const) {
      const response = await post('/api/user/v1/password/change', token, payload);
      expect(response.statusCode).toBe(400);
      const code = newPasswordErrorCode(message);
      expect(response.json()).toEqual({
        Message: message,
        Code: `signup.${code}`,
        Params: {},
        Errors: [{ Field: 'password', Code: code, Message: message }],
      });
    }
    const wrongType = await post('/api/user/v1/password/change', token, { password: 12345678 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().Errors[0].Field).toBe('password');
  });

  it('needs the current password: missing or wrong, nothing changes', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    for (const [payload, message] of [
      [{ password: 'NewHarvest2026' }, 'Enter your current password.'],
      [{ password: 'NewHarvest2026', currentPassword: 'Wrong2026' }, 'The current password is incorrect.'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/v1/password/change',
        headers: bearer(token),
        remoteAddress: '10.30.0.1',
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        Message: message,
        Code: expect.stringMatching(/^currentPassword(Required|Wrong)$/),
        Params: {},
        Errors: [{ Field: 'currentPassword', Code: expect.any(String), Message: message }],
      });
    }
    await signIn(t.app, user);
    // Wrong current passwords count as failed sign-ins: a token cannot be used to guess the password.
    for (let attempt = 0; attempt < 4; attempt++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/user/v1/password/change',
        headers: bearer(token),
        remoteAddress: '10.30.0.1',
        payload: { password: 'NewHarvest2026', currentPassword: `Wrong${attempt}` },
      });
    }
    const throttled = await t.app.inject({
      method: 'POST',
      url: '/api/user/v1/password/change',
      headers: bearer(token),
      remoteAddress: '10.30.0.1',
      payload: { password: 'NewHarvest2026', currentPassword: user.password },
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['x-omnia-retry']).toBe('No');
  });

  it('stores the new password and revokes every other token of the user, keeping this one', async () => {
    const user = await createUser(t.db);
    await addMember(t.db, holding.id, user.id);
    const current = await signIn(t.app, user);
    const otherDevice = await signIn(t.app, user);
    const otherHolding = await selectHolding(t.app, await signIn(t.app, user), holding.id);
    // Cached callers must be forgotten as well.
    await t.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: bearer(otherDevice) });

    const response = await post('/api/user/v1/password/change', current, {
      Password: 'NewHarvest2026',
      currentPassword: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);

    for (const revoked of [otherDevice, otherHolding.token]) {
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/session/v1/login',
        headers: bearer(revoked),
      });
      expect(after.statusCode).toBe(401);
      expect(after.json().AuthError).toBe(true);
    }
    const [session] = await sqlRows<{ ended: boolean }>(
      t.db,
      sql`SELECT ended_at IS NOT NULL AS ended FROM sessions WHERE id = ${otherHolding.body.SessionId}`,
    );
    expect(session!.ended).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/session/v1/login', headers: bearer(current) }))
        .statusCode,
    ).toBe(200);

    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(400);
    await signIn(t.app, { email: user.email, password: 'NewHarvest2026' });
    const [stored] = await sqlRows<{ password_hash: string }>(
      t.db,
      sql`SELECT password_hash FROM users WHERE id = ${user.id}`,
    );
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect(stored!.password_hash).not.toContain('NewHarvest2026');
    expect(await accountEvents(user.id)).toEqual([
      { action: 'u', source: Module.UserAccount, object_type: 'UserPassword', data: {}, holding_id: null },
    ]);
  });
});

describe('POST /api/user/v1/user', () => {
  let client: TestUser;
  let clientToken: string;

  beforeAll(async () => {
    client = await createUser(t.db, { role: Role.Client, email: 'client@farm.example' });
    clientToken = await signIn(t.app, client);
  });

  it("updates the caller's own names and properties at once, and the e-mail address only once the new address confirms it", async () => {
    const response = await post('/api/user/v1/user', clientToken, {
      FirstName: ' Clara ',
      LastName: 'Client',
      Email: 'Clara.Client@farm.example',
      Properties: { AutoSelectContext: true },
      CurrentPassword: client.password,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Id: client.id,
      Email: 'client@farm.example',
      FirstName: 'Clara',
      LastName: 'Client',
      Role: Role.Client,
      BusinessId: null,
      Permissions: null,
      Properties: { AutoSelectContext: true },
      AutoSignupInProgress: false,
      PasswordResetRequested: false,
      Language: null,
      PendingEmail: 'Clara.Client@farm.example',
    });
    // Not yet: the old address still signs in, the new one does not.
    await signIn(t.app, client);
    const early = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.30.0.2',
      payload: { grant_type: 'password', username: 'clara.client@farm.example', password: client.password },
    });
    expect(early.statusCode).toBe(400);

    // The link goes to the new address only; the old one gets a notice without it.
    const mail = await sqlRows<{ to: string; text: string }>(
      t.db,
      sql`SELECT "to", text FROM mail_outbox WHERE "to" IN ('Clara.Client@farm.example', 'client@farm.example')`,
    );
    const toNew = mail.find((message) => message.to === 'Clara.Client@farm.example')!;
    const toOld = mail.find((message) => message.to === 'client@farm.example')!;
    const token = new URL(/http\S+confirmEmail=\S+/.exec(toNew.text)![0]).searchParams.get('confirmEmail')!;
    expect(toOld.text).not.toContain(token);
    expect(toOld.text).toContain('Clara.Client@farm.example');

    const confirm = (value: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/v1/email/confirm', payload: { token: value } });
    expect((await confirm('not-the-token')).statusCode).toBe(400);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ Email: 'Clara.Client@farm.example' });
    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().Errors[0].Field).toBe('token');
    // The new address signs in, in any case.
    await signIn(t.app, { email: 'clara.client@FARM.example', password: client.password });
    const events = await accountEvents(client.id);
    expect(events.at(-1)).toMatchObject({ action: 'u', source: Module.UserAccount, object_type: 'User' });
  });

  it('needs the current password to change the e-mail address, and the link expires', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    const newEmail = `moved-${user.id}@farm.example`;
    for (const [payload, message] of [
      [{ Email: newEmail }, 'Enter your current password.'],
      [{ Email: newEmail, CurrentPassword: 'Wrong2026' }, 'The current password is incorrect.'],
    ] as const) {
      const response = await post('/api/user/v1/user', token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().Errors).toEqual([
        {
          Field: 'CurrentPassword',
          Code: expect.stringMatching(/^currentPassword(Required|Wrong)$/),
          Message: message,
        },
      ]);
    }
    expect(await sqlRows(t.db, sql`SELECT 1 FROM mail_outbox WHERE "to" = ${newEmail}`)).toHaveLength(0);
    const asked = await post('/api/user/v1/user', token, { Email: newEmail, CurrentPassword: user.password });
    expect(asked.json().PendingEmail).toBe(newEmail);
    const [message] = await sqlRows<{ text: string }>(
      t.db,
      sql`SELECT text FROM mail_outbox WHERE "to" = ${newEmail}`,
    );
    const link = new URL(/http\S+confirmEmail=\S+/.exec(message!.text)![0]).searchParams.get('confirmEmail')!;
    await t.db.execute(
      sql`UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/user/v1/email/confirm',
      payload: { token: link },
    });
    expect(late.statusCode).toBe(400);
    const [row] = await sqlRows<{ email: string }>(t.db, sql`SELECT email FROM users WHERE id = ${user.id}`);
    expect(row!.email).toBe(user.email);
  });

  it('refuses a blank first or last name, or one of several lines, and keeps the stored one', async () => {
    for (const body of [
      { FirstName: '   ' },
      { LastName: '' },
      { FirstName: 'Clara\r\nBcc: all@farm.example' },
      { LastName: 'Client\tOwner' },
    ]) {
      const response = await post('/api/user/v1/user', clientToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().Errors[0].Field).toBe(Object.keys(body)[0]);
    }
    const [row] = await sqlRows<{ first_name: string; last_name: string }>(
      t.db,
      sql`SELECT first_name, last_name FROM users WHERE id = ${client.id}`,
    );
    expect(row!.first_name.trim()).not.toBe('');
    expect(row!.last_name.trim()).not.toBe('');
  });

  it('stores the preferred language, answers it at session start, and clears it with null', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    const saved = await post('/api/user/v1/user', token, { Language: 'hu' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Language).toBe('hu');
    const start = await post('/api/session/v1/start', token, {});
    expect(start.json().User.Language).toBe('hu');
    // A change of names leaves the language as it is.
    expect((await post('/api/user/v1/user', token, { FirstName: 'Hanna' })).json().Language).toBe('hu');
    const cleared = await post('/api/user/v1/user', token, { Language: null });
    expect(cleared.json().Language).toBeNull();
    for (const Language of ['pt', 'EN', '', 42]) {
      const refused = await post('/api/user/v1/user', token, { Language });
      expect(refused.statusCode, String(Language)).toBe(400);
      expect(refused.json().Errors[0].Field).toBe('Language');
    }
    const [row] = await sqlRows<{ language: string | null }>(
      t.db,
      sql`SELECT language FROM users WHERE id = ${user.id}`,
    );
    expect(row!.language).toBeNull();
  });

  it('keeps the geolocation-info property beside the others and answers it at session start', async () => {
    const user = await createUser(t.db, { role: Role.Agronomist });
    const token = await signIn(t.app, user);
    await post('/api/user/v1/user', token, { Properties: { Debug: false } });
    const saved = await post('/api/user/v1/user', token, { Properties: { GeolocationInfo: true } });
    expect(saved.statusCode).toBe(200);
    // Properties are merged: setting one keeps the others.
    expect(saved.json().Properties).toEqual({ Debug: false, GeolocationInfo: true });
    const start = await post('/api/session/v1/start', token, {});
    expect(start.json().User.Properties).toEqual({ Debug: false, GeolocationInfo: true });

    const cleared = await post('/api/user/v1/user', token, { Properties: { GeolocationInfo: false } });
    expect(cleared.json().Properties).toEqual({ Debug: false, GeolocationInfo: false });
    const [row] = await sqlRows<{ properties: Record<string, unknown> }>(
      t.db,
      sql`SELECT properties FROM users WHERE id = ${user.id}`,
    );
    expect(row!.properties).toEqual({ Debug: false, GeolocationInfo: false });
  });

  it('refuses a geolocation-info property that is not true or false', async () => {
    const response = await post('/api/user/v1/user', clientToken, { Properties: { GeolocationInfo: 'yes' } });
    expect(response.statusCode).toBe(400);
  });

  it('answers an address used by another account like any other, and refuses it only at its confirmation', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    const other = await createUser(t.db, { email: 'taken@farm.example' });
    const free = `free-${user.id}@farm.example`;
    const visible = (response: { statusCode: number; body: string }) => ({
      status: response.statusCode,
      body: response.body.replaceAll(free, 'ADDRESS').replaceAll('TAKEN@farm.example', 'ADDRESS'),
    });
    // Without the password, and with it: the same answers for a free address and a taken one.
    for (const CurrentPassword of [undefined, user.password]) {
      const unused = await post('/api/user/v1/user', token, { Email: free, CurrentPassword });
      const taken = await post('/api/user/v1/user', token, { Email: 'TAKEN@farm.example', CurrentPassword });
      expect(visible(taken)).toEqual(visible(unused));
    }
    const [message] = await sqlRows<{ text: string }>(
      t.db,
      sql`SELECT text FROM mail_outbox WHERE lower("to") = 'taken@farm.example'`,
    );
    const link = new URL(/http\S+confirmEmail=\S+/.exec(message!.text)![0]).searchParams.get('confirmEmail')!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/user/v1/email/confirm',
      payload: { token: link },
    });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().Message).toBe('This e-mail address is already used by another account.');
    const rows = await sqlRows<{ id: number; email: string }>(
      t.db,
      sql`SELECT id, email FROM users WHERE id IN (${user.id}, ${other.id}) ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: user.id, email: user.email },
      { id: other.id, email: 'taken@farm.example' },
    ]);
  });

  it('refuses a malformed e-mail address, naming the field', async () => {
    const response = await post('/api/user/v1/user', clientToken, { Email: 'not an address' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0]).toMatchObject({ Field: 'Email' });
  });

  it('lets only an administrator change roles, other users and businesses', async () => {
    const other = await createUser(t.db, { role: Role.Client });
    const ownRole = await post('/api/user/v1/user', clientToken, { Role: Role.Agronomist });
    expect(ownRole.statusCode).toBe(403);
    expect(ownRole.json().Message).toBe('Only an administrator can change a role.');
    const otherUser = await post('/api/user/v1/user', clientToken, { Id: other.id, FirstName: 'Changed' });
    expect(otherUser.statusCode).toBe(403);
    expect(otherUser.json().Message).toBe('You can only edit your own account.');
    const business = await post('/api/user/v1/user', clientToken, { BusinessId: 5 });
    expect(business.statusCode).toBe(403);
    // Sending one's own role unchanged is no change.
    expect((await post('/api/user/v1/user', clientToken, { Role: Role.Client })).statusCode).toBe(200);
  });

  it('lets an admin change a role, never above their own and never on a more privileged user', async () => {
    const admin = await createUser(t.db, { role: Role.Admin });
    const master = await createUser(t.db, { role: Role.Master });
    const other = await createUser(t.db, { role: Role.Client });
    await addMember(t.db, holding.id, other.id, { holdingRole: HoldingRole.Member });
    const adminToken = await signIn(t.app, admin);
    const otherToken = (await selectHolding(t.app, await signIn(t.app, other), holding.id)).token;
    const openYear = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/holdings/v1/year',
        headers: bearer(otherToken),
        payload: { YearId: 2026 },
      });
    // A Client member has a fixed holding list and may not open a crop year.
    expect((await openYear()).statusCode).toBe(403);

    const promoted = await post('/api/user/v1/user', adminToken, { Id: other.id, Role: Role.Agronomist });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ Id: other.id, Role: Role.Agronomist });
    // The member's next request already runs with the new role, though their token was cached.
    expect((await openYear()).statusCode).toBe(200);

    const tooHigh = await post('/api/user/v1/user', adminToken, { Id: other.id, Role: Role.Master });
    expect(tooHigh.statusCode).toBe(403);
    expect(tooHigh.json().Message).toBe('You cannot grant a role more privileged than your own.');
    const onMaster = await post('/api/user/v1/user', adminToken, { Id: master.id, FirstName: 'Demoted' });
    expect(onMaster.statusCode).toBe(403);
    expect(onMaster.json().Message).toBe('You cannot edit a user whose role is more privileged than yours.');
    const missing = await post('/api/user/v1/user', adminToken, { Id: 999_999, FirstName: 'Nobody' });
    expect(missing.statusCode).toBe(404);
    const unknownBusiness = await post('/api/user/v1/user', adminToken, {
      Id: other.id,
      BusinessId: 999_999,
    });
    expect(unknownBusiness.statusCode).toBe(400);
    expect(unknownBusiness.json().Message).toBe('This business does not exist.');
  });

  it('refuses a role outside the list, naming the field', async () => {
    const response = await post('/api/user/v1/user', clientToken, { Role: 99 });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0].Field).toBe('Role');
  });
});
