import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { parseMail } from '../../server/src/testing/mimeMessage.ts';
import { stepTimeoutMs } from './loginPage.ts';

/** A message as the local mail server received it, with its text decoded. */
export interface CaughtMail {
  to: string[];
  raw: string;
  /** The plain-text part, decoded: links read whole. */
  decoded: string;
}

export interface MailCatcher {
  readonly messages: readonly CaughtMail[];
  /** Waits for a message to `to` whose decoded text matches `pattern`; answers the first such. */
  waitFor(to: string, pattern?: RegExp, timeoutMs?: number): Promise<CaughtMail>;
}

/** The links of a caught message, first one first. */
export function linksIn(mail: CaughtMail): string[] {
  return [...new Set(mail.decoded.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

/**
 * A local SMTP server for the test file, started in beforeAll before the app's server (register it first):
 * it sets `env.SMTP_URL` so that the app sends its mail there, as it would to a real mail server.
 */
export function useMailCatcher(env: Record<string, string>): MailCatcher {
  const messages: CaughtMail[] = [];
  let server: SMTPServer | undefined;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          messages.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            raw,
            decoded: parseMail(raw).text ?? '',
          });
          callback();
        });
      },
    });
    const smtp = server;
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    const smtp = server;
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return {
    messages,
    async waitFor(to, pattern, timeoutMs = stepTimeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (mail) => mail.to.includes(to.toLowerCase()) && (!pattern || pattern.test(mail.decoded)),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}
