import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Group,
  Loader,
  ScrollArea,
  Select,
  Slider,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { cropLabel } from '@headland/domain/crops';
import { formatDisplayDate } from '@headland/domain/isoDate';
import { defaultFirstYear, invalidDatesWarning, timelineDefaults } from '@headland/domain/timeline';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useCroppingsOfYears } from './fieldsQueries.ts';
import { layoutTimeline, type TimelineBar } from './timelineLayout.ts';
import { CropLabel } from './widgets/CropLabel.tsx';
import { YearsPicker } from './widgets/YearsPicker.tsx';

/** Zoom is shown in percent of one pixel a day; the duration scale is its hundredth. */
const percent = 100;

function defaultYears(currentYear: number, holdingYears: readonly number[]): number[] {
  const first = defaultFirstYear(currentYear, holdingYears);
  const years = new Set(holdingYears.filter((year) => year >= first && year <= currentYear));
  years.add(currentYear);
  return [...years].sort((a, b) => a - b);
}

function TimelineItemBox({ bar, top, onOpen }: { bar: TimelineBar; top: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const { item, cropping } = bar;
  const label = cropLabel(cropping);
  const dates = `${formatDisplayDate(item.start)} – ${formatDisplayDate(item.end)}`;
  const description = [label, dates];
  if (bar.continues) description.push(t('fields.timeline.continues', { year: cropping.YearId + 1 }));
  if (item.invalidDates) description.push(invalidDatesWarning);
  return (
    <UnstyledButton
      onClick={onOpen}
      disabled={item.disabled}
      aria-label={description.join('. ')}
      title={item.invalidDates ? invalidDatesWarning : undefined}
      pos="absolute"
      top={top + 4}
      left={bar.left}
      w={bar.width}
      h={timelineDefaults.croppingRowHeight - 8}
      px={6}
      py={2}
      style={{
        border: `1px solid ${item.invalidDates ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-default-border)'}`,
        borderLeft: `6px solid ${cropping.CssColor}`,
        borderRadius: 4,
        overflow: 'hidden',
        opacity: item.filtered || item.disabled ? 0.35 : 1,
        background: 'var(--mantine-color-body)',
      }}
    >
      <Group gap={4} wrap="nowrap" justify="space-between">
        <CropLabel label={label} colour={cropping.CssColor} size="xs" />
        {bar.continues && (
          <Text span size="xs" aria-hidden="true">
            →
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {dates}
      </Text>
      {item.invalidDates && (
        <Text size="xs" c="orange" truncate>
          ⚠ {invalidDatesWarning}
        </Text>
      )}
    </UnstyledButton>
  );
}

/**
 * The croppings timeline: a row per field and rows of croppings across the chosen crop years, drawn with the
 * timeline defaults of fields-croppings-maps §9. Items whose dates cannot be drawn faithfully carry the
 * invalid-dates warning; perennials that go on into the next year carry an arrow.
 */
export function CroppingTimeline() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { holding, yearId } = useAppSession();
  const offeredYears = useMemo(
    () => [...new Set([...holding.CropYears, yearId])].sort((a, b) => a - b),
    [holding.CropYears, yearId],
  );
  const [years, setYears] = useState(() => defaultYears(yearId, holding.CropYears));
  const [zoom, setZoom] = useState<number>(timelineDefaults.defaultZoom);
  const [cropFilter, setCropFilter] = useState<string | null>(null);
  const { croppings, pending, error } = useCroppingsOfYears(years);

  const cropOptions = useMemo(() => {
    const labels = new Map(croppings.map((cropping) => [cropping.CropId, cropLabel(cropping)]));
    return [...labels.entries()]
      .map(([id, label]) => ({ value: String(id), label }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en-GB'));
  }, [croppings]);

  const layout = useMemo(
    () =>
      layoutTimeline(croppings, years, zoom / percent, {
        isFiltered: cropFilter === null ? undefined : (cropping) => String(cropping.CropId) !== cropFilter,
      }),
    [croppings, years, zoom, cropFilter],
  );

  return (
    <Stack>
      <Group align="flex-end">
        <YearsPicker years={offeredYears} currentYear={yearId} value={years} onChange={setYears} />
        <Select
          label={t('fields.list.cropFilter')}
          placeholder={t('fields.list.allCrops')}
          data={cropOptions}
          value={cropFilter}
          onChange={setCropFilter}
          clearable
          searchable
        />
        <Box w={200}>
          <Text size="sm" fw={500}>
            {t('fields.timeline.zoom')}
          </Text>
          <Slider
            thumbLabel={t('fields.timeline.zoom')}
            min={timelineDefaults.minDurationScale * percent}
            max={timelineDefaults.maxDurationScale * percent}
            step={5}
            value={zoom}
            onChange={setZoom}
            label={(value) => `${value}%`}
          />
        </Box>
      </Group>
      {error && <Alert color="red">{t('fields.loadError')}</Alert>}
      {years.length === 0 ? (
        <Text c="dimmed">{t('fields.timeline.noYears')}</Text>
      ) : pending ? (
        <Loader aria-label={t('fields.loading')} />
      ) : layout.rows.length === 0 ? (
        <Text c="dimmed">{t('fields.timeline.noCroppings')}</Text>
      ) : (
        <ScrollArea type="auto">
          <Box
            pos="relative"
            w={layout.width}
            h={layout.height}
            role="region"
            aria-label={t('fields.timeline.label')}
          >
            {layout.years.map((mark) => (
              <Box
                key={mark.yearId}
                pos="absolute"
                top={0}
                left={mark.left}
                w={mark.width}
                h="100%"
                style={{ borderLeft: '1px dashed var(--mantine-color-default-border)' }}
              >
                <Text size="sm" fw={600} px={4}>
                  {mark.yearId}
                </Text>
              </Box>
            ))}
            {layout.rows.map((row) => (
              <Box key={row.fieldId}>
                <Text
                  pos="absolute"
                  top={row.top}
                  left={timelineDefaults.horizontalMargin}
                  size="sm"
                  fw={600}
                  h={timelineDefaults.fieldRowHeight}
                  component="h4"
                  m={0}
                >
                  {row.fieldName}
                </Text>
                {row.lanes.flatMap((lane, index) =>
                  lane.map((bar) => (
                    <TimelineItemBox
                      key={bar.cropping.CroppingId}
                      bar={bar}
                      top={row.laneTops[index]!}
                      onOpen={() => navigate(`/fields/cropping/${bar.cropping.CroppingId}`)}
                    />
                  )),
                )}
              </Box>
            ))}
          </Box>
        </ScrollArea>
      )}
    </Stack>
  );
}
