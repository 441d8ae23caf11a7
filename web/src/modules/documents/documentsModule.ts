import type { ModuleEntry } from '../moduleEntry.ts';
import { useDocumentsMenu } from './useDocumentsMenu.tsx';

/** The holding's document library: the user menu's Documents entry. */
export const documentsModule: ModuleEntry = {
  id: 'documents',
  routes: [],
  useUserMenu: useDocumentsMenu,
};
