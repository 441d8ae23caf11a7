import fp from 'fastify-plugin';
import { registerRequestLimits } from '../http/requestLimits.ts';

/** Request validation and the JSON limits; registered before any route so that every route compiles with it. */
export const requestLimits = fp(async (app) => registerRequestLimits(app), { name: 'request-limits' });
