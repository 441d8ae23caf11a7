import { mainMenuItem, routesOf, type ModuleEntry } from '../moduleEntry.ts';

/** The Prescriptions screen: prescription plans made from map layers, and the files terminals read. */
export const prescriptionsModule: ModuleEntry = {
  id: 'prescriptions',
  routes: routesOf('/prescriptions'),
  loadPage: () => import('./PrescriptionsPage.tsx').then((module) => ({ default: module.PrescriptionsPage })),
  mainMenuItem: mainMenuItem('prescriptions'),
};
