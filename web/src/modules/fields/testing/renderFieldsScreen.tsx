import type { ReactElement } from 'react';
import type { RenderResult } from '@testing-library/react';
import { brands } from '@headland/domain/brands';
import { renderWithProviders, type ProviderOptions } from '../../../testing/renderWithProviders.tsx';
import { aSelection, aStart } from '../../../testing/sessionFixtures.ts';
import {
  AppSessionContext,
  permissionsFromSelection,
  type AppSession,
} from '../../../shell/session/AppSessionContext.tsx';

export interface FieldsScreenOptions extends ProviderOptions {
  /** Changes to the open session: region, crop years, rights. */
  session?: Partial<AppSession>;
}

function unexpected(): never {
  throw new Error('The fields screens do not change the shell state');
}

/** Renders a fields screen inside the app providers and an open session of holding 11 in 2025 (England). */
export function renderFieldsScreen(ui: ReactElement, options: FieldsScreenOptions = {}): RenderResult {
  const start = aStart();
  const selection = aSelection();
  const session: AppSession = {
    user: start.User,
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
      refreshHolding: unexpected,
      replaceUser: unexpected,
      logOut: unexpected,
    },
    ...options.session,
  };
  return renderWithProviders(<AppSessionContext.Provider value={session}>{ui}</AppSessionContext.Provider>, {
    ...options,
    path: options.path ?? '/fields',
  });
}
