import { fieldListQuery } from '../fields/fieldsQueries.ts';
import { mainMenuItem, routesOf, type ModuleEntry } from '../moduleEntry.ts';

/** The map and its data layers. */
export const datalayersModule: ModuleEntry = {
  id: 'datalayers',
  routes: routesOf('/datalayers'),
  loadPage: () => import('./DataLayersPage.tsx').then((module) => ({ default: module.DataLayersPage })),
  mainMenuItem: mainMenuItem('datalayers'),
  // The map opens on the year's fields list and keeps it until a write invalidates it: for a large holding it
  // is the longest wait of the first render, so it is asked for alongside the screen's code.
  prefetch: (queryClient, api, at) => {
    void queryClient.prefetchQuery({ ...fieldListQuery(api, at.holdingId, at.yearId), staleTime: Infinity });
  },
};
