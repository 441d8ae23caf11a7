import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { AvailableApp, Connection } from '@headland/domain/api/appsApi';
import {
  appName,
  AppStatus,
  ConnectionMode,
  type ExternalApp,
  isConnectionInvalid,
  mayUpdateConnection,
  requiresOrganisation,
} from '@headland/domain/connectedApps';
import type { Role } from '@headland/domain/roles';
import { OrganisationChoice } from './OrganisationChoice.tsx';

export interface AppConnectionRowProps {
  app: AvailableApp;
  /** The holding's connections to this app, by any of its users. */
  connections: Connection[];
  caller: { userId: number; role: Role };
  /** Another connection is being made: one at a time. */
  busy: boolean;
  onConnect(mode: ConnectionMode): void;
  onDisconnect(connection: Connection): void;
  onSaved(): void;
}

/** One app of the management dialog: its connections with their state, and what the caller may do with them. */
export function AppConnectionRow({
  app,
  connections,
  caller,
  busy,
  onConnect,
  onDisconnect,
  onSaved,
}: AppConnectionRowProps) {
  const { t } = useTranslation();
  const name = appName(app.appId);
  const own = connections.find((connection) => connection.userId === caller.userId);
  const offersOAuth = app.modes.includes(ConnectionMode.OAuth);
  const offersBasic = app.modes.includes(ConnectionMode.BasicAuth);
  const usualMode = offersOAuth ? ConnectionMode.OAuth : ConnectionMode.BasicAuth;
  return (
    <Stack gap="xs" component="section" aria-label={name}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{name}</Text>
        {!own && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              disabled={busy}
              aria-label={t('apps.connectNamed', { app: name })}
              onClick={() => onConnect(usualMode)}
            >
              {t('apps.connect')}
            </Button>
            {offersOAuth && offersBasic && (
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                aria-label={t('apps.connectBasicNamed', { app: name })}
                onClick={() => onConnect(ConnectionMode.BasicAuth)}
              >
                {t('apps.connectBasic')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {connections.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('apps.status.notConnected')}
        </Text>
      )}
      {connections.map((connection) => (
        <ConnectionState
          key={connection.connectionId}
          connection={connection}
          name={name}
          mayUpdate={mayUpdateConnection(caller, connection.userId)}
          busy={busy}
          onReconnect={() => onConnect(usualMode)}
          onDisconnect={() => onDisconnect(connection)}
          onSaved={onSaved}
          own={connection.userId === caller.userId}
        />
      ))}
    </Stack>
  );
}

interface ConnectionStateProps {
  connection: Connection;
  name: string;
  mayUpdate: boolean;
  busy: boolean;
  own: boolean;
  onReconnect(): void;
  onDisconnect(): void;
  onSaved(): void;
}

function ConnectionState({
  connection,
  name,
  mayUpdate,
  busy,
  own,
  onReconnect,
  onDisconnect,
  onSaved,
}: ConnectionStateProps) {
  const { t } = useTranslation();
  const appId = connection.appId as ExternalApp;
  const organisation = connection.holding.organisation;
  const invalid = isConnectionInvalid({
    appId,
    status: connection.status,
    organisationId: organisation?.id ?? null,
  });
  const status =
    connection.status !== AppStatus.Ok
      ? t('apps.status.invalid')
      : invalid
        ? t('apps.status.chooseOrganisation')
        : t('apps.status.ok');
  return (
    <Stack gap={6} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs">
        <Badge color={invalid ? 'orange' : 'green'} variant="light">
          {status}
        </Badge>
        <Text size="sm">{t('apps.connectedBy', { name: connection.userName })}</Text>
        {organisation && <Text size="sm">{t('apps.organisationIs', { name: organisation.name })}</Text>}
      </Group>
      {mayUpdate ? (
        <>
          {connection.status === AppStatus.Ok && requiresOrganisation(appId) && (
            <OrganisationChoice connection={connection} name={name} onSaved={onSaved} />
          )}
          <Group gap="xs">
            {own && connection.status !== AppStatus.Ok && (
              <Button
                size="xs"
                disabled={busy}
                aria-label={t('apps.reconnectNamed', { app: name })}
                onClick={onReconnect}
              >
                {t('apps.reconnect')}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              color="red"
              aria-label={t('apps.disconnectNamed', { app: name, name: connection.userName })}
              onClick={onDisconnect}
            >
              {t('apps.disconnect')}
            </Button>
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('apps.notYours', { name: connection.userName })}
        </Text>
      )}
    </Stack>
  );
}
