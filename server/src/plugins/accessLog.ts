import fp from 'fastify-plugin';
import { registerAccessLog } from '../http/logging.ts';

/** One log line per answer, and the request id on every answer. */
export const accessLog = fp(async (app) => registerAccessLog(app), { name: 'access-log' });
