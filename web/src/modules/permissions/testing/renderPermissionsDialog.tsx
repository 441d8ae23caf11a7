import type { ReactElement } from 'react';
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

export interface PermissionsScreenOptions {
  server: FakePermissionsServer;
  /** The viewer's membership as the session knows it; Owner by default. */
  holdingRole?: 'Owner' | 'Member' | 'RestrictedMember' | null;
  readOnly?: boolean;
  /** The router's starting address. */
  path?: string;
  /** Changes to the brand's feature switches. */
  perHoldingPermissions?: boolean;
}

export interface PermissionsDialogOptions extends PermissionsScreenOptions {
  initialView?: string | null;
}

export interface RenderedPermissionsScreen extends RenderResult {
  onClose: ReturnType<typeof vi.fn>;
  logOut: ReturnType<typeof vi.fn>;
  api: ApiClient;
}

function unexpected(): never {
  throw new Error('The permissions dialog does not change the shell state');
}

/** `ui` in an open session (Ann Field, a client, on holding 11 in 2025), talking to `server`. */
export function renderPermissionsScreen(
  ui: ReactElement,
  options: PermissionsScreenOptions,
): Omit<RenderedPermissionsScreen, 'onClose'> {
  const user = aUser({ Role: Role.Client });
  const selection = aSelection({
    Role: user.Role,
    HoldingRole: options.holdingRole === undefined ? 'Owner' : options.holdingRole,
  });
  const logOut = vi.fn(() => Promise.resolve());
  const session: AppSession = {
    user,
    start: aStart({ User: user }),
    selection,
    holding: selection.Holding,
    yearId: selection.YearId,
    permissions: permissionsFromSelection(selection),
    readOnly: options.readOnly ?? false,
    brand: {
      ...brands.main,
      features: {
        ...brands.main.features,
        perHoldingPermissions: options.perHoldingPermissions ?? brands.main.features.perHoldingPermissions,
      },
    },
    // Only logging out is expected of the shell; any other action, including ones added later, fails the test.
    actions: new Proxy({ logOut } as Partial<AppSession['actions']>, {
      get: (known, name) => (name in known ? known[name as keyof typeof known] : unexpected),
    }) as AppSession['actions'],
  };
  const api = new ApiClient({ fetch: options.server.fetch });
  api.setToken('session-token');
  const result = renderWithProviders(
    <AppSessionContext.Provider value={session}>{ui}</AppSessionContext.Provider>,
    { api, path: options.path },
  );
  return { ...result, logOut, api };
}

/** The users and permissions dialog in an open session, talking to `server`. */
export function renderPermissionsDialog(options: PermissionsDialogOptions): RenderedPermissionsScreen {
  const onClose = vi.fn();
  const rendered = renderPermissionsScreen(
    <HoldingPermissionsDialog initialView={options.initialView} onClose={onClose} />,
    options,
  );
  return { ...rendered, onClose };
}
