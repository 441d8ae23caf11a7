import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserMenuContribution } from '../moduleEntry.ts';
import { useDialogMenuEntry } from '../useDialogMenuEntry.tsx';

// Loaded when first opened: most sessions never change their partners.
const PartnersDialog = lazy(() =>
  import('./PartnersDialog.tsx').then((module) => ({ default: module.PartnersDialog })),
);

/** The user menu's Partners entry: offered to sessions with current-holding write (session-shell §6). */
export function usePartnersMenu(): UserMenuContribution {
  const { t } = useTranslation();
  return useDialogMenuEntry('partners', t('partners.menuItem'), (close) => (
    <PartnersDialog onClose={close} />
  ));
}
