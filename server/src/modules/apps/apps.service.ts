import { createHash } from 'node:crypto';
import {
  AppStatus,
  brandOffersApp,
  ConnectionMode,
  emptyOrganisationsMessage,
  firstYearChoices,
  isExternalApp,
  mayUpdateConnection,
  noMachinesMessage,
  requiresOrganisation,
  syncApp,
  type ExternalApp,
} from '@headland/domain/connectedApps';
import type { AvailableApp, Connection, Machine, Organisation } from '@headland/domain/api/appsApi';
import type { Caller } from '../../auth/caller.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/httpErrors.ts';
import * as queries from './apps.queries.ts';
import type { ConnectionRow } from './apps.queries.ts';
import { finishAuthorisation, GrantRefused, refreshTokens, startAuthorisation } from './oauthClient.ts';
import {
  checkBasicCredentials,
  fetchMachines,
  fetchOrganisations,
  ProviderUnavailable,
  type Credential,
} from './providerApi.ts';
import type { AppProvider, AppProviders } from './providers.ts';
import type { SealingKey } from './sealing.ts';

/** What the connected-apps calls work with: the database, the configured apps and the sealing key. */
export interface AppsContext {
  db: Db;
  providers: AppProviders;
  /** Without a key no app is offered: nothing could be stored sealed. */
  key: SealingKey | null;
  /** The connection set of the brand the request came through. */
  brandApps: readonly ExternalApp[];
}

/** An access token this close to its end is refreshed before use. */
const refreshMarginMs = 60_000;

const stateHash = (state: string) => createHash('sha256').update(state).digest('base64url');

const unavailable = () => new HttpError(502, 'appUnavailable');

/** GET available: the configured apps the brand offers, each with the modes it takes. */
export function availableApps(context: AppsContext): { apps: AvailableApp[] } {
  if (!context.key) return { apps: [] };
  const apps = [...context.providers.values()]
    .filter((provider) => brandOffersApp(provider.appId, context.brandApps))
    .sort((a, b) => a.appId - b.appId)
    .map((provider) => ({
      appId: provider.appId,
      modes: provider.modes.filter(
        (mode) => mode !== ConnectionMode.BasicAuth || provider.basicValidateUrl !== null,
      ),
    }));
  return { apps };
}

function offered(context: AppsContext, appId: number): { provider: AppProvider; key: SealingKey } {
  const provider = isExternalApp(appId) ? context.providers.get(appId) : undefined;
  if (!provider || !context.key) throw badRequest('appNotOffered');
  return { provider, key: context.key };
}

export function connectionOf(row: ConnectionRow): Connection {
  return {
    appId: row.app_id,
    connectionId: row.id,
    userId: row.user_id,
    userName: row.user_name,
    status: row.status as AppStatus,
    holding: {
      holdingId: row.holding_id,
      organisation:
        row.organisation_id === null ? null : { id: row.organisation_id, name: row.organisation_name ?? '' },
      config: { firstYear: row.first_year },
    },
  };
}

async function findConnection(context: AppsContext, caller: Caller, id: number): Promise<ConnectionRow> {
  const row = await queries.selectConnection(context.db, caller.holdingId, id);
  if (!row) throw notFound();
  return row;
}

/** The connection, when the caller may change it (§6: its owner, or Admin and above). */
export async function connectionToUpdate(
  context: AppsContext,
  caller: Caller,
  id: number,
): Promise<ConnectionRow> {
  const row = await findConnection(context, caller, id);
  if (!mayUpdateConnection({ userId: caller.actor.userId, role: caller.role }, row.user_id))
    throw forbidden('connectionOwnerOnly');
  return row;
}

/** POST create: the record first; for an OAuth app also the address of the provider's consent page. */
export async function createConnection(
  context: AppsContext,
  caller: Caller,
  appId: number,
): Promise<{ OAuthAuthorizeUri: string | null; connection: Connection }> {
  const { provider, key } = offered(context, appId);
  // A connection starts only for an app the brand offers; one made already keeps working (check, disconnect).
  if (!brandOffersApp(provider.appId, context.brandApps)) throw badRequest('appNotOffered');
  const mode = provider.modes[0]!;
  const authorisation =
    mode === ConnectionMode.OAuth && provider.oauth ? await startAuthorisation(provider.oauth) : null;
  const id = await context.db.transaction(async (tx) => {
    const connectionId = await queries.upsertConnection(tx, {
      appId,
      userId: caller.actor.userId,
      holdingId: caller.holdingId,
      mode,
    });
    await queries.storePendingAuthorisation(
      tx,
      connectionId,
      authorisation ? stateHash(authorisation.state) : null,
      authorisation ? key.seal(connectionId, 'verifier', authorisation.verifier) : null,
    );
    return connectionId;
  });
  return {
    OAuthAuthorizeUri: authorisation?.url ?? null,
    connection: connectionOf(await findConnection(context, caller, id)),
  };
}

/**
 * The provider's redirect back: the state finds the connection (unguessable, kept as a hash), the sealed PKCE
 * verifier goes with the code, and the tokens are stored sealed. A state that matches no connection, or a
 * refused code, leaves every connection as it was.
 */
export async function completeAuthorisation(context: AppsContext, query: URLSearchParams): Promise<boolean> {
  const state = query.get('state');
  if (!state || !context.key) return false;
  const key = context.key;
  return context.db.transaction(async (tx) => {
    const row = await queries.selectByState(tx, stateHash(state));
    const provider = row && isExternalApp(row.app_id) ? context.providers.get(row.app_id) : undefined;
    if (!row || !provider?.oauth || !row.sealed_pkce_verifier) return false;
    const verifier = key.open(row.id, 'verifier', row.sealed_pkce_verifier);
    // The state is spent whatever happens next: a second callback with it finds nothing.
    await queries.storePendingAuthorisation(tx, row.id, null, null);
    if (!verifier || query.has('error') || !query.get('code')) return false;
    try {
      const tokens = await finishAuthorisation(provider.oauth, query, state, verifier);
      await queries.storeTokens(tx, row.id, {
        sealedAccess: key.seal(row.id, 'access', tokens.accessToken),
        sealedRefresh: tokens.refreshToken ? key.seal(row.id, 'refresh', tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt,
      });
      return true;
    } catch (error) {
      if (error instanceof GrantRefused || error instanceof ProviderUnavailable) return false;
      throw error;
    }
  });
}

const expiresSoon = (row: ConnectionRow) =>
  !row.access_expires_at || new Date(row.access_expires_at).getTime() - Date.now() < refreshMarginMs;

/**
 * A new access token, under a lock of the connection's row: of two refreshes at once (two tabs, two servers)
 * the second waits, then finds the token the first stored and uses it, rather than spending the refresh token
 * the first already rotated (which the provider answers by revoking the grant).
 */
async function refreshedAccess(
  context: AppsContext,
  caller: Caller,
  id: number,
  provider: AppProvider,
  key: SealingKey,
) {
  return context.db.transaction(async (tx) => {
    const row = await queries.selectConnection(tx, caller.holdingId, id, true);
    if (!row?.sealed_access_token) return null;
    if (!expiresSoon(row)) return key.open(row.id, 'access', row.sealed_access_token);
    const refresh = row.sealed_refresh_token ? key.open(row.id, 'refresh', row.sealed_refresh_token) : null;
    if (!refresh || !provider.oauth) {
      await queries.markUnauthorised(tx, row.id);
      return null;
    }
    try {
      const tokens = await refreshTokens(provider.oauth, refresh);
      await queries.storeTokens(tx, row.id, {
        sealedAccess: key.seal(row.id, 'access', tokens.accessToken),
        sealedRefresh: tokens.refreshToken ? key.seal(row.id, 'refresh', tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt,
      });
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof GrantRefused) {
        await queries.markUnauthorised(tx, row.id);
        return null;
      }
      throw error;
    }
  });
}

/** How to speak to the provider for this connection, or null when it holds no working credential. */
async function credentialOf(
  context: AppsContext,
  caller: Caller,
  row: ConnectionRow,
  provider: AppProvider,
  key: SealingKey,
): Promise<Credential | null> {
  if (row.mode === ConnectionMode.BasicAuth) {
    const password = row.sealed_password ? key.open(row.id, 'password', row.sealed_password) : null;
    return password && row.basic_user ? { basic: { user: row.basic_user, password } } : null;
  }
  if (!row.sealed_access_token) return null;
  if (!expiresSoon(row)) {
    const access = key.open(row.id, 'access', row.sealed_access_token);
    return access ? { bearer: access } : null;
  }
  const access = await refreshedAccess(context, caller, row.id, provider, key);
  return access ? { bearer: access } : null;
}

/** Asks the provider with the connection's credential; a refused credential marks the connection invalid. */
export async function withProvider<T>(
  context: AppsContext,
  caller: Caller,
  row: ConnectionRow,
  ask: (provider: AppProvider, credential: Credential) => Promise<T | 'unauthorised'>,
): Promise<T | null> {
  const { provider, key } = offered(context, row.app_id);
  const credential = await credentialOf(context, caller, row, provider, key);
  if (!credential) return null;
  try {
    const answer = await ask(provider, credential);
    if (answer !== 'unauthorised') return answer;
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw unavailable();
    throw error;
  }
  await queries.markUnauthorised(context.db, row.id);
  return null;
}

/** The status the provider's answer gives: Ok, or InvalidOrganisation when the chosen one has gone. */
function statusFrom(row: ConnectionRow, organisations: Organisation[] | null): AppStatus {
  if (!organisations) return AppStatus.InvalidConnection;
  if (row.organisation_id && requiresOrganisation(row.app_id as ExternalApp)) {
    return organisations.some((organisation) => organisation.id === row.organisation_id)
      ? AppStatus.Ok
      : AppStatus.InvalidOrganisation;
  }
  return AppStatus.Ok;
}

async function validated(context: AppsContext, caller: Caller, row: ConnectionRow): Promise<Connection> {
  const organisations = await withProvider(context, caller, row, fetchOrganisations);
  const status = statusFrom(row, organisations);
  await queries.setStatus(context.db, row.id, status);
  const fresh = await queries.selectConnection(context.db, caller.holdingId, row.id);
  return connectionOf(fresh ?? { ...row, status });
}

/** GET check: asks the provider whether the connection works, and says its status. */
export async function checkConnection(context: AppsContext, caller: Caller, id: number): Promise<Connection> {
  const row = await findConnection(context, caller, id);
  offered(context, row.app_id);
  return validated(context, caller, row);
}

/** GET get/all: the holding's connections; with validate, each asked again of its provider. */
export async function listConnections(
  context: AppsContext,
  caller: Caller,
  validate: boolean,
): Promise<Connection[]> {
  const rows = await queries.selectConnections(context.db, caller.holdingId);
  if (!validate) return rows.map(connectionOf);
  const answers: Connection[] = [];
  for (const row of rows) {
    const provider = isExternalApp(row.app_id) ? context.providers.get(row.app_id) : undefined;
    if (!provider || !context.key) {
      answers.push(connectionOf(row));
      continue;
    }
    try {
      answers.push(await validated(context, caller, row));
    } catch (error) {
      // One provider that does not answer leaves its connection's status as it was, not the whole list failed.
      if (error instanceof HttpError && error.statusCode === 502) answers.push(connectionOf(row));
      else throw error;
    }
  }
  return answers;
}

const isHalfMade = (row: ConnectionRow) =>
  !row.sealed_access_token && !row.sealed_refresh_token && !row.sealed_password;

/** POST cancel: removes a connection that was never completed. */
export async function cancelConnection(
  context: AppsContext,
  caller: Caller,
  id: number,
): Promise<{ connectionId: number }> {
  const row = await connectionToUpdate(context, caller, id);
  if (!isHalfMade(row)) throw badRequest('connectionNotPending');
  await queries.deleteConnection(context.db, row.id);
  return { connectionId: row.id };
}

/**
 * POST disconnect: deletes the connection. No data is brought in from apps yet (storage and sync come later),
 * so `deleteData` has nothing more to delete.
 */
export async function disconnectConnection(
  context: AppsContext,
  caller: Caller,
  id: number,
): Promise<{ connectionId: number }> {
  const row = await connectionToUpdate(context, caller, id);
  await queries.deleteConnection(context.db, row.id);
  return { connectionId: row.id };
}

/** POST validate/basic: the provider checks user and password; only a good pair is stored (sealed). */
export async function validateBasic(
  context: AppsContext,
  caller: Caller,
  body: { connectionId: number; user: string; password: string },
): Promise<boolean> {
  const row = await connectionToUpdate(context, caller, body.connectionId);
  const { provider, key } = offered(context, row.app_id);
  if (!provider.modes.includes(ConnectionMode.BasicAuth) || !provider.basicValidateUrl)
    throw badRequest('connectionNotBasic');
  let valid: boolean;
  try {
    valid = await checkBasicCredentials(provider.basicValidateUrl, body.user, body.password);
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw unavailable();
    throw error;
  }
  if (valid)
    await queries.storeBasicCredentials(
      context.db,
      row.id,
      body.user,
      key.seal(row.id, 'password', body.password),
    );
  return valid;
}

type Say = (key: string) => string;

/** GET config: the account's organisations, the chosen one and the configuration. */
export async function connectionConfig(context: AppsContext, caller: Caller, id: number, say: Say) {
  const row = await connectionToUpdate(context, caller, id);
  const organisations = await withProvider(context, caller, row, fetchOrganisations);
  if (!organisations) throw badRequest('connectionNotWorking');
  return {
    organisations,
    org: row.organisation_id === null ? null : { id: row.organisation_id, name: row.organisation_name ?? '' },
    config: { firstYear: row.first_year },
    message: organisations.length ? null : say(emptyOrganisationsMessage(row.app_id as ExternalApp)),
  };
}

/** POST config: chooses the organisation (one of the account's) and, for the sync app, the first year. */
export async function saveConfig(
  context: AppsContext,
  caller: Caller,
  body: { connectionId: number; org: string; orgName: string; config?: { firstYear?: number | null } },
): Promise<Connection> {
  const row = await connectionToUpdate(context, caller, body.connectionId);
  let firstYear: number | null = null;
  if (row.app_id === syncApp) {
    const choices = firstYearChoices(await queries.holdingYears(context.db, caller.holdingId));
    firstYear = body.config?.firstYear ?? null;
    if (firstYear !== null && !choices.includes(firstYear))
      throw badRequest('firstYearOutOfRange', { min: choices[0]!, max: choices.at(-1)! });
  }
  const organisations = await withProvider(context, caller, row, fetchOrganisations);
  if (!organisations) throw badRequest('connectionNotWorking');
  const organisation = organisations.find((item) => item.id === body.org);
  if (!organisation) throw badRequest('organisationNotOfAccount');
  // The provider's name is kept: the one sent is what the dialog showed, the provider's is the truth.
  await queries.storeOrganisation(context.db, row.id, organisation, firstYear, AppStatus.Ok);
  return connectionOf(await findConnection(context, caller, row.id));
}

/**
 * GET machines: the machines of an organisation. Its owner or an Admin may ask for any organisation of the
 * account; other users of the holding only for the organisation chosen for it.
 */
export async function connectionMachines(
  context: AppsContext,
  caller: Caller,
  id: number,
  organisationId: string,
  say: Say,
): Promise<{ machines: Machine[]; message: string | null }> {
  const row = await findConnection(context, caller, id);
  const mayUpdate = mayUpdateConnection({ userId: caller.actor.userId, role: caller.role }, row.user_id);
  if (!mayUpdate && organisationId !== row.organisation_id) throw forbidden('connectionOwnerOnly');
  const machines = await withProvider(context, caller, row, async (provider, credential) => {
    const answer = await fetchMachines(provider, credential, organisationId);
    return answer === 'notFound' ? ('notFound' as const) : answer;
  });
  if (machines === null) throw badRequest('connectionNotWorking');
  if (machines === 'notFound') throw badRequest('organisationNotOfAccount');
  return { machines, message: machines.length ? null : say(noMachinesMessage) };
}
