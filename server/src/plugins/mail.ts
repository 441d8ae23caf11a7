import fp from 'fastify-plugin';
import { registerMail } from '../mail/mail.routes.ts';

/** Outgoing mail on the root app (any area may queue messages), and the local outbox page without SMTP. */
export const mail = fp(async (app) => registerMail(app), { name: 'mail' });
