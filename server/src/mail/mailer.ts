import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';
import {
  claimDueMail,
  markMailFailed,
  markMailRetry,
  markMailSent,
  type ClaimedMail,
} from './mailOutbox.queries.ts';

/** One e-mail as the application writes it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Writes a message to the outbox. Call it with the transaction of the change that causes the message: the
 * message then exists exactly when the change does, and the sender delivers it afterwards.
 */
export async function queueMail(tx: Db, mail: OutgoingMail): Promise<string> {
  const [row] = await tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!.id;
}

/** Where queued messages go. */
export interface MailTransport {
  /** 'smtp' sends through a mail server; 'outbox' keeps messages in the outbox page only. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// Without limits a mail server that accepts a connection and then stalls would hold the sender for minutes.
const defaultSmtpOptions = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Sends through the mail server of an smtp:// or smtps:// URL (user and password in the URL; nodemailer's
 * options as query parameters). A `from` query parameter sets the sender, else `defaultFrom`.
 */
export function smtpTransport(smtpUrl: string, defaultFrom: string): MailTransport {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from') || defaultFrom;
  url.searchParams.delete('from');
  for (const [key, value] of Object.entries(defaultSmtpOptions)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transporter.close(),
  };
}

/** Without a mail server a message is delivered by being listed on the local outbox page. */
export const outboxTransport: MailTransport = {
  kind: 'outbox',
  async send() {},
  close() {},
};

/** The sender address used when the SMTP URL names none: no-reply at the host of the public address. */
export function defaultFromAddress(publicUrl: string, productName: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `"${productName.replaceAll('"', '')}" <no-reply@${host}>`;
}

export interface MailLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailerOptions {
  db: Db;
  transport: MailTransport;
  log: MailLog;
  /** How often the loop looks for due messages. */
  pollMs?: number;
  /** Waits after the 1st, 2nd … failed attempt; one more attempt than waits is made before giving up. */
  retryDelaysMs?: readonly number[];
  /** Messages claimed per round. */
  batchSize?: number;
}

export interface DeliveryRound {
  sent: number;
  retrying: number;
  failed: number;
}

/** The outbox sender: delivers due messages now (`deliverDue`) or in a loop while the server listens. */
export interface Mailer {
  readonly transport: MailTransport;
  deliverDue(): Promise<DeliveryRound>;
  /** Starts the loop; it runs one round at once and then every `pollMs`. */
  start(): void;
  /** Asks a running loop for a round now, e.g. right after a message was queued. */
  wake(): void;
  /** Stops the loop and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Five attempts: at once, then after 1, 5, 15 and 60 minutes. */
export const defaultRetryDelaysMs: readonly number[] = [60_000, 300_000, 900_000, 3_600_000];

export function createMailer(options: MailerOptions): Mailer {
  const { db, transport, log } = options;
  const pollMs = options.pollMs ?? 30_000;
  const retryDelaysMs = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const maxAttempts = retryDelaysMs.length + 1;
  const batchSize = options.batchSize ?? 20;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<unknown> | null = null;
  let again = false;

  async function deliverOne(mail: ClaimedMail, totals: DeliveryRound): Promise<void> {
    try {
      await transport.send(mail);
      await markMailSent(db, mail.id);
      totals.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= maxAttempts) {
        await markMailFailed(db, mail.id, reason);
        log.error(
          { mailId: mail.id, to: mail.to, attempts: mail.attempts, reason },
          'e-mail could not be sent',
        );
        totals.failed += 1;
      } else {
        const delayMs = retryDelaysMs[mail.attempts - 1] ?? retryDelaysMs.at(-1) ?? 60_000;
        await markMailRetry(db, mail.id, reason, delayMs);
        log.warn(
          { mailId: mail.id, to: mail.to, attempts: mail.attempts, reason },
          'e-mail sending will be retried',
        );
        totals.retrying += 1;
      }
    }
  }

  async function deliverDue(): Promise<DeliveryRound> {
    const totals: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const batch = await claimDueMail(db, batchSize);
      for (const mail of batch) await deliverOne(mail, totals);
      if (batch.length < batchSize) return totals;
    }
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick(): void {
    timer = null;
    if (!running) return;
    if (round) {
      again = true;
      return;
    }
    round = deliverDue()
      .catch((error: unknown) => log.error({ err: error }, 'the mail outbox could not be read'))
      .finally(() => {
        round = null;
        if (again) {
          again = false;
          schedule(0);
        } else {
          schedule(pollMs);
        }
      });
  }

  return {
    transport,
    deliverDue,
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    wake() {
      if (round) again = true;
      else schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await round;
      transport.close();
    },
  };
}
