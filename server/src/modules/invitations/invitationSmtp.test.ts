import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeInviteParameter, type PermissionsResponse } from '@headland/domain/api/permissionsApi';
import type { SessionStartResponse } from '@headland/domain/api/sessionApi';
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
import { parseMail } from '../../testing/mimeMessage.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** A message as the mail server received it. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let test: TestApp;

// The mail server refuses this mailbox, as a real one refuses an unknown address.
const refusedAddress = 'nobody@refused.example';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === refusedAddress) {
        const error = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({
          from,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  test = await createTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://headland.example' },
  });
  // Listening starts the outbox sender, as in production.
  await test.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await test?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function eventually<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('invitations through a real mail server', () => {
  it('sends the invitation e-mail, and following its link joins the holding', async () => {
    const holding = await createHolding(test.db, { tradingName: 'Ridgeway Farm' });
    const owner = await createUser(test.db, { role: Role.Agronomist, firstName: 'Olive', lastName: 'Owner' });
    await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    const ownerHeaders = bearer(await signInToHolding(test.app, owner, holding.id));
    const invitee = await createUser(test.db, { role: Role.Client, email: 'Jo.Invitee@farm.example' });

    const send = await test.app.inject({
      method: 'POST',
      url: '/api/holdings/v1/invites/send',
      headers: ownerHeaders,
      payload: { email: 'jo.invitee@farm.example', accessLevel: InvitationAccessLevel.Operator },
    });
    expect(send.statusCode, send.body).toBe(200);

    const message = await eventually('the invitation e-mail', () =>
      received.find((mail) => mail.to.includes('jo.invitee@farm.example')),
    );
    expect(message.from).toBe('no-reply@headland.example');
    const mail = parseMail(message.raw);
    expect(mail.subject).toBe('Olive Owner invited you to Ridgeway Farm on Headland');
    expect(mail.partTypes).toEqual(['text/plain', 'text/html']);
    expect(mail.text).toContain('on Headland with operator access.');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('>Accept the invitation</a>');
    const link = /https:\/\/headland\.example\/\?invite=[A-Za-z0-9%]+/.exec(mail.text!)?.[0];
    expect(link).toBeDefined();
    const invite = decodeInviteParameter(new URL(link!).searchParams.get('invite')!);
    expect(invite?.type).toBe('holding');

    // The owner sees the e-mail went out.
    const status = await eventually('the delivery status', async () => {
      const grid = await test.app.inject({
        method: 'GET',
        url: '/api/holdings/v1/permissions',
        headers: ownerHeaders,
      });
      const state = grid.json<PermissionsResponse>().invites[0]?.deliveryStatus;
      return state === 'sent' ? state : undefined;
    });
    expect(status).toBe('sent');

    // The invitee signs in from the link; the web passes the invitation to the session start.
    const start = await test.app.inject({
      method: 'POST',
      url: '/api/session/v1/start',
      headers: bearer(await signIn(test.app, invitee)),
      payload: { acceptedInviteId: invite!.id, inviteSecret: invite!.secret },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json<SessionStartResponse>().InitialHolding?.TradingName).toBe('Ridgeway Farm');
    const [membership] = await sqlRows<{ holding_role: number }>(
      test.db,
      sql`SELECT holding_role FROM holding_users WHERE holding_id = ${holding.id} AND user_id = ${invitee.id}`,
    );
    expect(membership!.holding_role).toBe(HoldingRole.Member);
  });

  it("writes to an address in its account's language, and to an address without one in the sender's", async () => {
    const holding = await createHolding(test.db, { tradingName: 'Hof Ährenfeld' });
    const owner = await createUser(test.db, { role: Role.Agronomist, firstName: 'Zoë', lastName: 'Ørsted' });
    await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    const ownerHeaders = bearer(await signInToHolding(test.app, owner, holding.id));
    const german = await createUser(test.db, { role: Role.Client, email: 'greta@hof.example' });
    await test.db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${german.id}`);
    await test.db.execute(sql`UPDATE users SET language = 'bg' WHERE id = ${owner.id}`);

    const invite = (email: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/holdings/v1/invites/send',
        headers: ownerHeaders,
        payload: { email, accessLevel: InvitationAccessLevel.Full },
      });
    expect((await invite('greta@hof.example')).statusCode).toBe(200);
    expect((await invite('ivan@nova.example')).statusCode).toBe(200);

    const toGreta = parseMail(
      (
        await eventually('the German invitation', () =>
          received.find((m) => m.to.includes('greta@hof.example')),
        )
      ).raw,
    );
    expect(toGreta.subject).toBe('Zoë Ørsted hat Sie zu Hof Ährenfeld auf Headland eingeladen');
    expect(toGreta.text).toContain(
      'dem Betrieb „Hof Ährenfeld“ auf Headland mit vollem Zugriff beizutreten.',
    );
    expect(toGreta.text).toContain('Der Link kann einmal verwendet werden und ist 14 Tage gültig.');
    expect(toGreta.text).toMatch(/https:\/\/headland\.example\/\?invite=\S+/);
    expect(toGreta.html).toContain('<html lang="de">');
    expect(toGreta.html).toContain('>Einladung annehmen</a>');

    // No account has this address: the owner's saved language is used.
    const toIvan = parseMail(
      (
        await eventually('the Bulgarian invitation', () =>
          received.find((m) => m.to.includes('ivan@nova.example')),
        )
      ).raw,
    );
    expect(toIvan.subject).toBe('Zoë Ørsted ви кани в Hof Ährenfeld в Headland');
    expect(toIvan.text).toContain('с пълен достъп');
    expect(toIvan.html).toContain('<html lang="bg">');
    expect(toIvan.html).toContain('>Приемане на поканата</a>');
  });

  it('records a refused delivery for a retry and reports it', async () => {
    const holding = await createHolding(test.db);
    const owner = await createUser(test.db, { role: Role.Agronomist });
    await addMember(test.db, holding.id, owner.id, { holdingRole: HoldingRole.Owner });
    const ownerHeaders = bearer(await signInToHolding(test.app, owner, holding.id));
    const send = await test.app.inject({
      method: 'POST',
      url: '/api/holdings/v1/invites/send',
      headers: ownerHeaders,
      payload: { email: refusedAddress, accessLevel: InvitationAccessLevel.Full },
    });
    expect(send.statusCode).toBe(200);
    const failure = await eventually('the failed attempt', async () => {
      const [row] = await sqlRows<{ status: string; attempts: number; last_error: string | null }>(
        test.db,
        sql`SELECT status, attempts, last_error FROM mail_outbox WHERE "to" = ${refusedAddress}`,
      );
      return row?.last_error ? row : undefined;
    });
    expect(failure).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failure.last_error).toMatch(/No such mailbox here/);

    // Once every attempt has failed, the invitation list says so.
    await test.db.execute(
      sql`UPDATE mail_outbox SET attempts = 5, next_attempt_at = now() WHERE "to" = ${refusedAddress}`,
    );
    await test.app.mailer.deliverDue();
    const grid = await test.app.inject({
      method: 'GET',
      url: '/api/holdings/v1/permissions',
      headers: ownerHeaders,
    });
    expect(grid.json<PermissionsResponse>().invites[0]!.deliveryStatus).toBe('failed');
  });

  it('serves no outbox page when a mail server is configured', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/outbox' });
    expect(page.statusCode).toBe(404);
  });
});
