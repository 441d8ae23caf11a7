import { ConnectionMode, ExternalApp } from '@headland/domain/connectedApps';
import { appsRoutes } from '@headland/domain/api/appsApi';
import type { ServerConfig } from '../../config.ts';
import {
  referenceProviderPrefix,
  type ReferenceClient,
} from '../referenceProvider/referenceProvider.service.ts';

/** How Headland reaches one app's authorisation server. */
export interface OAuthSettings {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  redirectUri: string;
}

/**
 * One configured app: its connection modes (the first is the one `create` starts), its authorisation server,
 * its basic-connection check and its organisations and machines API. An app without configuration is not
 * offered (issue 22 part 1).
 */
export interface AppProvider {
  appId: ExternalApp;
  modes: readonly ConnectionMode[];
  oauth: OAuthSettings | null;
  basicValidateUrl: string | null;
  organisationsUrl: string;
  machinesUrl: (organisationId: string) => string;
  /** The account's file store, for an app that has one: a folder's entries, and a file's bytes. */
  files: { folderUrl: (path: string) => string; contentUrl: (path: string) => string } | null;
}

export type AppProviders = ReadonlyMap<ExternalApp, AppProvider>;

/** Where a provider sends the browser back: the same for every app, the state tells the connection. */
export const callbackUrl = (config: Pick<ServerConfig, 'publicUrl'>) =>
  new URL(appsRoutes.callback, config.publicUrl).toString();

/** The client registration of this server at its own reference provider: a new secret on every start. */
export function referenceClient(config: Pick<ServerConfig, 'publicUrl'>, secret: string): ReferenceClient {
  return { clientId: 'headland', clientSecret: secret, redirectUri: callbackUrl(config) };
}

/** The apps this server offers, from its configuration. */
export function appProviders(
  config: Pick<ServerConfig, 'publicUrl' | 'referenceProviderUrl'>,
  reference: ReferenceClient | null,
): AppProviders {
  const providers = new Map<ExternalApp, AppProvider>();
  if (reference) {
    const base = (
      config.referenceProviderUrl ?? new URL(referenceProviderPrefix, config.publicUrl).toString()
    ).replace(/\/+$/, '');
    providers.set(ExternalApp.OmniaConnect, {
      appId: ExternalApp.OmniaConnect,
      modes: [ConnectionMode.OAuth, ConnectionMode.BasicAuth],
      oauth: {
        issuer: base,
        authorizationEndpoint: `${base}/oauth/authorize`,
        tokenEndpoint: `${base}/oauth/token`,
        clientId: reference.clientId,
        clientSecret: reference.clientSecret,
        scope: 'organisations machines',
        redirectUri: reference.redirectUri,
      },
      basicValidateUrl: `${base}/api/basic/validate`,
      organisationsUrl: `${base}/api/organizations`,
      machinesUrl: (organisationId) =>
        `${base}/api/organizations/${encodeURIComponent(organisationId)}/machines`,
      files: {
        folderUrl: (path) => `${base}/api/files?path=${encodeURIComponent(path)}`,
        contentUrl: (path) => `${base}/api/files/content?path=${encodeURIComponent(path)}`,
      },
    });
  }
  return providers;
}
