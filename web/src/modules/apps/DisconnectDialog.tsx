import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { Connection } from '@headland/domain/api/appsApi';
import { appName, syncApp } from '@headland/domain/connectedApps';
import { isAdminOrHigher, type Role } from '@headland/domain/roles';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { disconnectConnection } from './appsQueries.ts';

export interface DisconnectDialogProps {
  connection: Connection;
  role: Role;
  onCancel(): void;
  onDisconnected(): Promise<void>;
}

/**
 * Confirms a disconnect (session-shell-connections §6): on the sync app an Admin chooses whether the synced data
 * is kept or deleted, and anyone else confirms that the links are reset; other apps ask for a plain yes. A
 * failure opens the shared error dialog (§8), and the connection stays.
 */
export function DisconnectDialog({ connection, role, onCancel, onDisconnected }: DisconnectDialogProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [deleteData, setDeleteData] = useState<'keep' | 'delete'>('keep');
  const [busy, setBusy] = useState(false);
  const name = appName(connection.appId);
  const sync = connection.appId === syncApp;
  const chooses = sync && isAdminOrHigher(role);
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('apps.disconnectTitle', { app: name })}
      centered
      closeButtonProps={{ 'aria-label': t('apps.close') }}
    >
      <Stack>
        <Text>{t('apps.disconnectWarning', { app: name })}</Text>
        {chooses && (
          <Radio.Group
            label={t('apps.syncedData')}
            value={deleteData}
            onChange={(value) => setDeleteData(value === 'delete' ? 'delete' : 'keep')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="keep" label={t('apps.keepSyncedData')} />
              <Radio value="delete" label={t('apps.deleteSyncedData')} />
            </Stack>
          </Radio.Group>
        )}
        {sync && !chooses && <Text>{t('apps.resetLinks', { app: name })}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('apps.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await disconnectConnection(api, connection.connectionId, chooses && deleteData === 'delete');
                await onDisconnected();
              } catch {
                setBusy(false);
              }
            }}
          >
            {t('apps.disconnect')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
