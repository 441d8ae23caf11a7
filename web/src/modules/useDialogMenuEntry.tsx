import { Suspense, useState, type ReactNode } from 'react';
import { Menu } from '@mantine/core';
import type { UserMenuItemId } from '@headland/domain/menu';
import { useUserMenuItemShown } from '../shell/session/useUserMenuItemShown.ts';
import type { UserMenuContribution } from './moduleEntry.ts';

/**
 * A user-menu entry that opens a dialog: the entry shown by domain/menu.ts's rule for `item`, and the dialog
 * (usually lazy, hence the Suspense) rendered while open, given the way to close it.
 */
export function useDialogMenuEntry(
  item: UserMenuItemId,
  label: string,
  dialog: (close: () => void) => ReactNode,
): UserMenuContribution {
  const [opened, setOpened] = useState(false);
  const shown = useUserMenuItemShown(item);
  return {
    item: shown ? <Menu.Item onClick={() => setOpened(true)}>{label}</Menu.Item> : null,
    dialog: opened ? <Suspense fallback={null}>{dialog(() => setOpened(false))}</Suspense> : null,
  };
}
