import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeInviteParameter,
  type Invitation,
  type PermissionsResponse,
  type PublicInvitation,
} from '@headland/domain/api/permissionsApi';
import type { SessionStartResponse } from '@headland/domain/api/sessionApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import {
  invitationHoldingPermissions,
  normaliseHoldingPermissions,
  ownerHoldingPermissions,
  type HoldingPermissions,
} from '@headland/domain/holdingPermissions';
import { HoldingRole, InvitationAccessLevel, Role } from '@headland/domain/roles';
import {
  addMember,
  bearer,
  createHolding,
  createUser,
  signIn,
  signInToHolding,
} from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { linksOf } from '../../mail/outboxPage.ts';
import { sqlRows } from '../../db/sqlRows.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ config: { publicUrl: 'https://headland.example' } });
});

afterAll(async () => {
  await test?.close();
});

type Headers = { authorization: string };

interface Farm {
  holdingId: number;
  tradingName: string;
  owner: Headers;
  member: Headers;
}

async function createFarm(): Promise<Farm> {
  const holding = await createHolding(test.db, { features: { perHoldingPermissions: true } });
  const owner = await createUser(test.db, { role: Role.Agronomist, firstName: 'Olive', lastName: 'Owner' });
  const member = await createUser(test.db, { role: Role.Client });
  await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
  await addMember(test.db, holding.id, member.id, { holdingRole: HoldingRole.Member });
  return {
    holdingId: holding.id,
    tradingName: holding.tradingName,
    owner: bearer(await signInToHolding(test.app, owner, holding.id)),
    member: bearer(await signInToHolding(test.app, member, holding.id)),
  };
}

function send(headers: Headers, email: string, accessLevel: number = InvitationAccessLevel.Full) {
  return test.app.inject({
    method: 'POST',
    url: '/api/holdings/v1/invites/send',
    headers,
    payload: { email, accessLevel },
  });
}

async function sent(headers: Headers, email: string, accessLevel: number = InvitationAccessLevel.Full) {
  const response = await send(headers, email, accessLevel);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ invites: Invitation[] }>().invites;
}

function cancel(headers: Headers, email: string) {
  return test.app.inject({
    method: 'DELETE',
    url: `/api/holdings/v1/invites/cancel?email=${encodeURIComponent(email)}`,
    headers,
  });
}

interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: string;
}

async function messagesTo(email: string): Promise<OutboxMessage[]> {
  return sqlRows<OutboxMessage>(
    test.db,
    sql`SELECT id, "to", subject, text, html, status FROM mail_outbox WHERE lower("to") = lower(${email}) ORDER BY created_at`,
  );
}

interface SentInvite {
  id: string;
  secret?: string;
}

/** The invitation id and secret carried by the link of the latest e-mail to `email`. */
async function invitationIdSentTo(email: string): Promise<SentInvite> {
  const message = (await messagesTo(email)).at(-1)!;
  const link = linksOf(message.text).find((candidate) => candidate.includes('invite='))!;
  const parameter = new URL(link).searchParams.get('invite')!;
  return decodeInviteParameter(parameter)!;
}

function start(token: string, invite: SentInvite) {
  return test.app.inject({
    method: 'POST',
    url: '/api/session/v1/start',
    headers: bearer(token),
    payload: { acceptedInviteId: invite.id, inviteSecret: invite.secret },
  });
}

function view(invite: SentInvite) {
  const query = invite.secret === undefined ? '' : `?secret=${encodeURIComponent(invite.secret)}`;
  return test.app.inject({ method: 'GET', url: `/api/invites/v1/${invite.id}${query}` });
}

let addressCount = 0;
const newAddress = () => `invitee-${Date.now()}-${(addressCount += 1)}@farm.example`;

describe('sending invitations', () => {
  it('writes the invitation and its e-mail with the invite link', async () => {
    const farm = await createFarm();
    const email = newAddress();
    // An address with an account gets the plain invitation; one without gets a sign-up link (signup.test.ts).
    await createUser(test.db, { email });
    const invites = await sent(farm.owner, email, InvitationAccessLevel.Agronomist);
    expect(invites).toEqual([
      {
        email,
        accessLevel: InvitationAccessLevel.Agronomist,
        issuedOn: expect.any(String),
        acceptedOn: null,
        deliveryStatus: 'queued',
      },
    ]);
    const [message] = await messagesTo(email);
    expect(message!.subject).toBe(`Olive Owner invited you to ${farm.tradingName} on Headland`);
    const [link] = linksOf(message!.text);
    expect(link).toMatch(/^https:\/\/headland\.example\/\?invite=/);
    expect(message!.html).toContain(link!.replaceAll('&', '&amp;'));
    const [stored] = await sqlRows<{ id: string }>(
      test.db,
      sql`SELECT id FROM holding_invitations WHERE holding_id = ${farm.holdingId}`,
    );
    const invite = decodeInviteParameter(new URL(link!).searchParams.get('invite')!);
    expect(invite).toEqual({ id: stored!.id, type: 'holding', secret: expect.stringMatching(/^[\w-]{43}$/) });
    // The secret is random and only its hash is kept.
    const [row] = await sqlRows<{ secret_hash: string; days: number }>(
      test.db,
      sql`SELECT secret_hash, round(extract(epoch FROM expires_at - now()) / 86400)::int AS days
            FROM holding_invitations WHERE id = ${stored!.id}`,
    );
    expect(row!.secret_hash).not.toContain(invite!.secret!);
    expect(row!.days).toBe(14);
    const [event] = await sqlRows<{ action: string; source: number; object_type: string }>(
      test.db,
      sql`SELECT action, source, object_type FROM events WHERE holding_id = ${farm.holdingId}`,
    );
    expect(event).toEqual({
      action: EventAction.Create,
      source: Module.Holding,
      object_type: 'HoldingInvitation',
    });

    // The owner's grid lists it too.
    const grid = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/permissions',
      headers: farm.owner,
    });
    expect(grid.json<PermissionsResponse>().invites.map((invite) => invite.email)).toEqual([email]);
  });

  it('keeps one invitation when sent again, with the new level and a fresh date', async () => {
    const farm = await createFarm();
    const email = newAddress();
    const [first] = await sent(farm.owner, email, InvitationAccessLevel.Full);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const invites = await sent(farm.owner, email.toUpperCase(), InvitationAccessLevel.Operator);
    expect(invites).toHaveLength(1);
    expect(invites[0]!.accessLevel).toBe(InvitationAccessLevel.Operator);
    expect(Date.parse(invites[0]!.issuedOn)).toBeGreaterThan(Date.parse(first!.issuedOn));
    expect(await messagesTo(email)).toHaveLength(2);
    const [count] = await sqlRows<{ count: number }>(
      test.db,
      sql`SELECT count(*)::int AS count FROM holding_invitations WHERE holding_id = ${farm.holdingId}`,
    );
    expect(count!.count).toBe(1);
  });

  it('cancels a pending invitation and drops its unsent e-mail', async () => {
    const farm = await createFarm();
    const email = newAddress();
    await sent(farm.owner, email);
    const response = await cancel(farm.owner, email);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ invites: [] });
    expect(await messagesTo(email)).toEqual([]);
    const again = await cancel(farm.owner, email);
    expect(again.statusCode).toBe(404);
    expect(again.json().Message).toBe('There is no pending invitation for this e-mail address.');
  });

  it.each([
    ['an address without a domain', 'someone@', 'Please enter a valid e-mail address.'],
    ['a blank address', '   ', 'Please enter a valid e-mail address.'],
  ])('refuses %s', async (_, email, message) => {
    const farm = await createFarm();
    const response = await send(farm.owner, email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Message: message,
      Errors: [{ Field: 'email', Message: message }],
    });
  });

  it('refuses an address that already belongs to a member', async () => {
    const farm = await createFarm();
    const user = await createUser(test.db);
    await addMember(test.db, farm.holdingId, user.id, { holdingRole: HoldingRole.Member });
    const response = await send(farm.owner, user.email.toUpperCase());
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('This user is already a member of this holding.');
  });

  it('refuses members who are not owners', async () => {
    const farm = await createFarm();
    const email = newAddress();
    expect((await send(farm.member, email)).statusCode).toBe(403);
    await sent(farm.owner, email);
    expect((await cancel(farm.member, email)).statusCode).toBe(403);
  });
});

describe('the public view of an invitation', () => {
  it('tells the holding, the address, the issuer and whether it was used', async () => {
    const farm = await createFarm();
    const email = newAddress();
    await sent(farm.owner, email);
    const invite = await invitationIdSentTo(email);
    const response = await view(invite);
    expect(response.statusCode).toBe(200);
    expect(response.json<PublicInvitation>()).toEqual({
      holdingName: farm.tradingName,
      email,
      issuerFirstName: 'Olive',
      issuerLastName: 'Owner',
      accepted: false,
    });
  });

  it.each([
    ['malformed', 'not-an-id', 400, 'This invitation link is not valid.'],
    ['unknown', '00000000-0000-4000-8000-000000000000', 404, /no longer exists/],
  ])('refuses a %s id', async (_, id, status, message) => {
    const response = await test.app.inject({ method: 'GET', url: `/api/invites/v1/${id}` });
    expect(response.statusCode).toBe(status);
    expect(response.json().Message).toMatch(message);
  });

  it('tells nothing without the secret of the link, or with a wrong one', async () => {
    const farm = await createFarm();
    const email = newAddress();
    await sent(farm.owner, email);
    const invite = await invitationIdSentTo(email);
    const unknown = await view({ id: '00000000-0000-4000-8000-000000000000', secret: invite.secret });
    for (const attempt of [
      { id: invite.id },
      { id: invite.id, secret: 'guessed' },
      { id: invite.id, secret: '' },
    ]) {
      const response = await view(attempt);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
      expect(response.body).not.toContain(email);
      expect(response.body).not.toContain(farm.tradingName);
    }
  });

  it('says an expired invitation has expired, and sending it again gives a new link that works', async () => {
    const farm = await createFarm();
    const invitee = await createUser(test.db, { email: newAddress() });
    await sent(farm.owner, invitee.email);
    const first = await invitationIdSentTo(invitee.email);
    await test.db.execute(
      sql`UPDATE holding_invitations SET expires_at = now() - interval '1 second' WHERE id = ${first.id}`,
    );
    expect((await view(first)).json().Message).toBe(
      'This invitation has expired. Ask the holding owner to send it again.',
    );
    const token = await signIn(test.app, invitee);
    const expired = await start(token, first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().Message).toMatch(/has expired/);

    await sent(farm.owner, invitee.email);
    const second = await invitationIdSentTo(invitee.email);
    expect(second.id).toBe(first.id);
    expect(second.secret).not.toBe(first.secret);
    // The earlier link no longer works; the new one does.
    expect((await start(token, first)).statusCode).toBe(400);
    expect((await start(token, second)).statusCode).toBe(200);
  });
});

describe('accepting an invitation at session start', () => {
  it.each([
    [InvitationAccessLevel.Full, Role.Client],
    [InvitationAccessLevel.Agronomist, Role.Agronomist],
    [InvitationAccessLevel.Operator, Role.Client],
  ])(
    'joins the holding as a Member with the permissions of level %s (account role %s)',
    async (level, role) => {
      const farm = await createFarm();
      const invitee = await createUser(test.db, { role, email: newAddress() });
      await sent(farm.owner, invitee.email, level);
      const id = await invitationIdSentTo(invitee.email);
      const token = await signIn(test.app, invitee);

      const response = await start(token, id);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<SessionStartResponse>();
      expect(body.Holdings.map((holding) => holding.HoldingId)).toContain(farm.holdingId);
      expect(body.InitialHolding?.HoldingId).toBe(farm.holdingId);

      const [membership] = await sqlRows<{ holding_role: number; holding_permissions: unknown }>(
        test.db,
        sql`SELECT holding_role, holding_permissions FROM holding_users
           WHERE holding_id = ${farm.holdingId} AND user_id = ${invitee.id}`,
      );
      // The level's permissions as a save of the grid stores them: within the holding and its Agronomist owner.
      expect(membership).toEqual({
        holding_role: HoldingRole.Member,
        holding_permissions: normaliseHoldingPermissions(
          invitationHoldingPermissions(level, role),
          role,
          HoldingRole.Member,
          ownerHoldingPermissions([Role.Agronomist], { perHoldingPermissions: true }),
        ),
      });
      const grid = await test.app.inject({
        method: 'GET',
        url: '/api/holdings/v1/permissions',
        headers: farm.owner,
      });
      expect(grid.json<PermissionsResponse>().invites).toEqual([
        expect.objectContaining({ email: invitee.email, acceptedOn: expect.any(String) }),
      ]);
      const [event] = await sqlRows<{ action: string; source: number; user_id: number }>(
        test.db,
        sql`SELECT action, source, user_id FROM events
           WHERE holding_id = ${farm.holdingId} AND object_type = 'HoldingUser'`,
      );
      expect(event).toEqual({ action: EventAction.Create, source: Module.UserAccount, user_id: invitee.id });

      // The holding now opens for them.
      const holdingToken = await signInToHolding(test.app, invitee, farm.holdingId);
      expect(holdingToken).toBeTruthy();

      // An invitation is used once.
      const again = await start(token, id);
      expect(again.statusCode).toBe(400);
      expect(again.json().Message).toBe('This invitation has already been accepted.');
      expect((await view(id)).json<PublicInvitation>().accepted).toBe(true);
    },
  );

  it("stores no more than the holding's owners have", async () => {
    const holding = await createHolding(test.db, { features: { perHoldingPermissions: true } });
    const owner = await createUser(test.db, { role: Role.Access });
    await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    const ownerHeaders = bearer(await signInToHolding(test.app, owner, holding.id));
    const invitee = await createUser(test.db, { role: Role.Manager, email: newAddress() });
    await sent(ownerHeaders, invitee.email, InvitationAccessLevel.Full);
    const response = await start(await signIn(test.app, invitee), await invitationIdSentTo(invitee.email));
    expect(response.statusCode, response.body).toBe(200);

    const [membership] = await sqlRows<{ holding_permissions: HoldingPermissions }>(
      test.db,
      sql`SELECT holding_permissions FROM holding_users WHERE holding_id = ${holding.id} AND user_id = ${invitee.id}`,
    );
    const offered = invitationHoldingPermissions(InvitationAccessLevel.Full, Role.Manager);
    const owners = ownerHoldingPermissions([Role.Access], { perHoldingPermissions: true });
    expect(membership!.holding_permissions).toEqual(
      normaliseHoldingPermissions(offered, Role.Manager, HoldingRole.Member, owners),
    );
    expect(membership!.holding_permissions).not.toEqual(offered);
  });

  it('refuses the invited address without the secret of the link, or with a wrong one', async () => {
    const farm = await createFarm();
    const invitee = await createUser(test.db, { email: newAddress() });
    await sent(farm.owner, invitee.email);
    const { id } = await invitationIdSentTo(invitee.email);
    const token = await signIn(test.app, invitee);
    for (const attempt of [{ id }, { id, secret: 'guessed' }]) {
      const response = await start(token, attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        Message: expect.stringMatching(/no longer exists/),
        Errors: [{ Field: 'acceptedInviteId' }],
      });
    }
    const [count] = await sqlRows<{ count: number }>(
      test.db,
      sql`SELECT count(*)::int AS count FROM holding_users WHERE holding_id = ${farm.holdingId} AND user_id = ${invitee.id}`,
    );
    expect(count!.count).toBe(0);
  });

  it('refuses a user signed in with another e-mail address', async () => {
    const farm = await createFarm();
    const email = newAddress();
    await sent(farm.owner, email);
    const stranger = await createUser(test.db);
    const response = await start(await signIn(test.app, stranger), await invitationIdSentTo(email));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Message: 'This invitation was sent to another e-mail address: sign in with that address to accept it.',
      Errors: [{ Field: 'acceptedInviteId' }],
    });
    const [count] = await sqlRows<{ count: number }>(
      test.db,
      sql`SELECT count(*)::int AS count FROM holding_users WHERE holding_id = ${farm.holdingId} AND user_id = ${stranger.id}`,
    );
    expect(count!.count).toBe(0);
  });

  it('refuses a cancelled invitation and a malformed id', async () => {
    const farm = await createFarm();
    const invitee = await createUser(test.db, { email: newAddress() });
    await sent(farm.owner, invitee.email);
    const id = await invitationIdSentTo(invitee.email);
    await cancel(farm.owner, invitee.email);
    const token = await signIn(test.app, invitee);
    const cancelled = await start(token, id);
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().Message).toMatch(/no longer exists/);
    const malformed = await start(token, { id: 'eyJpZCI6IngifQ==' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Message).toBe('This invitation link is not valid.');
  });

  it('leaves an existing membership as it is', async () => {
    const farm = await createFarm();
    const invitee = await createUser(test.db, { email: newAddress() });
    await sent(farm.owner, invitee.email, InvitationAccessLevel.Operator);
    await addMember(test.db, farm.holdingId, invitee.id, { holdingRole: HoldingRole.Owner });
    const response = await start(await signIn(test.app, invitee), await invitationIdSentTo(invitee.email));
    expect(response.statusCode).toBe(200);
    const [membership] = await sqlRows<{ holding_role: number }>(
      test.db,
      sql`SELECT holding_role FROM holding_users WHERE holding_id = ${farm.holdingId} AND user_id = ${invitee.id}`,
    );
    expect(membership!.holding_role).toBe(HoldingRole.Owner);
  });
});

describe('the local outbox', () => {
  it('lists the e-mails with their links when no mail server is configured', async () => {
    const farm = await createFarm();
    const email = newAddress();
    await sent(farm.owner, email);
    const [message] = await messagesTo(email);
    const page = await test.app.inject({ method: 'GET', url: '/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const link = linksOf(message!.text)[0]!;
    expect(page.body).toContain(`<a href="${link.replaceAll('&', '&amp;')}">`);
    expect(page.body).toContain(email);
  });

  it('answers only a request made at this machine: not another address, not one a proxy relayed', async () => {
    const farm = await createFarm();
    const email = newAddress();
    await sent(farm.owner, email);
    for (const remoteAddress of ['10.1.2.3', '192.0.2.7', '::ffff:10.1.2.3', '2001:db8::1']) {
      const page = await test.app.inject({ method: 'GET', url: '/outbox', remoteAddress });
      expect(page.statusCode, remoteAddress).toBe(404);
      expect(page.body).not.toContain('invite=');
    }
    // A forwarded header never makes a request local, and marks one relayed from loopback as someone else's.
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 proxy' },
    ]) {
      const relayed = await test.app.inject({ method: 'GET', url: '/outbox', headers });
      expect(relayed.statusCode).toBe(404);
    }
    const spoofed = await test.app.inject({
      method: 'GET',
      url: '/outbox',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const page = await test.app.inject({ method: 'GET', url: '/outbox', remoteAddress });
      expect(page.statusCode, remoteAddress).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('marks messages delivered to the outbox once the sender has run', async () => {
    const farm = await createFarm();
    const email = newAddress();
    await sent(farm.owner, email);
    await test.app.mailer.deliverDue();
    expect((await messagesTo(email)).map((message) => message.status)).toEqual(['sent']);
    const grid = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/permissions',
      headers: farm.owner,
    });
    expect(grid.json<PermissionsResponse>().invites[0]!.deliveryStatus).toBe('sent');
  });
});
