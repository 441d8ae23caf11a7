import type { RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import { brands } from '@headland/domain/brands';
import { Role } from '@headland/domain/roles';
import { renderWithProviders } from '../../../testing/renderWithProviders.tsx';
import { aSelection, aStart, aUser } from '../../../testing/sessionFixtures.ts';
import { ApiClient } from '../../../shell/http/apiClient.ts';
import {
  AppSessionContext,
  permissionsFromSelection,
  type AppSession,
} from '../../../shell/session/AppSessionContext.tsx';
import { HoldingPermissionsDialog } from '../HoldingPermissionsDialog.tsx';
import type { FakePermissionsServer } from './fakePermissionsServer.ts';

export interface PermissionsDialogOptions {
  server: FakePermissionsServer;
  /** The viewer's membership as the session knows it; Owner by default. */
  holdingRole?: 'Owner' | 'Member' | 'RestrictedMember';
  initialView?: string | null;
  readOnly?: boolean;
}

export interface RenderedPermissionsDialog extends RenderResult {
  onClose: ReturnType<typeof vi.fn>;
  logOut: ReturnType<typeof vi.fn>;
  api: ApiClient;
}

function unexpected(): never {
  throw new Error('The permissions dialog does not change the shell state');
}

/** The users and permissions dialog in an open session (Ann Field, holding 11, 2025), talking to `server`. */
export function renderPermissionsDialog(options: PermissionsDialogOptions): RenderedPermissionsDialog {
  const user = aUser({ Role: Role.Client });
  const selection = aSelection({ Role: user.Role, HoldingRole: options.holdingRole ?? 'Owner' });
  const onClose = vi.fn();
  const logOut = vi.fn(() => Promise.resolve());
  const session: AppSession = {
    user,
    start: aStart({ User: user }),
    selection,
    holding: selection.Holding,
    yearId: selection.YearId,
    permissions: permissionsFromSelection(selection),
    readOnly: options.readOnly ?? false,
    brand: brands.main,
    actions: {
      signIn: unexpected,
      acceptTerms: unexpected,
      chooseHolding: unexpected,
      changeYear: unexpected,
      openNewYear: unexpected,
      replaceUser: unexpected,
      logOut,
    },
  };
  const api = new ApiClient({ fetch: options.server.fetch });
  api.setToken('session-token');
  const result = renderWithProviders(
    <AppSessionContext.Provider value={session}>
      <HoldingPermissionsDialog initialView={options.initialView} onClose={onClose} />
    </AppSessionContext.Provider>,
    { api },
  );
  return { ...result, onClose, logOut, api };
}
