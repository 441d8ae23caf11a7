import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { heartbeatRequestSchema, heartbeatResponseSchema } from '@headland/domain/api/sessionApi';
import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { isAdminOrHigher, type Role } from '@headland/domain/roles';
import { dateLocale } from '../../i18n/dateLocale.ts';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useApiClient } from '../../shell/http/ApiClientContext.tsx';
import { dashboardQueryKeys, useDashboardSummary } from './dashboardQueries.ts';
import { AttentionCard } from './AttentionCard.tsx';
import { CroppingCard } from './CroppingCard.tsx';
import { HoldingMapCard } from './HoldingMapCard.tsx';
import { UnderWayCard } from './UnderWayCard.tsx';
import { eventSentence } from './eventSentence.ts';
import { formatEventTime } from './eventTime.ts';
import { orderSessions } from '@headland/domain/sessionOrder';
import { roleName } from '../../i18n/roleNames.ts';

/** Shown for a value the holding does not have. */
const none = '—';

/** How often the open dashboard asks again for the holding's sessions and events. */
const refreshIntervalMs = 30_000;

/**
 * The holding's active sessions and events of the last 24 hours, from the session heartbeat: asked for each time
 * the dashboard opens and every 30 s while it is open, starting from what the holding selection answered.
 */
function useHoldingActivity() {
  const api = useApiClient();
  const { holding, selection } = useAppSession();
  const activity = useQuery({
    queryKey: dashboardQueryKeys.activity(holding.HoldingId),
    queryFn: ({ signal }) =>
      api.post('/api/session/v1', {
        body: { return: { sessions: true } } satisfies z.input<typeof heartbeatRequestSchema>,
        schema: heartbeatResponseSchema,
        spinner: false,
        errorDialog: false,
        signal,
      }),
    refetchOnMount: 'always',
    refetchInterval: refreshIntervalMs,
  });
  // Until the first answer, or when the server cannot answer, the holding selection's own lists are shown.
  return activity.data ?? { Sessions: selection.Sessions, Events: selection.Events };
}

/**
 * The cards of the summary call (issue 26): the year's cropping beside the holding's map, what needs attention
 * and what is under way. A card the caller has no right to is left out.
 */
function SummaryCards() {
  const { t } = useTranslation();
  const summary = useDashboardSummary();
  if (summary.isPending) return <Loader size="sm" aria-label={t('dashboard.cards.loading')} />;
  if (summary.isError) return <Alert color="red">{t('dashboard.cards.loadError')}</Alert>;
  const data = summary.data;
  return (
    <>
      {data.Cropping && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <CroppingCard
            year={data.Cropping.Year}
            previous={data.Cropping.PreviousYear}
            restricted={data.Restricted}
          />
          <HoldingMapCard />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(data.Attention || data.Imports) && (
          <AttentionCard attention={data.Attention} imports={data.Imports} />
        )}
        <UnderWayCard imports={data.Imports} maintenance={data.Maintenance} pictures={data.Pictures} />
      </SimpleGrid>
    </>
  );
}

/** The holding at a glance, from the select-holding answer: its details, who is working in it and what changed. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { holding, yearId, selection, user, brand } = useAppSession();
  const locale = dateLocale(i18n.language, navigator.languages ?? []);
  const now = new Date();
  const activity = useHoldingActivity();
  const sessions = orderSessions(activity.Sessions ?? selection.Sessions, user.Id);
  const eventUsers = new Map(activity.Events.Users.map((entry) => [entry.UserId, entry]));
  const events = [...activity.Events.Events].sort((a, b) => Date.parse(b.Date) - Date.parse(a.Date));
  const years = [...holding.CropYears].sort((a, b) => b - a);
  const regionName =
    holding.Region === null ? none : t(`regions.${holding.Region}`, { defaultValue: String(holding.Region) });

  const eventUserName = (userId: number | null) => {
    const entry = userId === null ? undefined : eventUsers.get(userId);
    if (!entry) return t('dashboard.unknownUser');
    return `${entry.FirstName} ${entry.LastName}`.trim() || entry.Email;
  };

  return (
    <Stack>
      <Title order={2}>{holding.TradingName}</Title>
      <SummaryCards />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="dashboard-holding">
          <Title order={3} size="h4" id="dashboard-holding" mb="sm">
            {t('dashboard.holding')}
          </Title>
          <Table variant="vertical" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('dashboard.town')}</Table.Th>
                <Table.Td>{holding.Town ?? none}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('dashboard.region')}</Table.Th>
                <Table.Td>{regionName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('dashboard.cropYear')}</Table.Th>
                <Table.Td>{yearId}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('dashboard.cropYears')}</Table.Th>
                <Table.Td>
                  <Group gap={4}>
                    {years.map((year) => (
                      <Badge key={year} variant={year === yearId ? 'filled' : 'light'}>
                        {year}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>

        <Card withBorder component="section" aria-labelledby="dashboard-sessions">
          <Title order={3} size="h4" id="dashboard-sessions" mb="sm">
            {t('dashboard.sessions')}
          </Title>
          {sessions.length === 0 ? (
            <Text c="dimmed">{t('dashboard.noSessions')}</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.user')}</Table.Th>
                  <Table.Th>{t('dashboard.role')}</Table.Th>
                  <Table.Th>{t('dashboard.started')}</Table.Th>
                  <Table.Th>{t('dashboard.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.map((session) => (
                  <Table.Tr key={session.SessionId}>
                    <Table.Td>{session.UserName || session.UserEmail}</Table.Td>
                    <Table.Td>
                      {isAdminOrHigher(session.Role as Role)
                        ? t('dashboard.admin')
                        : (roleName(t, brand.roleNames, session.Role as Role) ?? none)}
                    </Table.Td>
                    <Table.Td>{formatEventTime(session.StartDate, now, locale)}</Table.Td>
                    <Table.Td>
                      {[
                        session.CurrentSession && t('dashboard.thisSession'),
                        session.ReadOnly && t('dashboard.readOnly'),
                        session.InactiveSince !== null && t('dashboard.inactive'),
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder component="section" aria-labelledby="dashboard-events">
        <Title order={3} size="h4" id="dashboard-events" mb="sm">
          {t('dashboard.events')}
        </Title>
        {events.length === 0 ? (
          <Text c="dimmed">{t('dashboard.noEvents')}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.when')}</Table.Th>
                <Table.Th>{t('screens.events.heading')}</Table.Th>
                <Table.Th>{t('dashboard.module')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.Id}>
                  <Table.Td>{formatEventTime(event.Date, now, locale)}</Table.Td>
                  <Table.Td>{eventSentence(event, eventUserName(event.UserId), t)}</Table.Td>
                  <Table.Td>{t(`moduleNames.${event.Source}`, { defaultValue: none })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
