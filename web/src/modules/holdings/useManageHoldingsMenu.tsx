import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { useUserMenuItemShown } from '../../shell/session/useUserMenuItemShown.ts';
import { HoldingSavedBanner } from './HoldingSavedBanner.tsx';

// The dialogs load when first opened: most sessions never manage holdings.
const ManageHoldingsDialog = lazy(() =>
  import('./ManageHoldingsDialog.tsx').then((module) => ({ default: module.ManageHoldingsDialog })),
);

export interface ManageHoldingsMenu {
  /** The user menu's 'Manage holdings' entry, or null when the user may not manage holdings here. */
  item: ReactNode;
  /**
   * The dialog and the holding-saved banner. It must be rendered outside the menu's dropdown, which unmounts
   * when the menu closes.
   */
  dialog: ReactNode;
}

/**
 * The user menu's Manage holdings entry (session-shell §2) with its dialog. The entry needs holdings write in a
 * session that is not read-only (session-shell §6).
 */
export function useManageHoldingsMenu(): ManageHoldingsMenu {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [saved, setSaved] = useState<{ name: string; count: number } | null>(null);
  const endBanner = useCallback(() => setSaved(null), []);

  const shown = useUserMenuItemShown('holdings');

  return {
    item: shown ? <Menu.Item onClick={() => setOpened(true)}>{t('holdings.menuItem')}</Menu.Item> : null,
    dialog: (
      <>
        {opened && (
          <Suspense fallback={null}>
            <ManageHoldingsDialog
              onClose={() => setOpened(false)}
              onHoldingSaved={(holding) =>
                setSaved((current) => ({ name: holding.TradingName, count: (current?.count ?? 0) + 1 }))
              }
            />
          </Suspense>
        )}
        {saved && <HoldingSavedBanner key={saved.count} name={saved.name} onDone={endBanner} />}
      </>
    ),
  };
}
