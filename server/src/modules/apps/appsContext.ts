import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brands } from '@headland/domain/brands';
import { requestBrand } from '../../auth/accessHook.ts';
import type { AppsContext } from './apps.service.ts';
import type { AppProviders } from './providers.ts';
import type { SealingKey } from './sealing.ts';

/** What the connected-apps routes are registered with: the configured apps and the sealing key. */
export interface AppsOptions {
  providers: AppProviders;
  key: SealingKey | null;
}

/** The context of one request: the database, the apps, the key, and the connection set of its brand. */
export function appsContextOf(app: FastifyInstance, options: AppsOptions) {
  return (request: FastifyRequest): AppsContext => ({
    db: app.deps.database.db,
    providers: options.providers,
    key: options.key,
    brandApps: brands[requestBrand(request)].connections,
  });
}
