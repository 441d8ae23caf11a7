import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Tabs } from '@mantine/core';
import { isAdminOrHigher, resolveRole } from '@headland/domain/roles';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import type { CroppingGrouping } from './croppingGroups.ts';
import { PermissionsEditor } from './PermissionsEditor.tsx';
import { permissionsLayers } from './permissionsLayers.ts';
import { useHoldingPermissions } from './permissionsQueries.ts';
import { startingView, viewsFor, type PermissionsView } from './permissionsViews.ts';

export interface HoldingPermissionsDialogProps {
  onClose(): void;
  /** The `view` search parameter: the tab to start on, when the viewer has it. */
  initialView?: string | null;
}

/** What stays when the data is loaded again (after Save or Refresh): the tab, the filter and the grouping. */
export interface DialogViewState {
  view: PermissionsView;
  filter: string;
  grouping: CroppingGrouping;
}

/**
 * The holding users and permissions dialog (holdings spec §2.2): Users, Permissions, and for owners Cropping
 * and Invitations. Owners (and administrators) change everyone; others see the grid and may only make
 * themselves restricted members.
 */
export function HoldingPermissionsDialog({ onClose, initialView }: HoldingPermissionsDialogProps) {
  const { t } = useTranslation();
  const session = useAppSession();
  const query = useHoldingPermissions(session.holding.HoldingId, session.yearId);
  // Until the server says, the session's own membership tells whether the viewer manages the holding.
  const ownerBySession =
    session.selection.HoldingRole === 'Owner' || isAdminOrHigher(resolveRole(session.user.Role));
  const owner = query.data?.canManage ?? ownerBySession;
  const [viewState, setViewState] = useState<
    Omit<DialogViewState, 'view'> & { view: PermissionsView | null }
  >({
    view: null,
    filter: '',
    grouping: 'all',
  });
  const requested = viewState.view ?? initialView;
  const state: DialogViewState = { ...viewState, view: startingView(requested, owner) };
  const views = viewsFor(owner);

  const title = owner ? t('permissions.titleOwner') : t('permissions.title');

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="90rem"
      zIndex={permissionsLayers.dialog}
      closeButtonProps={{ 'aria-label': t('permissions.close') }}
    >
      {query.isPending && (
        <Center p="xl">
          <Loader aria-label={t('permissions.loading')} />
        </Center>
      )}
      {query.isError && !query.data && (
        <Stack>
          <Alert color="red" role="alert">
            {t('permissions.loadError')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void query.refetch()}>
              {t('permissions.refresh')}
            </Button>
            <Button onClick={onClose}>{t('permissions.close')}</Button>
          </Group>
        </Stack>
      )}
      {query.data && (
        <Tabs
          value={state.view}
          onChange={(value) => {
            const view = views.find((candidate) => candidate === value);
            if (view) setViewState((current) => ({ ...current, view }));
          }}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {views.map((view) => (
              <Tabs.Tab key={view} value={view}>
                {t(`permissions.tabs.${view}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <PermissionsEditor
            // A fresh load (Refresh, the reload after Save) starts the edits again from what is stored.
            key={query.dataUpdatedAt}
            data={query.data}
            viewState={state}
            onViewStateChange={(change) => setViewState((current) => ({ ...current, ...change }))}
            onReload={async () => !(await query.refetch()).isError}
            onClose={onClose}
          />
        </Tabs>
      )}
    </Modal>
  );
}
