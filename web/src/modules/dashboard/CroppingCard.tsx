import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import type { DashboardCropTotal, DashboardYearTotals } from '@headland/domain/api/dashboardApi';
import { CropId } from '@headland/domain/crops';
import { translatedCropLabel } from '../../i18n/cropNames.ts';
import { formatArea, numberLocale } from '../../i18n/numberFormat.ts';
import { CropSwatch } from './CropSwatch.tsx';

interface Row {
  cropId: number;
  current: DashboardCropTotal | undefined;
  previous: DashboardCropTotal | undefined;
}

/** The crops of the year, largest first, then those grown only the year before. */
function rowsOf(year: readonly DashboardCropTotal[], previous: readonly DashboardCropTotal[]): Row[] {
  const before = new Map(previous.map((crop) => [crop.CropId, crop]));
  const rows: Row[] = year.map((crop) => ({
    cropId: crop.CropId,
    current: crop,
    previous: before.get(crop.CropId),
  }));
  const shown = new Set(year.map((crop) => crop.CropId));
  for (const crop of previous)
    if (!shown.has(crop.CropId)) rows.push({ cropId: crop.CropId, current: undefined, previous: crop });
  return rows;
}

/** Part 1 of the dashboard: area by crop in the session's year, the previous year beside it. */
export function CroppingCard({
  year,
  previous,
  restricted,
}: {
  year: DashboardYearTotals;
  previous: DashboardYearTotals;
  restricted: boolean;
}) {
  const { t, i18n } = useTranslation();
  const hectares = (value: number | undefined) =>
    value === undefined ? '—' : formatArea(value, i18n.language);
  const percent = new Intl.NumberFormat(numberLocale(i18n.language), {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const name = (cropId: number) => translatedCropLabel(t, { CropId: cropId });

  const section = (rows: Row[], linked: boolean) =>
    rows.map(({ cropId, current, previous: before }) => {
      const style = current ?? before!;
      const label = name(cropId);
      return (
        <Table.Tr key={cropId} data-crop-id={cropId}>
          <Table.Th scope="row" fw="normal">
            <Group gap={6} wrap="nowrap">
              <CropSwatch colour={style.Colour} pattern={style.Pattern} />
              {linked && current ? (
                <Anchor
                  component={Link}
                  to={`/fields?crop=${cropId}`}
                  aria-label={t('dashboard.cards.showCropFields', { crop: label })}
                >
                  {label}
                </Anchor>
              ) : (
                <Text span size="sm">
                  {label}
                </Text>
              )}
            </Group>
          </Table.Th>
          <Table.Td ta="right" data-column="hectares">
            {hectares(current?.Hectares)}
          </Table.Td>
          <Table.Td ta="right">{current?.Share == null ? '' : percent.format(current.Share)}</Table.Td>
          <Table.Td ta="right">{current?.Fields ?? ''}</Table.Td>
          <Table.Td ta="right" data-column="previous">
            {hectares(before?.Hectares)}
          </Table.Td>
        </Table.Tr>
      );
    });

  const total = (label: string, current: number, before: number, key: string) => (
    <Table.Tr key={key} data-total={key}>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td ta="right" fw={600}>
        {hectares(current)}
      </Table.Td>
      <Table.Td />
      <Table.Td />
      <Table.Td ta="right">{hectares(before)}</Table.Td>
    </Table.Tr>
  );

  const empty =
    year.Crops.length + year.NonCrops.length + previous.Crops.length + previous.NonCrops.length === 0;

  return (
    <Card withBorder component="section" aria-labelledby="dashboard-cropping">
      <Title order={3} size="h4" id="dashboard-cropping" mb="sm">
        {t('dashboard.cards.cropping', { year: year.YearId })}
      </Title>
      {restricted && (
        <Alert color="blue" variant="light" mb="sm">
          {t('dashboard.cards.restricted')}
        </Alert>
      )}
      {empty ? (
        <Text c="dimmed">{t('dashboard.cards.noCroppings')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-labelledby="dashboard-cropping">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.cards.crop')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.cards.hectaresOf', { year: year.YearId })}</Table.Th>
                <Table.Th ta="right">{t('dashboard.cards.share')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.cards.fields')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.cards.hectaresOf', { year: previous.YearId })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {section(rowsOf(year.Crops, previous.Crops), true)}
              {total(t('dashboard.cards.cropped'), year.CroppedHectares, previous.CroppedHectares, 'cropped')}
            </Table.Tbody>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th colSpan={5} scope="colgroup" bg="var(--mantine-color-default-hover)">
                  {t('dashboard.cards.nonCrop')}
                </Table.Th>
              </Table.Tr>
              {section(rowsOf(year.NonCrops, previous.NonCrops), false)}
              {total(name(CropId.Uncropped), year.UncroppedHectares, previous.UncroppedHectares, 'uncropped')}
              {total(t('dashboard.cards.fieldArea'), year.FieldHectares, previous.FieldHectares, 'fields')}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
