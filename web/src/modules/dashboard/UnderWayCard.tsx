import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor, Card, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { MaintenanceNotice } from '@headland/domain/api/liveApi';
import type { dashboardImportsSchema, dashboardPictureSchema } from '@headland/domain/api/dashboardApi';
import { defaultHoldingTimeZone } from '@headland/domain/limits';
import { dateLocale } from '../../i18n/dateLocale.ts';
import { useImageUrl } from '../documents/documentsQueries.ts';

type Imports = z.infer<typeof dashboardImportsSchema>;
type Picture = z.infer<typeof dashboardPictureSchema>;

/** A picture's small thumbnail, read with the session's token like the library's. */
function PictureThumbnail({ picture }: { picture: Picture }) {
  const url = useImageUrl(picture.ThumbnailPath, 'small');
  if (!url) return <Text size="xs">{picture.FileName}</Text>;
  return <Image src={url} alt={picture.FileName} h={72} fit="cover" radius="sm" />;
}

/** Part 3 of the dashboard: imports running or waiting, an upcoming maintenance window, the latest pictures. */
export function UnderWayCard({
  imports,
  maintenance,
  pictures,
}: {
  imports: Imports | null;
  maintenance: MaintenanceNotice | null;
  pictures: Picture[] | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = dateLocale(i18n.language, navigator.languages ?? []);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: defaultHoldingTimeZone,
    }).format(new Date(iso));

  return (
    <Card withBorder component="section" aria-labelledby="dashboard-under-way">
      <Title order={3} size="h4" id="dashboard-under-way" mb="sm">
        {t('dashboard.cards.underWay')}
      </Title>
      <Stack gap="sm">
        {imports && (
          <Table variant="vertical" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={200}>{t('dashboard.cards.importsRunning')}</Table.Th>
                <Table.Td data-imports="running">{imports.Running}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('dashboard.cards.importsWaiting')}</Table.Th>
                <Table.Td data-imports="waiting">{imports.Waiting}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        {maintenance && (
          <Text size="sm" role="note">
            <Text span fw={600}>
              {t('dashboard.cards.maintenance')}
            </Text>{' '}
            {t('dashboard.cards.maintenanceWhen', {
              start: when(maintenance.startDate),
              end: when(maintenance.endDate),
            })}{' '}
            {maintenance.message}
          </Text>
        )}
        {pictures && (
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t('dashboard.cards.pictures')}
            </Text>
            {pictures.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.cards.noPictures')}
              </Text>
            ) : (
              <SimpleGrid cols={3} spacing="xs">
                {pictures.map((picture) => (
                  <Stack key={picture.ImportDocumentId} gap={2}>
                    <PictureThumbnail picture={picture} />
                    {picture.Field ? (
                      <Anchor component={Link} to={`/fields/details/${picture.Field.FieldId}`} size="xs">
                        {picture.Field.Name}
                      </Anchor>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('dashboard.cards.noField')}
                      </Text>
                    )}
                  </Stack>
                ))}
              </SimpleGrid>
            )}
          </div>
        )}
      </Stack>
    </Card>
  );
}
