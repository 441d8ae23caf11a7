import { notFound } from '../http/httpErrors.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brands } from '@headland/domain/brands';
import { latestMail } from './mailOutbox.queries.ts';
import {
  createMailer,
  defaultFromAddress,
  outboxTransport,
  smtpTransport,
  type Mailer,
  type MailerOptions,
} from './mailer.ts';
import { renderOutboxPage } from './outboxPage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox sender; queue messages with queueMail inside a transaction, then call `wake()`. */
    mailer: Mailer;
  }
}

/** Messages listed on the local outbox page. */
const outboxPageSize = 200;

/**
 * Sets up outgoing mail on the root app (every area may send): the sender runs while the server listens, and
 * without SMTP_URL the local outbox page `GET /outbox` lists what would have been sent.
 */
export function registerMail(app: FastifyInstance, options: Partial<MailerOptions> = {}): void {
  const { config, database } = app.deps;
  const productName = brands[config.brand ?? 'main'].name;
  const transport =
    options.transport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, defaultFromAddress(config.publicUrl, productName))
      : outboxTransport);
  const mailer = createMailer({ db: database.db, log: app.log, ...options, transport });
  app.decorate('mailer', mailer);
  app.addHook('onListen', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());

  // The messages carry links that sign in, join holdings and confirm addresses, so the page exists only where
  // no real mail is sent (a local installation) and answers only the person at this machine.
  if (transport.kind === 'outbox') {
    app.get('/outbox', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!isLocalRequest(request)) {
        throw notFound('routeNotFound', { method: 'GET', path: '/outbox' });
      }
      const rows = await latestMail(database.db, outboxPageSize);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(renderOutboxPage(rows, productName));
    });
  }
}

/** Headers a proxy adds when it relays someone else's request. */
const relayHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'];

/** Whether an address of the connection is this machine's loopback (IPv4 127/8, IPv6 ::1, or mapped). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * A request made at this machine: its connection comes from loopback (the socket's address, never a header,
 * whatever TRUST_PROXY says) and no proxy relayed it, for a proxy on this machine connects from loopback on
 * behalf of anyone else.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  return relayHeaders.every((name) => request.headers[name] === undefined);
}
