import { mainMenuItem, routesOf, type ModuleEntry } from '../moduleEntry.ts';

/** The Export screen: the holding's fields, croppings and map layers as files other software opens. */
export const exportsModule: ModuleEntry = {
  id: 'exports',
  routes: routesOf('/export'),
  loadPage: () => import('./ExportPage.tsx').then((module) => ({ default: module.ExportPage })),
  mainMenuItem: mainMenuItem('export'),
};
