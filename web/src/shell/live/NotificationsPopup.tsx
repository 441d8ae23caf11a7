import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  ActionIcon,
  Badge,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { describeEvent, eventTimeStyle, inSentence } from '@headland/domain/liveEvents';
import { menuItems, moduleForPath } from '@headland/domain/menu';
import { isAdminOrHigher, type Role } from '@headland/domain/roles';
import type { ActiveSession, HoldingEvent, LiveState } from './liveStore.ts';
import { useAppSession } from '../session/AppSessionContext.tsx';
import { useLive } from './LiveContext.tsx';
import { translatedServerCropName } from '../../i18n/cropNames.ts';
import { formatHoldingTime } from '../../i18n/holdingTime.ts';

type View = 'events' | 'sessions';

/** A bell with its counts: unread events when above 0, and the users when more than one session is active. */
export function NotificationsButton() {
  const { t } = useTranslation();
  const live = useLive();
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState<View>('events');
  if (!live) return null;
  const { state } = live;
  const unread = state.unread.size;
  const sessionCount = state.sessions.length;
  const open = () => {
    // New events are what the user comes for.
    if (unread > 0) setView('events');
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    // What was shown has been read.
    if (view === 'events') live.markAllRead();
  };
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? open() : close())}
      position="bottom-end"
      width={380}
      withinPortal
      // The target is the bell and the users count together: the popup roles go on the bell button itself.
      withRoles={false}
    >
      <Popover.Target>
        <Group gap={4} wrap="nowrap">
          {sessionCount > 1 ? (
            <Badge
              variant="light"
              color="gray"
              leftSection={<UsersIcon />}
              aria-label={t('live.userCount', { count: sessionCount })}
            >
              {sessionCount}
            </Badge>
          ) : null}
          <Indicator label={unread} size={16} disabled={unread === 0} color="red">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-haspopup="dialog"
              aria-expanded={opened}
              aria-label={
                unread > 0 ? t('live.notificationsUnread', { count: unread }) : t('live.notifications')
              }
              onClick={() => (opened ? close() : open())}
            >
              <BellIcon />
            </ActionIcon>
          </Indicator>
        </Group>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('live.notifications')} role="dialog">
        <Stack gap="xs">
          <SegmentedControl
            aria-label={t('live.view')}
            value={view}
            onChange={(next) => {
              if (view === 'events') live.markAllRead();
              setView(next as View);
            }}
            data={[
              { value: 'events', label: t('live.eventsView') },
              { value: 'sessions', label: t('live.sessionsView') },
            ]}
          />
          <ScrollArea.Autosize mah={360}>
            {view === 'events' ? <EventList state={state} /> : <SessionList sessions={state.sessions} />}
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function EventList({ state }: { state: LiveState }) {
  const { t, i18n } = useTranslation();
  const currentSessionId = useAppSession().selection.SessionId;
  // The list is drawn when the popup opens: ages are counted from then.
  const [now] = useState(() => Date.now());
  if (!state.events.length) return <Text c="dimmed">{t('live.noEvents')}</Text>;
  const format = (iso: string) => formatHoldingTime(iso, i18n.language, eventTimeStyle(iso, now));
  return (
    <Stack
      gap={6}
      component="ul"
      aria-label={t('live.eventsView')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {state.events.map((event) => {
        const unread = state.unread.has(event.Id);
        return (
          <Group
            component="li"
            key={event.Id}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            align="flex-start"
          >
            <Text size="sm" fw={unread ? 600 : 400}>
              {unread ? <VisuallyHidden>{t('live.unread')} </VisuallyHidden> : null}
              {eventSentence(event, state, currentSessionId, t, i18n.language)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {format(event.Date)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The event as a sentence with the name of whoever made it ('You' for this user). */
function eventSentence(
  event: HoldingEvent,
  state: LiveState,
  currentSessionId: string,
  t: TFunction,
  language: string,
): string {
  const author = event.UserId === null ? undefined : state.users.get(event.UserId);
  const mine = event.SessionId !== null && event.SessionId === currentSessionId;
  const name = mine
    ? t('live.you')
    : author
      ? `${author.FirstName} ${author.LastName}`.trim() || author.Email
      : t('live.someone');
  const { key, params } = describeEvent(event, name, (cropId, storedName) => {
    const crop = translatedServerCropName(t, cropId, storedName);
    // Only English sentences read 'the winter wheat'; the other languages name the crop as it is written.
    return language.startsWith('en') ? inSentence(crop) : crop;
  });
  return t(key, params);
}

function SessionList({ sessions }: { sessions: ActiveSession[] }) {
  const { t, i18n } = useTranslation();
  // This tab's own module is known here before the server has heard of it.
  const ownModuleId = moduleForPath(useLocation().pathname);
  return (
    <Stack
      gap={6}
      component="ul"
      aria-label={t('live.sessionsView')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {sessions.map((session) => {
        const moduleId = session.CurrentSession
          ? ownModuleId
          : (session.ClientState as { moduleId?: unknown } | null)?.moduleId;
        const item = menuItems.find((entry) => entry.moduleId !== null && entry.moduleId === moduleId);
        return (
          <Group component="li" key={session.SessionId} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0}>
              <Group gap={4}>
                <Text size="sm" fw={500}>
                  {session.CurrentSession
                    ? t('live.thisSession', { name: session.UserName })
                    : session.UserName}
                </Text>
                {isAdminOrHigher(session.Role as Role) ? (
                  <Badge size="xs" variant="outline">
                    {t('live.admin')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {item ? t('live.inModule', { module: t(item.labelKey) }) : t('live.noModule')}
                {session.InactiveSince ? ` · ${t('live.inactive')}` : ''}
              </Text>
            </Stack>
            <Text size="xs" c="dimmed">
              {t('live.since', { time: formatHoldingTime(session.StartDate, i18n.language, 'time') })}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

function UsersIcon() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21v-2a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2" />
      <path d="M16 3.1a4 4 0 0 1 0 7.8M22 21v-2a4 4 0 0 0-3-3.9" />
    </svg>
  );
}

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
