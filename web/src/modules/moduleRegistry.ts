import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { routeSegment, type MenuItem } from '@headland/domain/menu';
import type { ApiClient } from '../shell/http/apiClient.ts';
import type { DataService } from '../shell/live/dataRefresh.ts';
import { appsModule } from './apps/appsModule.ts';
import { dashboardModule } from './dashboard/dashboardModule.ts';
import { datalayersModule } from './datalayers/datalayersModule.ts';
import { documentsModule } from './documents/documentsModule.ts';
import { exportsModule } from './exports/exportsModule.ts';
import { importsModule } from './imports/importsModule.ts';
import { prescriptionsModule } from './prescriptions/prescriptionsModule.ts';
import { fieldsModule } from './fields/fieldsModule.ts';
import { holdingsModule } from './holdings/holdingsModule.ts';
import type { ModuleEntry, PrefetchAt, UserMenuContribution } from './moduleEntry.ts';
import { permissionsModule } from './permissions/permissionsModule.ts';
import { partnersModule } from './partners/partnersModule.ts';

export type { ModuleEntry, UserMenuContribution } from './moduleEntry.ts';

/**
 * Every web module, each by its one entry (see `ModuleEntry`). The shell reads modules only through this file.
 * The order is the user menu's order of the modules' entries.
 */
export const moduleEntries: readonly ModuleEntry[] = [
  dashboardModule,
  fieldsModule,
  datalayersModule,
  permissionsModule,
  appsModule,
  holdingsModule,
  partnersModule,
  documentsModule,
  importsModule,
  exportsModule,
  prescriptionsModule,
];

export type ModulePage = LazyExoticComponent<ComponentType>;

/** A route of a module's screen, with the main-menu entry that must be visible for it to open. */
export interface ModuleRoute {
  pattern: string;
  Page: ModulePage;
  mainMenuItem: MenuItem | undefined;
}

/**
 * Each module route with its screen. Each screen is loaded on demand, so a module's code (and the map libraries
 * it pulls in) is fetched only when it is opened. A route of domain/menu.ts without a module here leads to the
 * dashboard; its menu entry is hidden by the brand's module switches until the module exists.
 */
export const moduleRoutes: readonly ModuleRoute[] = moduleEntries.flatMap((entry) => {
  if (!entry.loadPage) return [];
  const Page = lazy(entry.loadPage);
  return entry.routes.map((pattern) => ({ pattern, Page, mainMenuItem: entry.mainMenuItem }));
});

/** The module whose screen is at `pathname` (by its first segment), if any. */
export function moduleAt(pathname: string): ModuleEntry | undefined {
  const segment = routeSegment(pathname);
  return moduleEntries.find((entry) => entry.routes.some((pattern) => routeSegment(pattern) === segment));
}

/**
 * Starts loading the code of the screen at `pathname`, when it has one, as the page starts: it then arrives and
 * is compiled while the session is restored, instead of after. The map's code is half a megabyte, and on the
 * embedded database its request would otherwise wait behind the fields list the server is building. The screen's
 * own lazy load takes the same module when it renders, and reports a failure then.
 */
export function preloadModulePage(pathname: string): void {
  moduleAt(pathname)
    ?.loadPage?.()
    .catch(() => undefined);
}

/** Starts loading the data the screen at `pathname` opens on, when its module prefetches any. */
export function prefetchModuleData(
  queryClient: QueryClient,
  api: ApiClient,
  at: PrefetchAt & { pathname: string },
): void {
  moduleAt(at.pathname)?.prefetch?.(queryClient, api, { holdingId: at.holdingId, yearId: at.yearId });
}

const userMenuHooks = moduleEntries.flatMap((entry) =>
  entry.useUserMenu ? [{ id: entry.id, useUserMenu: entry.useUserMenu }] : [],
);

/**
 * The modules' user-menu entries, in registry order. The list of hooks is fixed when the app is built, so the
 * same hooks run in the same order on every render, as React requires.
 */
export function useModuleUserMenus(): (UserMenuContribution & { id: string })[] {
  const contributions: (UserMenuContribution & { id: string })[] = [];
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a fixed list: the same hooks in the same order
  for (const { id, useUserMenu } of userMenuHooks) contributions.push({ id, ...useUserMenu() });
  return contributions;
}

/** The query key of each data service of a holding, from the modules that own them: what live events refresh. */
export function liveQueryKeys(holdingId: number): Partial<Record<DataService, QueryKey>> {
  return Object.assign(
    {},
    ...moduleEntries.map((entry) => entry.liveQueryKeys?.(holdingId) ?? {}),
  ) as Partial<Record<DataService, QueryKey>>;
}
