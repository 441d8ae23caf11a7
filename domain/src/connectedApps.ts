import { isAdminOrHigher, type Role } from './roles.ts';

/** The external apps by the spec's ids (session-shell-connections §3 Enumerations). */
export const ExternalApp = {
  OmniaConnect: 1,
  Dropbox: 100,
  ISoyl: 101,
  JohnDeere: 200,
  Claas: 210,
  FieldView: 220,
  Glgm: 301,
} as const;
export type ExternalApp = (typeof ExternalApp)[keyof typeof ExternalApp];
export const externalApps: readonly ExternalApp[] = Object.values(ExternalApp);

export const AppStatus = { Ok: 0, InvalidConnection: 1, InvalidOrganisation: 2 } as const;
export type AppStatus = (typeof AppStatus)[keyof typeof AppStatus];

export const ConnectionMode = { OAuth: 1, BasicAuth: 2 } as const;
export type ConnectionMode = (typeof ConnectionMode)[keyof typeof ConnectionMode];

/** The farm-management sync app: its organisations are sites, and it keeps a first year (§4 App connection). */
export const syncApp: ExternalApp = ExternalApp.Glgm;

/**
 * Apps whose data belongs to an organisation chosen after connecting (machinery accounts, the sync app's
 * sites, the reference provider). A file store or a soil-mapping account has none.
 */
const organisationApps: ReadonlySet<ExternalApp> = new Set([
  ExternalApp.OmniaConnect,
  ExternalApp.JohnDeere,
  ExternalApp.Claas,
  ExternalApp.FieldView,
  ExternalApp.Glgm,
]);

export function requiresOrganisation(appId: ExternalApp): boolean {
  return organisationApps.has(appId);
}

export function isExternalApp(value: number): value is ExternalApp {
  return (externalApps as readonly number[]).includes(value);
}

/**
 * A connection is invalid when its status is not Ok, or when it is Ok but its app needs an organisation and
 * none is chosen (§4 App connection).
 */
export function isConnectionInvalid(connection: {
  appId: ExternalApp;
  status: AppStatus;
  organisationId: string | null;
}): boolean {
  if (connection.status !== AppStatus.Ok) return true;
  return requiresOrganisation(connection.appId) && !connection.organisationId;
}

/** Only the connection's owner or a user at Admin level or above may change it (§6). */
export function mayUpdateConnection(caller: { userId: number; role: Role }, ownerId: number): boolean {
  return caller.userId === ownerId || isAdminOrHigher(caller.role);
}

/** The sync app's first-year choices run from 2010 to the holding's latest year (§4 App connection). */
export const firstSyncYear = 2010;

export function firstYearChoices(holdingYears: readonly number[]): number[] {
  const latest = Math.max(firstSyncYear, ...holdingYears);
  return Array.from({ length: latest - firstSyncYear + 1 }, (_, index) => firstSyncYear + index);
}

/** The default first year: the holding's earliest year, within the choices. */
export function defaultFirstYear(holdingYears: readonly number[]): number {
  const earliest = holdingYears.length ? Math.min(...holdingYears) : firstSyncYear;
  return Math.max(firstSyncYear, earliest);
}

/** The §8 messages of the connected apps, as text keys of the `apps` area of the translations. */
export function emptyOrganisationsMessage(appId: ExternalApp): 'apps.noSitesSync' | 'apps.noSites' {
  return appId === syncApp ? 'apps.noSitesSync' : 'apps.noSites';
}
export const noMachinesMessage = 'apps.noMachines';

/** Connection poll and first revalidation (§9), for the client. */
export const connectionPollMs = 5000;
export const firstRevalidationMs = 2000;
