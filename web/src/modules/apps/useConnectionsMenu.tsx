import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { useUserMenuItemShown } from '../../shell/session/useUserMenuItemShown.ts';
import type { UserMenuContribution } from '../moduleEntry.ts';

// Loaded when first opened: connections are set up once and then left alone.
const ConnectedAppsDialog = lazy(() =>
  import('./ConnectedAppsDialog.tsx').then((module) => ({ default: module.ConnectedAppsDialog })),
);

/** The user menu's Connections entry: offered to sessions with current-holding write (session-shell §6). */
export function useConnectionsMenu(): UserMenuContribution {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const shown = useUserMenuItemShown('connections');
  return {
    item: shown ? <Menu.Item onClick={() => setOpened(true)}>{t('apps.menuItem')}</Menu.Item> : null,
    dialog: opened ? (
      <Suspense fallback={null}>
        <ConnectedAppsDialog onClose={() => setOpened(false)} />
      </Suspense>
    ) : null,
  };
}
