import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Menu } from '@mantine/core';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { readsLibrary } from './documentAccess.ts';
import { documentListQuery } from './documentsQueries.ts';

const loadLibrary = () => import('./DocumentLibraryDialog.tsx');
// The library loads when first opened.
const DocumentLibraryDialog = lazy(() =>
  loadLibrary().then((module) => ({ default: module.DocumentLibraryDialog })),
);

/**
 * The menu entry. Shown as the user menu opens, it starts loading the popup's code and the session year's
 * library, so that both are on their way before the entry is clicked.
 */
function DocumentsMenuItem({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const client = useQueryClient();
  const { holding, yearId } = useAppSession();
  useEffect(() => {
    loadLibrary().catch(() => undefined);
    void client.prefetchQuery(documentListQuery(api, holding.HoldingId, yearId));
  }, [api, client, holding.HoldingId, yearId]);
  return <Menu.Item onClick={onOpen}>{t('documents.menuItem')}</Menu.Item>;
}

export interface DocumentsMenu {
  /** The user menu's Documents entry, or null when the session may not read the library. */
  item: ReactNode;
  /** The library popup; rendered outside the menu's dropdown, which unmounts when the menu closes. */
  dialog: ReactNode;
}

/** The Documents entry of the user menu, opening the holding's document library popup. */
export function useDocumentsMenu(): DocumentsMenu {
  const session = useAppSession();
  const [opened, setOpened] = useState(false);
  return {
    item: readsLibrary(session.permissions) ? <DocumentsMenuItem onOpen={() => setOpened(true)} /> : null,
    dialog: opened ? (
      <Suspense fallback={null}>
        <DocumentLibraryDialog onClose={() => setOpened(false)} />
      </Suspense>
    ) : null,
  };
}
