import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { maxBasicPasswordLength, maxBasicUserLength } from '@headland/domain/api/appsApi';
import { appName } from '@headland/domain/connectedApps';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { createConnection, validateBasic } from './appsQueries.ts';
import type { Attempt } from './ConnectedAppsDialog.tsx';

export interface BasicConnectDialogProps {
  attempt: Attempt;
  /**
   * Closed without connecting, with the record made on the first try (later tries reuse it): one made here and
   * never completed is removed by the caller.
   */
  onCancel(attempt: Attempt): void;
  onConnected(): void;
}

/**
 * The basic connect popup (session-shell-connections §2, §4): user name and password, checked by the app. A
 * refused pair shows the error flag of §8 and stores nothing; the user may try again.
 */
export function BasicConnectDialog({ attempt, onCancel, onConnected }: BasicConnectDialogProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [connectionId, setConnectionId] = useState(attempt.connectionId);
  const name = appName(attempt.appId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user.trim() || !password) return;
    setBusy(true);
    setRefused(false);
    try {
      let id = connectionId;
      if (id === null) {
        id = (await createConnection(api, attempt.appId)).connection.connectionId;
        setConnectionId(id);
      }
      if (await validateBasic(api, { connectionId: id, user: user.trim(), password })) onConnected();
      else setRefused(true);
    } catch {
      // The error dialog has said what went wrong; the form stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => onCancel({ ...attempt, connectionId })}
      title={t('apps.basicTitle', { app: name })}
      centered
      closeButtonProps={{ 'aria-label': t('apps.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {refused && (
            <Alert color="red" role="alert">
              {t('apps.basicRefused')}
            </Alert>
          )}
          <TextInput
            label={t('apps.user')}
            value={user}
            maxLength={maxBasicUserLength}
            required
            autoComplete="off"
            data-autofocus
            onChange={(event) => setUser(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('apps.password')}
            value={password}
            maxLength={maxBasicPasswordLength}
            required
            autoComplete="off"
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onCancel({ ...attempt, connectionId })}>
              {t('apps.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!user.trim() || !password}>
              {t('apps.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
