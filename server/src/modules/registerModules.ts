import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { wantsReferenceProvider } from '../config.ts';
import { appsRoutes } from './apps/apps.routes.ts';
import { storageRoutes } from './apps/storage.routes.ts';
import { appProviders, referenceClient } from './apps/providers.ts';
import { SealingKey } from './apps/sealing.ts';
import { referenceProviderRoutes } from './referenceProvider/referenceProvider.routes.ts';
import { basemapsRoutes } from './basemaps/basemaps.routes.ts';
import { brandRoutes } from './brand/brand.routes.ts';
import { boundaryImportRoutes } from './boundaryImport/boundaryImport.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { croppingsRoutes } from './croppings/croppings.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { exportsRoutes } from './exports/exports.routes.ts';
import { importsRoutes } from './imports/imports.routes.ts';
import { fieldsRoutes } from './fields/fields.routes.ts';
import { fieldTilesRoutes } from './fields/tiles/fieldTiles.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { holdingsRoutes } from './holdings/holdings.routes.ts';
import { holdingTransferRoutes } from './holdingTransfer/holdingTransfer.routes.ts';
import { migrationRoutes } from './migration/migration.routes.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { userRoutes } from './user/user.routes.ts';
import { holdingValidationRoutes } from './validation/holdingValidation.routes.ts';
import { registerLive } from './live/live.routes.ts';
import { invitationsRoutes } from './invitations/invitations.routes.ts';
import { intlRoutes } from './intl/intl.routes.ts';
import { layersRoutes } from './layers/layers.routes.ts';
import { prescriptionsRoutes } from './prescriptions/prescriptions.routes.ts';
import { partnersRoutes } from './partners/partners.routes.ts';
import { permissionsRoutes } from './permissions/permissions.routes.ts';
import { sharedDataRoutes } from './sharedData/sharedData.routes.ts';
import { signupRoutes } from './signup/signup.routes.ts';

/** Every area's routes. Each area registers its own plugin here. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(brandRoutes);
  await app.register(sessionRoutes, { bingMapsKey: app.deps.config.bingMapsKey });
  await app.register(userRoutes);
  await app.register(settingsRoutes);
  await app.register(fieldsRoutes);
  await app.register(fieldTilesRoutes);
  await app.register(croppingsRoutes);
  await app.register(sharedDataRoutes);
  await app.register(holdingValidationRoutes);
  await app.register(dashboardRoutes);
  await app.register(boundaryImportRoutes);
  await app.register(holdingsRoutes);
  await app.register(holdingTransferRoutes);
  await app.register(exportsRoutes);
  await app.register(importsRoutes);
  await app.register(migrationRoutes);
  await app.register(permissionsRoutes);
  await app.register(invitationsRoutes);
  await app.register(signupRoutes);
  await app.register(documentsRoutes);
  await app.register(intlRoutes);
  await app.register(layersRoutes);
  await app.register(basemapsRoutes);
  await app.register(prescriptionsRoutes);
  await app.register(partnersRoutes);
  await registerConnectedApps(app);
  // On the root app: its maintenance check covers every route; it invalidates the caller cache and kept lists.
  await registerLive(app);
}

/**
 * Connected apps and, when configured, the reference provider. The provider knows this server as its one
 * client, with a secret made anew on every start (both ends live in this process).
 */
async function registerConnectedApps(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const reference = wantsReferenceProvider(config)
    ? referenceClient(config, randomBytes(32).toString('base64url'))
    : null;
  if (reference) await app.register(referenceProviderRoutes, { client: reference });
  const connections = {
    providers: appProviders(config, reference),
    key: config.connectionSealingKey ? new SealingKey(config.connectionSealingKey) : null,
  };
  await app.register(appsRoutes, connections);
  await app.register(storageRoutes, connections);
}
