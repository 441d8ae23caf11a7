import { mainMenuItem, routesOf, type ModuleEntry } from '../moduleEntry.ts';
import { fieldsQueryKeys } from './fieldsQueries.ts';

/**
 * The fields and croppings screens. They prefetch nothing: their list goes stale at once, so an answer
 * prefetched before the screen mounted would be downloaded a second time on mount.
 */
export const fieldsModule: ModuleEntry = {
  id: 'fields',
  routes: routesOf('/fields'),
  loadPage: () => import('./FieldsPage.tsx').then((module) => ({ default: module.FieldsPage })),
  mainMenuItem: mainMenuItem('fields'),
  liveQueryKeys: (holdingId) => ({
    fields: fieldsQueryKeys.fields(holdingId),
    croppings: fieldsQueryKeys.croppings(holdingId),
    validation: fieldsQueryKeys.validation(holdingId),
  }),
};
