import { useEffect, useMemo, useRef, useState } from 'react';
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
  VisuallyHidden,
} from '@mantine/core';
import { formatDisplayDate } from '@headland/domain/isoDate';
import { defaultFirstYear, invalidDatesWarning, timelineDefaults } from '@headland/domain/timeline';
import { useAppSession } from '../../shell/session/AppSessionContext.tsx';
import { useCroppingsOfYears } from './fieldsQueries.ts';
import {
  layoutTimeline,
  timelineHeaderHeight,
  type TimelineBar,
  type TimelineLayout,
} from './timelineLayout.ts';
import { CropLabel } from './widgets/CropLabel.tsx';
import { YearsPicker } from './widgets/YearsPicker.tsx';
import { translatedCropLabel } from '../../i18n/cropNames.ts';

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
  const label = translatedCropLabel(t, cropping);
  const dates = `${formatDisplayDate(item.start)} – ${formatDisplayDate(item.end)}`;
  return (
    <UnstyledButton
      onClick={onOpen}
      disabled={item.disabled}
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
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" style={{ flexShrink: 0 }}>
            <path d="M1 6h9M7 3l3 3-3 3" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        )}
      </Group>
      {/* The button is named by its words; the hidden ones stop the name's sentences and say what the arrow
          shows, so that what is seen is always part of what is heard. */}
      <VisuallyHidden>. </VisuallyHidden>
      <Text size="xs" c="dimmed" truncate>
        {dates}
      </Text>
      {bar.continues && (
        <VisuallyHidden>. {t('fields.timeline.continues', { year: cropping.YearId + 1 })}</VisuallyHidden>
      )}
      {item.invalidDates && (
        <Text size="xs" c="orange" truncate>
          <VisuallyHidden>. </VisuallyHidden>
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" style={{ marginRight: 4 }}>
            <path d="M5 1 9.5 9h-9z" fill="none" stroke="currentColor" strokeWidth="1.2" />
          </svg>
          {invalidDatesWarning}
        </Text>
      )}
    </UnstyledButton>
  );
}

/** The short name of a month (1 to 12) in the page's language. */
function monthName(language: string, month: number): string {
  return new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2000, month - 1, 1),
  );
}

/**
 * Where the timeline opens: the whole of the current crop year at the right edge when the view is wide enough,
 * else its start at the left edge.
 */
function openingScroll(layout: TimelineLayout, yearId: number, viewWidth: number): number {
  const mark = layout.years.find((year) => year.yearId === yearId);
  if (!mark) return 0;
  const margin = timelineDefaults.horizontalMargin;
  return Math.max(0, Math.min(mark.left - margin, mark.left + mark.width + margin - viewWidth));
}

/**
 * The croppings timeline: a row per field and rows of croppings across the chosen crop years, drawn with the
 * timeline defaults of fields-croppings-maps §9. Items whose dates cannot be drawn faithfully carry the
 * invalid-dates warning; perennials that go on into the next year carry an arrow.
 */
export function CroppingTimeline() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { holding, yearId } = useAppSession();
  const viewportRef = useRef<HTMLDivElement>(null);
  /** The chosen years the view was last scrolled to the current year for. */
  const openedFor = useRef<string | null>(null);
  const offeredYears = useMemo(
    () => [...new Set([...holding.CropYears, yearId])].sort((a, b) => a - b),
    [holding.CropYears, yearId],
  );
  const [years, setYears] = useState(() => defaultYears(yearId, holding.CropYears));
  const [zoom, setZoom] = useState<number>(timelineDefaults.defaultZoom);
  const [cropFilter, setCropFilter] = useState<string | null>(null);
  const { croppings, pending, error } = useCroppingsOfYears(years);

  const cropOptions = useMemo(() => {
    const labels = new Map(croppings.map((cropping) => [cropping.CropId, translatedCropLabel(t, cropping)]));
    return [...labels.entries()]
      .map(([id, label]) => ({ value: String(id), label }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [croppings, t, i18n.language]);

  const layout = useMemo(
    () =>
      layoutTimeline(croppings, years, zoom / percent, {
        isFiltered: cropFilter === null ? undefined : (cropping) => String(cropping.CropId) !== cropFilter,
      }),
    [croppings, years, zoom, cropFilter],
  );

  const shown = !pending && layout.rows.length > 0;
  // Opens on the current crop year, once the croppings are drawn, and again whenever other years are chosen.
  useEffect(() => {
    const viewport = viewportRef.current;
    const key = years.join(',');
    if (!shown || !viewport || openedFor.current === key) return;
    openedFor.current = key;
    viewport.scrollLeft = openingScroll(layout, yearId, viewport.clientWidth);
  }, [shown, layout, years, yearId]);

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
        <ScrollArea type="auto" viewportRef={viewportRef}>
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
            {layout.months.map((mark) => (
              <Text
                key={`${mark.year}-${mark.month}`}
                pos="absolute"
                top={timelineDefaults.fieldRowHeight}
                left={mark.left}
                w={mark.width}
                h={timelineHeaderHeight - timelineDefaults.fieldRowHeight}
                size="xs"
                c="dimmed"
                px={4}
                data-month={`${mark.year}-${String(mark.month).padStart(2, '0')}`}
                style={{ borderLeft: '1px solid var(--mantine-color-default-border)', whiteSpace: 'nowrap' }}
              >
                {monthName(i18n.language, mark.month)}
              </Text>
            ))}
            {layout.rows.map((row) => (
              <Box key={row.fieldId}>
                {/* A row as wide as the timeline, whose name sticks to the left edge when scrolling sideways. */}
                <Box
                  pos="absolute"
                  top={row.top}
                  left={0}
                  w={layout.width}
                  h={timelineDefaults.fieldRowHeight}
                  style={{ pointerEvents: 'none' }}
                >
                  <Text
                    size="sm"
                    fw={600}
                    component="h4"
                    m={0}
                    px={timelineDefaults.horizontalMargin}
                    h={timelineDefaults.fieldRowHeight}
                    style={{
                      position: 'sticky',
                      left: 0,
                      display: 'inline-block',
                      background: 'var(--mantine-color-body)',
                    }}
                  >
                    {row.fieldName}
                  </Text>
                </Box>
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
