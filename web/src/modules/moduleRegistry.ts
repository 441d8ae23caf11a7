import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type ModulePage = LazyExoticComponent<ComponentType>;

/**
 * The screen of each module, keyed by the module's menu route (the first path segment). Each one is loaded
 * on demand, so a module's code (and the map libraries it pulls in) is fetched only when it is opened.
 * A route of domain/menu.ts without an entry here leads to the dashboard; its menu entry is hidden by the
 * brand's module switches until the module exists.
 */
export const moduleRegistry: Readonly<Record<string, ModulePage>> = {
  '/dashboard': lazy(() =>
    import('./dashboard/DashboardPage.tsx').then((module) => ({ default: module.DashboardPage })),
  ),
  '/fields': lazy(() => import('./fields/FieldsPage.tsx').then((module) => ({ default: module.FieldsPage }))),
  '/datalayers': lazy(() =>
    import('./datalayers/DataLayersPage.tsx').then((module) => ({ default: module.DataLayersPage })),
  ),
};
