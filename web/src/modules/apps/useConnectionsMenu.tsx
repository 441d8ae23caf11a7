import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserMenuContribution } from '../moduleEntry.ts';
import { useDialogMenuEntry } from '../useDialogMenuEntry.tsx';

// Loaded when first opened: connections are set up once and then left alone.
const ConnectedAppsDialog = lazy(() =>
  import('./ConnectedAppsDialog.tsx').then((module) => ({ default: module.ConnectedAppsDialog })),
);

/** The user menu's Connections entry: offered to sessions with current-holding write (session-shell §6). */
export function useConnectionsMenu(): UserMenuContribution {
  const { t } = useTranslation();
  return useDialogMenuEntry('connections', t('apps.menuItem'), (close) => (
    <ConnectedAppsDialog onClose={close} />
  ));
}
