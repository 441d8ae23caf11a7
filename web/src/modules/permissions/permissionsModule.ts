import type { ModuleEntry } from '../moduleEntry.ts';
import { useEditPermissionsMenu } from './useEditPermissionsMenu.tsx';

/** The holding's users and permissions: the user menu's Edit permissions entry. */
export const permissionsModule: ModuleEntry = {
  id: 'permissions',
  routes: [],
  useUserMenu: useEditPermissionsMenu,
};
