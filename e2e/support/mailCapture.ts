import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { parseMail, type ParsedMail } from '../../server/src/testing/mimeMessage.ts';

/** A message the local mail server accepted, read back. */
export interface CapturedMail extends ParsedMail {
  to: string[];
}

/** The links of a message's plain-text part, first one first. */
export function linksIn(mail: CapturedMail): string[] {
  return [...new Set(mail.text?.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

export interface MailCapture {
  /** The SMTP_URL the app under test sends through; set once the file's hooks have run. */
  readonly env: Record<string, string>;
  /** Every message accepted so far, oldest first. */
  readonly messages: readonly CapturedMail[];
  /** Waits for the first message to `address` (case-insensitive) that `matches` accepts. */
  waitFor(
    address: string,
    matches?: (mail: CapturedMail) => boolean,
    timeoutMs?: number,
  ): Promise<CapturedMail>;
}

/**
 * A real SMTP server on a free local port for the file's tests, started before the app's server (register it
 * before `useAppPages`, and pass its `env` to it) so that the app sends its e-mail there.
 */
export function useMailCapture(): MailCapture {
  const env: Record<string, string> = {};
  const messages: CapturedMail[] = [];
  let smtp: SMTPServer | undefined;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          messages.push({
            ...parseMail(Buffer.concat(chunks).toString('utf8')),
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
    env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });
  return {
    env,
    messages,
    async waitFor(address, matches = () => true, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((mail) => mail.to.includes(address.toLowerCase()) && matches(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
