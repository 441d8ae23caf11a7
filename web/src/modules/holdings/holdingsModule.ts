import type { ModuleEntry } from '../moduleEntry.ts';
import { holdingsQueryKeys } from './holdingsQueries.ts';
import { useManageHoldingsMenu } from './useManageHoldingsMenu.tsx';

/** Managing holdings: the user menu's Manage holdings entry; another session's change of a holding reloads them. */
export const holdingsModule: ModuleEntry = {
  id: 'holdings',
  routes: [],
  useUserMenu: useManageHoldingsMenu,
  liveQueryKeys: () => ({ holdings: holdingsQueryKeys.all }),
};
