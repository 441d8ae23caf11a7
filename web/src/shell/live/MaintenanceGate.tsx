import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Center, Modal, Stack, Text, Title } from '@mantine/core';
import { maintenanceListSchema, type MaintenanceNotice } from '@headland/domain/api/liveApi';
import {
  currentOrNextMaintenance,
  isMaintenanceActive,
  maintenanceMessage,
  shouldAnnounceMaintenance,
} from '@headland/domain/maintenance';
import { useApiClient } from '../http/ApiClientContext.tsx';
import { MaintenanceWatch } from './maintenanceWatch.ts';
import { formatHoldingTime } from '../../i18n/holdingTime.ts';

/** How often the gate looks at the clock, so that the panel shows when a window starts. */
const clockTickMs = 30_000;
/** The notice whose popup was closed in this tab: it is not shown again. */
const dismissedKey = 'headland.maintenanceSeen';

/** `GET /maintenance.json`: a file beside the page rather than an API call, read without the API's retries. */
export async function loadNotices(): Promise<MaintenanceNotice[]> {
  const response = await fetch('/maintenance.json', {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`maintenance.json answered ${response.status}`);
  return maintenanceListSchema.parse(await response.json());
}

export interface MaintenanceGateProps {
  children: ReactNode;
  load?: () => Promise<MaintenanceNotice[]>;
}

/**
 * Maintenance (session-shell §4): while a window runs, the maintenance panel replaces the whole app; a window
 * starting within 24 hours is announced once in a popup. The notices are read every 5 minutes, and at once when
 * the server refuses a call for maintenance.
 */
export function MaintenanceGate({ children, load = loadNotices }: MaintenanceGateProps) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const [notices, setNotices] = useState<MaintenanceNotice[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissedKey));
  const watchRef = useRef<MaintenanceWatch | null>(null);

  useEffect(() => {
    const watch = new MaintenanceWatch({
      load,
      onNotices: (next) => {
        setNotices(next);
        setNow(Date.now());
      },
    });
    watchRef.current = watch;
    watch.start();
    const stopProblems = api.onProblem((problem) => {
      if (problem.kind === 'maintenance') void watch.refresh();
    });
    const tick = setInterval(() => setNow(Date.now()), clockTickMs);
    return () => {
      watchRef.current = null;
      watch.stop();
      stopProblems();
      clearInterval(tick);
    };
  }, [api, load]);

  const notice = currentOrNextMaintenance(notices, now);
  const message = notice
    ? maintenanceMessage(notice, (iso) => formatHoldingTime(iso, i18n.language, 'dateTime'))
    : '';

  if (notice && isMaintenanceActive(notice, now)) {
    return (
      <Center mih="100vh" p="xl">
        <Stack maw={520} align="center" role="alert">
          <Title order={1} size="h2">
            {t('live.maintenance.panelTitle')}
          </Title>
          <Text ta="center">{message}</Text>
          <Button variant="light" onClick={() => void watchRef.current?.refresh()}>
            {t('live.maintenance.checkAgain')}
          </Button>
        </Stack>
      </Center>
    );
  }
  const announce = shouldAnnounceMaintenance(notice, now) && dismissed !== String(notice?.id);
  const close = () => {
    const id = String(notice?.id);
    sessionStorage.setItem(dismissedKey, id);
    setDismissed(id);
  };
  return (
    <>
      {children}
      <Modal
        opened={announce}
        onClose={close}
        title={t('live.maintenance.popupTitle')}
        centered
        zIndex={1100}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{message}</Text>
          <Button onClick={close}>{t('live.maintenance.understood')}</Button>
        </Stack>
      </Modal>
    </>
  );
}
