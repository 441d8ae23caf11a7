import type { ReactElement } from 'react';
import type { RenderResult } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
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
import type { FakeHoldingsServer } from './fakeHoldingsServer.ts';

export interface HoldingsScreenOptions {
  server: FakeHoldingsServer;
  role?: Role;
  /** Changes to the open session (holding 11 in 2025, main brand). */
  session?: Partial<AppSession>;
}

function unexpected(): never {
  throw new Error('The holdings screens do not change the shell state');
}

export interface RenderedHoldingsScreen extends RenderResult {
  /** The session action that reads the session's holding again; it resolves at once. */
  refreshHolding: Mock<() => Promise<void>>;
}

/** Renders a holdings screen inside the app providers and an open session, talking to `server`. */
export function renderHoldingsScreen(
  ui: ReactElement,
  options: HoldingsScreenOptions,
): RenderedHoldingsScreen {
  const refreshHolding = vi.fn(() => Promise.resolve());
  const user = aUser({ Role: options.role ?? Role.Client });
  const start = aStart({ User: user });
  const selection = aSelection({ Role: user.Role });
  const session: AppSession = {
    user,
    start,
    selection,
    holding: selection.Holding,
    yearId: selection.YearId,
    permissions: permissionsFromSelection(selection),
    readOnly: false,
    brand: brands.main,
    actions: {
      signIn: unexpected,
      acceptTerms: unexpected,
      chooseHolding: unexpected,
      changeYear: unexpected,
      openNewYear: unexpected,
      refreshHolding,
      replaceUser: unexpected,
      logOut: unexpected,
    },
    ...options.session,
  };
  const api = new ApiClient({ fetch: options.server.fetch });
  api.setToken('session-token');
  const result = renderWithProviders(
    <AppSessionContext.Provider value={session}>{ui}</AppSessionContext.Provider>,
    { api },
  );
  return { ...result, refreshHolding };
}
