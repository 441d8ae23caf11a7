import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Menu } from '@mantine/core';
import { useUserMenuItemShown } from '../../shell/session/useUserMenuItemShown.ts';

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
  const [searchParams] = useSearchParams();
  const [opened, setOpened] = useState(false);

  const shown = useUserMenuItemShown('editPermissions');

  return {
    item: shown ? <Menu.Item onClick={() => setOpened(true)}>{t('permissions.menuItem')}</Menu.Item> : null,
    dialog: opened ? (
      <Suspense fallback={null}>
        <HoldingPermissionsDialog initialView={searchParams.get('view')} onClose={() => setOpened(false)} />
      </Suspense>
    ) : null,
  };
}
