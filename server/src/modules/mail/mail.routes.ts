import type { FastifyInstance } from 'fastify';
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

  // Anyone reaching the server could read these messages, so the page exists only where no real mail is sent:
  // a local installation.
  if (transport.kind === 'outbox') {
    app.get('/outbox', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      const rows = await latestMail(database.db, outboxPageSize);
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(rows, productName));
    });
  }
}
