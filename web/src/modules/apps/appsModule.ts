import type { ModuleEntry } from '../moduleEntry.ts';
import { useConnectionsMenu } from './useConnectionsMenu.tsx';

/** Connected apps: the user menu's Connections entry and the management dialog (session-shell §2). */
export const appsModule: ModuleEntry = {
  id: 'apps',
  routes: [],
  useUserMenu: useConnectionsMenu,
};
