import { AppStatus, ConnectionMode, ExternalApp } from './enumerations.ts';
import { isAdminOrHigher, type Role } from './roles.ts';

// The spec's numbering lives once, in enumerations.ts (§3 Enumerations); the connection rules build on it.
export { AppStatus, ConnectionMode, ExternalApp };
export const externalApps: readonly ExternalApp[] = Object.values(ExternalApp);

/** The apps' own names, shown as each maker writes them in every language. */
export const appNames: Readonly<Record<ExternalApp, string>> = {
  [ExternalApp.OmniaConnect]: 'OmniaConnect',
  [ExternalApp.Dropbox]: 'Dropbox',
  [ExternalApp.iSoyl]: 'iSoyl',
  [ExternalApp.JohnDeere]: 'John Deere Operations Center',
  [ExternalApp.Claas]: 'CLAAS',
  [ExternalApp.FieldView]: 'Climate FieldView',
  [ExternalApp.Glgm]: 'GLGM',
};

/** An app's own name; an id this version does not know is shown as its number. */
export function appName(appId: number): string {
  return isExternalApp(appId) ? appNames[appId] : `#${appId}`;
}

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

/**
 * Whether a brand offers an app: the brand's own connection set (session-shell-connections, brands), and on every
 * brand the reference provider that ships with Headland, which a deployment turns on only deliberately.
 */
export function brandOffersApp(appId: ExternalApp, brandConnections: readonly ExternalApp[]): boolean {
  return appId === ExternalApp.OmniaConnect || brandConnections.includes(appId);
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
