import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { readsLibrary } from './documentAccess.ts';

// The library loads when first opened.
const DocumentLibraryDialog = lazy(() =>
  import('./DocumentLibraryDialog.tsx').then((module) => ({ default: module.DocumentLibraryDialog })),
);

export interface DocumentsMenu {
  /** The user menu's Documents entry, or null when the session may not read the library. */
  item: ReactNode;
  /** The library popup; rendered outside the menu's dropdown, which unmounts when the menu closes. */
  dialog: ReactNode;
}

/** The Documents entry of the user menu, opening the holding's document library popup. */
export function useDocumentsMenu(): DocumentsMenu {
  const { t } = useTranslation();
  const session = useAppSession();
  const [opened, setOpened] = useState(false);
  return {
    item: readsLibrary(session.permissions) ? (
      <Menu.Item onClick={() => setOpened(true)}>{t('documents.menuItem')}</Menu.Item>
    ) : null,
    dialog: opened ? (
      <Suspense fallback={null}>
        <DocumentLibraryDialog onClose={() => setOpened(false)} />
      </Suspense>
    ) : null,
  };
}
