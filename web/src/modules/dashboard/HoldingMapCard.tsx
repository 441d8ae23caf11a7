import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor, Card, Group, Loader, Title } from '@mantine/core';

const DashboardMap = lazy(() =>
  import('./DashboardMap.tsx').then((module) => ({ default: module.DashboardMap })),
);

/** Part 4 of the dashboard: the holding's fields coloured by crop; a click, or the link, opens the map. */
export function HoldingMapCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="dashboard-map-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="dashboard-map-title">
          {t('dashboard.cards.map')}
        </Title>
        <Anchor component={Link} to="/datalayers" size="sm">
          {t('dashboard.cards.openMap')}
        </Anchor>
      </Group>
      <Suspense fallback={<Loader size="sm" aria-label={t('dashboard.cards.mapLoading')} />}>
        <DashboardMap />
      </Suspense>
    </Card>
  );
}
