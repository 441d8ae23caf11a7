import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { AvailableApp, Connection } from '@headland/domain/api/appsApi';
import { appName, ConnectionMode, type ExternalApp } from '@headland/domain/connectedApps';
import { resolveRole } from '@headland/domain/roles';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { AppConnectionRow } from './AppConnectionRow.tsx';
import { BasicConnectDialog } from './BasicConnectDialog.tsx';
import { DisconnectDialog } from './DisconnectDialog.tsx';
import { appsKey, cancelConnection, createConnection, useAppsOverview } from './appsQueries.ts';
import { useConnectionPoll } from './useConnectionPoll.ts';
import { LoadFailed, LoadingLine } from '../../shell/dialogs/LoadStates.tsx';

export interface ConnectedAppsDialogProps {
  onClose(): void;
}

/** A connection being made: `isNew` when the caller had none for the app, so that giving up removes it. */
export interface Attempt {
  appId: ExternalApp;
  connectionId: number | null;
  isNew: boolean;
}

type Notice = { kind: 'success' | 'error'; text: string };

/**
 * The connected-apps management dialog (session-shell-connections §2, §4 App connection): each app the server
 * offers, the holding's connections to it, and per connection connect, reconnect, disconnect and the choice of
 * organisation. An OAuth app signs in in a popup while this dialog polls the connection (first after 2 s, then
 * every 5 s) until it is Ok; a basic app asks for user name and password.
 */
export function ConnectedAppsDialog({ onClose }: ConnectedAppsDialogProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useAppSession();
  const overview = useAppsOverview();
  const popup = useRef<Window | null>(null);
  const [waiting, setWaiting] = useState<Attempt | null>(null);
  const [basic, setBasic] = useState<Attempt | null>(null);
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: appsKey(session.holding.HoldingId) });
  const caller = { userId: session.user.Id, role: resolveRole(session.selection.Role) };
  const ownConnection = (appId: number) =>
    overview.data?.connections.find(
      (connection) => connection.appId === appId && connection.userId === caller.userId,
    );

  const closePopup = () => {
    popup.current?.close();
    popup.current = null;
  };
  /** Whatever its end, an attempt leaves no popup, wait or basic form behind. */
  const endAttempt = () => {
    closePopup();
    setWaiting(null);
    setBasic(null);
  };
  const giveUp = async (attempt: Attempt, text: string | null) => {
    endAttempt();
    if (attempt.isNew && attempt.connectionId !== null) await cancelConnection(api, attempt.connectionId);
    setNotice(text ? { kind: 'error', text } : null);
    await refresh();
  };
  const connected = async (appId: ExternalApp) => {
    endAttempt();
    setNotice({ kind: 'success', text: t('apps.connected', { app: appName(appId) }) });
    await refresh();
  };

  useConnectionPoll(waiting, {
    onConnected: (attempt) => void connected(attempt.appId),
    onTimedOut: (attempt) => void giveUp(attempt, t('apps.notConnected', { app: appName(attempt.appId) })),
  });

  const connect = async (app: AvailableApp, mode: ConnectionMode) => {
    setNotice(null);
    const attempt: Attempt = {
      appId: app.appId as ExternalApp,
      connectionId: null,
      isNew: !ownConnection(app.appId),
    };
    if (mode === ConnectionMode.BasicAuth) {
      setBasic(attempt);
      return;
    }
    // Opened before any await: a browser lets a click open a window, not a later answer.
    const opened = window.open('about:blank', `headland-connect-${app.appId}`, 'popup,width=520,height=720');
    if (!opened) {
      setNotice({ kind: 'error', text: t('apps.popupBlocked') });
      return;
    }
    popup.current = opened;
    let created;
    try {
      created = await createConnection(api, app.appId);
    } catch {
      closePopup();
      return;
    }
    const started = { ...attempt, connectionId: created.connection.connectionId };
    if (!created.OAuthAuthorizeUri) {
      closePopup();
      setBasic(started);
      return;
    }
    opened.location.href = created.OAuthAuthorizeUri;
    setWaiting(started);
  };

  let body;
  if (overview.isError) {
    body = (
      <LoadFailed
        title={t('apps.loadError')}
        retry={t('apps.retry')}
        onRetry={() => void overview.refetch()}
      />
    );
  } else if (!overview.data) {
    body = <LoadingLine text={t('apps.loading')} />;
  } else if (overview.data.apps.length === 0) {
    body = <Text>{t('apps.none')}</Text>;
  } else {
    const data = overview.data;
    body = (
      <Stack gap="lg">
        {data.apps.map((app) => (
          <AppConnectionRow
            key={app.appId}
            app={app}
            connections={data.connections.filter((connection) => connection.appId === app.appId)}
            caller={caller}
            busy={waiting !== null || basic !== null}
            onConnect={(mode) => void connect(app, mode)}
            onDisconnect={setDisconnecting}
            onSaved={() => void refresh()}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Modal
        opened
        onClose={() => {
          if (waiting) void giveUp(waiting, null);
          onClose();
        }}
        title={t('apps.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('apps.close') }}
      >
        <Stack>
          {notice && (
            <Alert
              color={notice.kind === 'success' ? 'green' : 'red'}
              role={notice.kind === 'error' ? 'alert' : 'status'}
            >
              {notice.text}
            </Alert>
          )}
          {waiting && (
            <Alert color="blue" role="status">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Loader size="xs" />
                  <Text size="sm">{t('apps.waiting', { app: appName(waiting.appId) })}</Text>
                </Group>
                <Button size="xs" variant="default" onClick={() => void giveUp(waiting, null)}>
                  {t('apps.cancel')}
                </Button>
              </Group>
            </Alert>
          )}
          {body}
        </Stack>
      </Modal>
      {basic && (
        <BasicConnectDialog
          attempt={basic}
          onCancel={(latest) => void giveUp(latest, null)}
          onConnected={() => void connected(basic.appId)}
        />
      )}
      {disconnecting && (
        <DisconnectDialog
          connection={disconnecting}
          role={caller.role}
          onCancel={() => setDisconnecting(null)}
          onDisconnected={async () => {
            setDisconnecting(null);
            setNotice({
              kind: 'success',
              text: t('apps.disconnected', { app: appName(disconnecting.appId) }),
            });
            await refresh();
          }}
        />
      )}
    </>
  );
}
