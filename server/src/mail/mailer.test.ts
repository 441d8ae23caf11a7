import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { sqlRows } from '../db/sqlRows.ts';
import { createMailer, queueMail, type MailLog, type MailTransport, type OutgoingMail } from './mailer.ts';
import { linksOf, renderOutboxPage } from './outboxPage.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

let count = 0;
function message(): OutgoingMail {
  count += 1;
  return {
    to: `reader-${count}@farm.example`,
    subject: `Message ${count}`,
    text: `Open https://headland.example/?invite=abc${count} now.`,
    html: '<p>Open</p>',
  };
}

/** A transport that fails its first `failures` sends, recording every message it is handed. */
function flakyTransport(failures: number): MailTransport & { delivered: OutgoingMail[]; tries: number } {
  const transport = {
    kind: 'smtp' as const,
    delivered: [] as OutgoingMail[],
    tries: 0,
    async send(mail: OutgoingMail) {
      transport.tries += 1;
      if (transport.tries <= failures) throw new Error(`451 mailbox busy (try ${transport.tries})`);
      transport.delivered.push(mail);
    },
    close() {},
  };
  return transport;
}

function recordingLog(): MailLog & { warnings: object[]; errors: object[] } {
  const log = {
    warnings: [] as object[],
    errors: [] as object[],
    warn: (details: object) => log.warnings.push(details),
    error: (details: object) => log.errors.push(details),
  };
  return log;
}

async function stateOf(id: string) {
  const [row] = await sqlRows<{ status: string; attempts: number; last_error: string | null; sent: boolean }>(
    database.db,
    sql`SELECT status, attempts, last_error, sent_at IS NOT NULL AS sent FROM mail_outbox WHERE id = ${id}`,
  );
  return row!;
}

/** Clears what earlier tests left queued, so that each test sees only its own messages. */
async function clearOutbox(): Promise<void> {
  await database.db.execute(sql`DELETE FROM mail_outbox`);
}

describe('the outbox sender', () => {
  it('sends a queued message once', async () => {
    await clearOutbox();
    const transport = flakyTransport(0);
    const mailer = createMailer({ db: database.db, transport, log: recordingLog() });
    const id = await queueMail(database.db, message());
    expect(await mailer.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await stateOf(id)).toEqual({ status: 'sent', attempts: 1, last_error: null, sent: true });
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport.delivered).toHaveLength(1);
  });

  it('retries a failed message after its delay, then gives up and reports it', async () => {
    await clearOutbox();
    const log = recordingLog();
    const transport = flakyTransport(10);
    const mailer = createMailer({ db: database.db, transport, log, retryDelaysMs: [0, 0] });
    const id = await queueMail(database.db, message());

    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await stateOf(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: '451 mailbox busy (try 1)',
    });
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await stateOf(id)).toEqual({
      status: 'failed',
      attempts: 3,
      last_error: '451 mailbox busy (try 3)',
      sent: false,
    });
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(log.warnings).toHaveLength(2);
    expect(log.errors).toEqual([expect.objectContaining({ mailId: id, attempts: 3 })]);
  });

  it('waits for the retry delay before trying again', async () => {
    await clearOutbox();
    const transport = flakyTransport(1);
    const mailer = createMailer({ db: database.db, transport, log: recordingLog(), retryDelaysMs: [60_000] });
    const id = await queueMail(database.db, message());
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    // Once the delay has passed the message goes out.
    await database.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = ${id}`);
    expect(await mailer.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await stateOf(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('delivers every due message in rounds of the batch size', async () => {
    await clearOutbox();
    const transport = flakyTransport(0);
    const mailer = createMailer({ db: database.db, transport, log: recordingLog(), batchSize: 2 });
    for (let index = 0; index < 5; index += 1) await queueMail(database.db, message());
    expect(await mailer.deliverDue()).toEqual({ sent: 5, retrying: 0, failed: 0 });
    expect(new Set(transport.delivered.map((mail) => mail.to)).size).toBe(5);
  });

  it('runs as a loop that a new message wakes', async () => {
    await clearOutbox();
    const transport = flakyTransport(0);
    const mailer = createMailer({ db: database.db, transport, log: recordingLog(), pollMs: 3_600_000 });
    mailer.start();
    try {
      const id = await queueMail(database.db, message());
      mailer.wake();
      for (let waited = 0; (await stateOf(id)).status !== 'sent'; waited += 50) {
        if (waited > 10_000) throw new Error('the loop did not deliver the message');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(transport.delivered).toHaveLength(1);
    } finally {
      await mailer.stop();
    }
  });
});

describe('the outbox page', () => {
  it('escapes what messages say and makes their links clickable', () => {
    const page = renderOutboxPage(
      [
        {
          id: '1',
          to: 'a@farm.example',
          subject: '<script>alert(1)</script>',
          text: 'Go to https://headland.example/?invite=a%2Bb%3D&x=1 today',
          status: 'sent',
          attempts: 1,
          created_at: new Date('2025-03-01T10:00:00Z'),
          sent_at: null,
        },
      ],
      'Headland',
    );
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('<a href="https://headland.example/?invite=a%2Bb%3D&amp;x=1">');
  });

  it.each([
    ['no link', 'Hello', []],
    ['one link twice', 'http://a.example/x and http://a.example/x', ['http://a.example/x']],
    [
      'two links',
      'https://a.example/1\nhttps://b.example/2.',
      ['https://a.example/1', 'https://b.example/2.'],
    ],
  ])('finds the links of a message with %s', (_, text, links) => {
    expect(linksOf(text)).toEqual(links);
  });
});
