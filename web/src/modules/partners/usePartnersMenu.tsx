import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { useUserMenuItemShown } from '../../shell/session/useUserMenuItemShown.ts';
import type { UserMenuContribution } from '../moduleEntry.ts';

// Loaded when first opened: most sessions never change their partners.
const PartnersDialog = lazy(() =>
  import('./PartnersDialog.tsx').then((module) => ({ default: module.PartnersDialog })),
);

/** The user menu's Partners entry: offered to sessions with current-holding write (session-shell §6). */
export function usePartnersMenu(): UserMenuContribution {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const shown = useUserMenuItemShown('partners');
  return {
    item: shown ? <Menu.Item onClick={() => setOpened(true)}>{t('partners.menuItem')}</Menu.Item> : null,
    dialog: opened ? (
      <Suspense fallback={null}>
        <PartnersDialog onClose={() => setOpened(false)} />
      </Suspense>
    ) : null,
  };
}
