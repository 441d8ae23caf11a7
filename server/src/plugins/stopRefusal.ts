import fp from 'fastify-plugin';
import { registerStopRefusal } from '../http/stopping.ts';

/** Once the server is stopping, new requests are answered 503 to retry while those under way finish. */
export const stopRefusal = fp(async (app) => registerStopRefusal(app), { name: 'stop-refusal' });
