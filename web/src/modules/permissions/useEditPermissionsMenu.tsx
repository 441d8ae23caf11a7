import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UserMenuContribution } from '../moduleEntry.ts';
import { useDialogMenuEntry } from '../useDialogMenuEntry.tsx';

// Loaded when first opened: most sessions never edit permissions.
const HoldingPermissionsDialog = lazy(() =>
  import('./HoldingPermissionsDialog.tsx').then((module) => ({ default: module.HoldingPermissionsDialog })),
);

/**
 * The user menu's 'Edit permissions' entry (session-shell §2, §6) with the users and permissions dialog. The
 * dialog starts on the tab named by the `view` search parameter when there is one.
 */
export function useEditPermissionsMenu(): UserMenuContribution {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return useDialogMenuEntry('editPermissions', t('permissions.menuItem'), (close) => (
    <HoldingPermissionsDialog initialView={searchParams.get('view')} onClose={close} />
  ));
}
