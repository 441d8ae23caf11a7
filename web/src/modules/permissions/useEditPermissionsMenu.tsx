import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Menu } from '@mantine/core';
import { userMenuItems } from '@headland/domain/menu';
import { HoldingRole, resolveRole } from '@headland/domain/roles';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';

// Loaded when first opened: most sessions never edit permissions.
const HoldingPermissionsDialog = lazy(() =>
  import('./HoldingPermissionsDialog.tsx').then((module) => ({ default: module.HoldingPermissionsDialog })),
);

export interface EditPermissionsMenu {
  /** The user menu's entry, or null when the user is not offered permission editing. */
  item: ReactNode;
  /** The dialog, rendered outside the menu's dropdown, which unmounts when the menu closes. */
  dialog: ReactNode;
}

/**
 * The user menu's 'Edit permissions' entry (session-shell §2, §6) with the users and permissions dialog. The
 * dialog starts on the tab named by the `view` search parameter when there is one.
 */
export function useEditPermissionsMenu(): EditPermissionsMenu {
  const { t } = useTranslation();
  const session = useAppSession();
  const [searchParams] = useSearchParams();
  const [opened, setOpened] = useState(false);

  const holdingRole = session.selection.HoldingRole;
  const shown = userMenuItems({
    permissions: session.permissions,
    role: resolveRole(session.selection.Role),
    holdingRole: holdingRole === null ? null : HoldingRole[holdingRole],
    readOnlySession: session.readOnly,
    // The select-holding answer does not say whether the holding offers it; the dialog's data does.
    perHoldingPermissions: session.brand.features.perHoldingPermissions,
    menuDisabled: false,
    debug: session.user.Properties.Debug ?? false,
  }).includes('editPermissions');

  return {
    item: shown ? <Menu.Item onClick={() => setOpened(true)}>{t('permissions.menuItem')}</Menu.Item> : null,
    dialog: opened ? (
      <Suspense fallback={null}>
        <HoldingPermissionsDialog initialView={searchParams.get('view')} onClose={() => setOpened(false)} />
      </Suspense>
    ) : null,
  };
}
