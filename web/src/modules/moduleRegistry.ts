import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeSegment } from '@headland/domain/menu';

export type ModulePage = LazyExoticComponent<ComponentType>;

type PageLoader = () => Promise<{ default: ComponentType }>;

/** The code of each module's screen, keyed by the module's menu route (the first path segment). */
const pageLoaders: Readonly<Record<string, PageLoader>> = {
  '/dashboard': () =>
    import('./dashboard/DashboardPage.tsx').then((module) => ({ default: module.DashboardPage })),
  '/fields': () => import('./fields/FieldsPage.tsx').then((module) => ({ default: module.FieldsPage })),
  '/datalayers': () =>
    import('./datalayers/DataLayersPage.tsx').then((module) => ({ default: module.DataLayersPage })),
};

/**
 * The screen of each module, keyed by the module's menu route. Each one is loaded on demand, so a module's code
 * (and the map libraries it pulls in) is fetched only when it is opened. A route of domain/menu.ts without an
 * entry here leads to the dashboard; its menu entry is hidden by the brand's module switches until the module
 * exists.
 */
export const moduleRegistry: Readonly<Record<string, ModulePage>> = Object.fromEntries(
  Object.entries(pageLoaders).map(([route, load]) => [route, lazy(load)]),
);

/**
 * Starts loading the code of the screen at `pathname`, when it has one, as the page starts: it then arrives and
 * is compiled while the session is restored, instead of after. The map's code is half a megabyte, and on the
 * embedded database its request would otherwise wait behind the fields list the server is building. The screen's
 * own lazy load takes the same module when it renders, and reports a failure then.
 */
export function preloadModulePage(pathname: string): void {
  pageLoaders[`/${routeSegment(pathname)}`]?.().catch(() => undefined);
}
