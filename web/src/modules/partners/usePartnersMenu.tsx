import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { userMenuItems } from '@headland/domain/menu';
import { HoldingRole, resolveRole } from '@headland/domain/roles';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import type { UserMenuContribution } from '../moduleEntry.ts';

// Loaded when first opened: most sessions never change their partners.
const PartnersDialog = lazy(() =>
  import('./PartnersDialog.tsx').then((module) => ({ default: module.PartnersDialog })),
);

/** The user menu's Partners entry: offered to sessions with current-holding write (session-shell §6). */
export function usePartnersMenu(): UserMenuContribution {
  const { t } = useTranslation();
  const session = useAppSession();
  const [opened, setOpened] = useState(false);
  const holdingRole = session.selection.HoldingRole;
  const shown = userMenuItems({
    permissions: session.permissions,
    role: resolveRole(session.selection.Role),
    holdingRole: holdingRole === null ? null : HoldingRole[holdingRole],
    readOnlySession: session.readOnly,
    perHoldingPermissions: session.brand.features.perHoldingPermissions,
    menuDisabled: false,
    debug: session.user.Properties.Debug ?? false,
  }).includes('partners');
  return {
    item: shown ? <Menu.Item onClick={() => setOpened(true)}>{t('partners.menuItem')}</Menu.Item> : null,
    dialog: opened ? (
      <Suspense fallback={null}>
        <PartnersDialog onClose={() => setOpened(false)} />
      </Suspense>
    ) : null,
  };
}
