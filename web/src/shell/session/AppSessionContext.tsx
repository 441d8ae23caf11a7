import { createContext, useContext } from 'react';
import type {
  HoldingSummary,
  SelectHoldingResponse,
  SessionStartResponse,
  User,
} from '@headland/domain/api/sessionApi';
import type { Brand } from '@headland/domain/brands';
import { noPermissions, permissionAreas, type Permissions } from '@headland/domain/permissions';
import type { ShellController } from './useShellController.ts';

/** What every screen of the app may rely on once a holding and year are open. */
export interface AppSession {
  user: User;
  start: SessionStartResponse;
  selection: SelectHoldingResponse;
  holding: HoldingSummary;
  yearId: number;
  permissions: Permissions;
  readOnly: boolean;
  brand: Brand;
  actions: Omit<ShellController, 'state'>;
}

export const AppSessionContext = createContext<AppSession | null>(null);

/** The open holding session. Only screens inside the app (after holding selection) may call this. */
export function useAppSession(): AppSession {
  const session = useContext(AppSessionContext);
  if (!session) throw new Error('useAppSession needs a selected holding');
  return session;
}

/** The select-holding answer's permissions, with every area present (missing areas grant nothing). */
export function permissionsFromSelection(selection: SelectHoldingResponse): Permissions {
  const permissions = noPermissions();
  for (const area of permissionAreas) {
    const given = selection.Permissions[area];
    if (given) permissions[area] = { ...permissions[area], ...given };
  }
  return permissions;
}
