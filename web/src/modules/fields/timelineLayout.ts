import type { CroppingResponse } from '@headland/domain/api/fieldsApi';
import { harvestYearEnd, harvestYearStart } from '@headland/domain/harvestYear';
import { daysBetween, isoDateFromParts, parseIsoDate, type IsoDate } from '@headland/domain/isoDate';
import { continuesIntoNextYear } from '@headland/domain/rotation';
import {
  clampDurationScale,
  timelineDefaults,
  timelineItemWidth,
  timelineItems,
  type TimelineItem,
} from '@headland/domain/timeline';

export interface TimelineBar {
  item: TimelineItem;
  cropping: CroppingResponse;
  /** Pixels from the left edge of the timeline. */
  left: number;
  width: number;
  /** A perennial that goes on into the next crop year. */
  continues: boolean;
}

export interface TimelineFieldRow {
  fieldId: number;
  fieldName: string;
  /** Pixels from the top of the timeline to the field's own row. */
  top: number;
  /** Bars that do not overlap share a lane; each lane is one cropping row. */
  lanes: TimelineBar[][];
  /** Pixels from the top of the timeline to each lane. */
  laneTops: number[];
}

export interface TimelineYearMark {
  yearId: number;
  left: number;
  width: number;
}

/** A calendar month under the year labels. */
export interface TimelineMonthMark {
  /** 1 for January to 12 for December. */
  month: number;
  /** The calendar year the month is in (a crop year starts in the previous calendar year). */
  year: number;
  left: number;
  width: number;
}

/** The header above the field rows: the year labels, then the month labels. */
export const timelineHeaderHeight = 2 * timelineDefaults.fieldRowHeight;

export interface TimelineLayoutOptions {
  selectedIds?: ReadonlySet<number>;
  /** Croppings that a filter dims. */
  isFiltered?: (cropping: CroppingResponse) => boolean;
  /** Croppings that cannot be opened. */
  isDisabled?: (cropping: CroppingResponse) => boolean;
}

export interface TimelineLayout {
  rows: TimelineFieldRow[];
  years: TimelineYearMark[];
  months: TimelineMonthMark[];
  width: number;
  height: number;
}

/** Pixels from the timeline's left edge to the start of `date`. */
function offset(rangeStart: IsoDate, date: IsoDate, scale: number): number {
  return timelineDefaults.horizontalMargin + daysBetween(rangeStart, date) * scale;
}

/**
 * Places the croppings of the chosen years on the timeline: below a row of year labels, a header row per field
 * (field row height), then its croppings packed into as few rows (cropping row height) as their bars allow, at `durationScale` pixels a
 * day from the start of the first chosen year. Fields are in name order.
 */
export function layoutTimeline(
  croppings: readonly CroppingResponse[],
  yearIds: readonly number[],
  durationScale: number = timelineDefaults.durationScale,
  options: TimelineLayoutOptions = {},
): TimelineLayout {
  const sortedYears = [...yearIds].sort((a, b) => a - b);
  if (sortedYears.length === 0) return { rows: [], years: [], months: [], width: 0, height: 0 };
  const scale = clampDurationScale(durationScale);
  const rangeStart = harvestYearStart(sortedYears[0]!);
  const rangeEnd = harvestYearEnd(sortedYears.at(-1)!);
  const shown = croppings.filter((cropping) => sortedYears.includes(cropping.YearId));
  const byId = new Map(shown.map((cropping) => [cropping.CroppingId, cropping]));
  const { isFiltered, isDisabled } = options;
  const items = timelineItems(
    shown.map((cropping) => ({ ...cropping, perennial: cropping.Crop.Perennial })),
    {
      selectedIds: options.selectedIds,
      isFiltered: isFiltered && ((cropping) => isFiltered(byId.get(cropping.CroppingId)!)),
      isDisabled: isDisabled && ((cropping) => isDisabled(byId.get(cropping.CroppingId)!)),
    },
  );

  const fields = new Map<number, { name: string; bars: TimelineBar[] }>();
  for (const item of items) {
    const cropping = byId.get(item.croppingId)!;
    const bar: TimelineBar = {
      item,
      cropping,
      left: offset(rangeStart, item.start, scale),
      width: timelineItemWidth(item, scale),
      continues: continuesIntoNextYear({ ...cropping, perennial: cropping.Crop.Perennial }),
    };
    const entry = fields.get(cropping.FieldId) ?? { name: cropping.FieldName, bars: [] };
    entry.bars.push(bar);
    fields.set(cropping.FieldId, entry);
  }

  // The header holds the year labels and, below them, the month labels.
  let top = timelineHeaderHeight;
  const rows = [...fields.entries()]
    .map(([fieldId, { name, bars }]) => ({ fieldId, fieldName: name, lanes: packLanes(bars) }))
    .sort(
      (a, b) => a.fieldName.localeCompare(b.fieldName, 'en-GB', { numeric: true }) || a.fieldId - b.fieldId,
    )
    .map((row) => {
      const rowTop = top;
      top += timelineDefaults.fieldRowHeight;
      const laneTops = row.lanes.map((_, index) => top + index * timelineDefaults.croppingRowHeight);
      top += row.lanes.length * timelineDefaults.croppingRowHeight;
      return { ...row, top: rowTop, laneTops };
    });

  const years = sortedYears.map((yearId) => {
    const left = offset(rangeStart, harvestYearStart(yearId), scale);
    return { yearId, left, width: offset(rangeStart, harvestYearEnd(yearId), scale) + scale - left };
  });
  const months = monthMarks(rangeStart, rangeEnd, scale);
  const lastRight = Math.max(
    offset(rangeStart, rangeEnd, scale) + scale,
    ...rows.flatMap((row) => row.lanes.flat().map((bar) => bar.left + bar.width)),
  );
  return {
    rows,
    years,
    months,
    width: lastRight + timelineDefaults.horizontalMargin,
    height: top + timelineDefaults.bottomMargin,
  };
}

/** The calendar months from `rangeStart` (the first of a month) to `rangeEnd`, each as wide as its days. */
function monthMarks(rangeStart: IsoDate, rangeEnd: IsoDate, scale: number): TimelineMonthMark[] {
  const marks: TimelineMonthMark[] = [];
  let { year, month } = parseIsoDate(rangeStart)!;
  let start = rangeStart;
  while (daysBetween(start, rangeEnd) >= 0) {
    const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
    const nextStart = isoDateFromParts({ ...next, day: 1 });
    const left = offset(rangeStart, start, scale);
    marks.push({ month, year, left, width: offset(rangeStart, nextStart, scale) - left });
    ({ year, month } = next);
    start = nextStart;
  }
  return marks;
}

/** First-fit by start: each bar goes into the first lane whose last bar ends (as drawn) before it begins. */
function packLanes(bars: TimelineBar[]): TimelineBar[][] {
  const lanes: TimelineBar[][] = [];
  const sorted = [...bars].sort((a, b) => a.left - b.left || a.cropping.CroppingId - b.cropping.CroppingId);
  for (const bar of sorted) {
    const lane = lanes.find((candidate) => {
      const last = candidate.at(-1)!;
      return last.left + last.width <= bar.left;
    });
    if (lane) lane.push(bar);
    else lanes.push([bar]);
  }
  return lanes;
}
