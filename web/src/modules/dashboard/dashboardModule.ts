import { mainMenuItem, routesOf, type ModuleEntry } from '../moduleEntry.ts';
import { dashboardQueryKeys } from './dashboardQueries.ts';

/** The dashboard: the holding at a glance, refreshed when other sessions change its fields or croppings. */
export const dashboardModule: ModuleEntry = {
  id: 'dashboard',
  routes: routesOf('/dashboard'),
  loadPage: () => import('./DashboardPage.tsx').then((module) => ({ default: module.DashboardPage })),
  mainMenuItem: mainMenuItem('dashboard'),
  liveQueryKeys: (holdingId) => ({ dashboard: dashboardQueryKeys.all(holdingId) }),
};
