import { mainMenuItem, routesOf, type ModuleEntry } from '../moduleEntry.ts';

/** The Import screen: every import a holding takes, in one place, with the imports' progress. */
export const importsModule: ModuleEntry = {
  id: 'imports',
  routes: routesOf('/import'),
  loadPage: () => import('./ImportPage.tsx').then((module) => ({ default: module.ImportPage })),
  mainMenuItem: mainMenuItem('import'),
};
