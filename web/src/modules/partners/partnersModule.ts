import type { ModuleEntry } from '../moduleEntry.ts';
import { usePartnersMenu } from './usePartnersMenu.tsx';

/** Partners of the holding: the user menu's Partners entry and its dialogs (session-shell §2). */
export const partnersModule: ModuleEntry = {
  id: 'partners',
  routes: [],
  useUserMenu: usePartnersMenu,
};
