import fp from 'fastify-plugin';
import { registerCompression } from '../http/compression.ts';

/** Large JSON answers gzipped for clients that accept it. */
export const compression = fp(async (app) => registerCompression(app), { name: 'compression' });
