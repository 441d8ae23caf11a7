import { useMemo } from 'react';
import type { Brand } from '@headland/domain/brands';
import { AppLayout } from './layout/AppLayout.tsx';
import {
  AppSessionContext,
  permissionsFromSelection,
  type AppSession,
} from './session/AppSessionContext.tsx';
import type { ShellController, ShellState } from './session/useShellController.ts';

export interface SignedInAppProps {
  state: Extract<ShellState, { kind: 'app' }>;
  controller: ShellController;
  brand: Brand;
}

/** The app once a holding and year are open: its session for every screen, and the layout. */
export function SignedInApp({ state, controller, brand }: SignedInAppProps) {
  const session = useMemo<AppSession>(() => {
    const { start, selection } = state;
    const { state: _state, ...actions } = controller;
    return {
      user: start.User,
      start,
      selection,
      holding: selection.Holding,
      yearId: selection.YearId,
      permissions: permissionsFromSelection(selection),
      readOnly: selection.ReadOnly,
      brand,
      actions,
    };
  }, [state, controller, brand]);
  return (
    <AppSessionContext.Provider value={session}>
      {/* A new holding is a new app: nothing of the old holding's screens may survive. */}
      <AppLayout key={state.selection.Holding.HoldingId} />
    </AppSessionContext.Provider>
  );
}
