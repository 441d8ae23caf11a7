import { croppingSpan, hasInvalidDates, type CroppingDates, type DateSpan } from './cropping';
import { daysBetween } from './isoDate';

/** Layout defaults of the croppings timeline, in pixels unless said otherwise. */
export const timelineDefaults = {
  croppingRowHeight: 65,
  fieldRowHeight: 25,
  horizontalMargin: 10,
  bottomMargin: 150,
  /** Pixels per day of a cropping's bar. */
  durationScale: 1.5,
  minDurationScale: 0.75,
  maxDurationScale: 1.5,
  defaultZoom: 150,
  minItemWidth: 70,
  /** The first year shown by default is this many years before the current one. */
  firstYearOffset: 2,
} as const;

/** Spelt as the product has always shown it. */
export const invalidDatesWarning =
  'This crop has invalid dates, and may not be represented accurrately in the timeline.';

export function clampDurationScale(scale: number): number {
  return Math.min(timelineDefaults.maxDurationScale, Math.max(timelineDefaults.minDurationScale, scale));
}

/** A bar's width: its days at the duration scale, never narrower than the minimum item width. */
export function timelineItemWidth(
  span: DateSpan,
  durationScale: number = timelineDefaults.durationScale,
): number {
  const days = daysBetween(span.start, span.end) + 1;
  return Math.max(timelineDefaults.minItemWidth, days * clampDurationScale(durationScale));
}

/** Two years before the current year, or the holding's earliest year when that is later. */
export function defaultFirstYear(currentYear: number, holdingYears: readonly number[]): number {
  const twoBefore = currentYear - timelineDefaults.firstYearOffset;
  return holdingYears.length === 0 ? twoBefore : Math.max(twoBefore, Math.min(...holdingYears));
}

export interface TimelineCropping extends CroppingDates {
  CroppingId: number;
  FieldId: number;
  YearId: number;
  PreviousIds: readonly number[];
  NextIds: readonly number[];
  perennial: boolean;
}

type SpanOf = Pick<TimelineCropping, 'YearId' | 'perennial'> & CroppingDates;

function spanOf(cropping: SpanOf): DateSpan {
  return croppingSpan(cropping, cropping.perennial);
}

/**
 * Whether the timeline cannot draw a cropping faithfully: its start is not before its end, a next cropping starts
 * before it ends, or a previous cropping ends after it starts. The comparisons use the drawn spans, so a
 * perennial's yearly croppings, cut at the year bounds, never clash with each other.
 */
export function hasTimelineInvalidDates(
  cropping: SpanOf,
  previous: readonly SpanOf[],
  next: readonly SpanOf[],
): boolean {
  const span = spanOf(cropping);
  if (hasInvalidDates(cropping) || span.start >= span.end) return true;
  return (
    next.some((other) => spanOf(other).start < span.end) ||
    previous.some((other) => spanOf(other).end > span.start)
  );
}

export interface TimelineItem extends DateSpan {
  croppingId: number;
  fieldId: number;
  disabled: boolean;
  filtered: boolean;
  selected: boolean;
  invalidDates: boolean;
}

export interface TimelineItemOptions {
  selectedIds?: ReadonlySet<number>;
  /** Croppings that a filter hides. */
  isFiltered?: (cropping: TimelineCropping) => boolean;
  /** Croppings that cannot be edited, such as those of a field disabled in their year. */
  isDisabled?: (cropping: TimelineCropping) => boolean;
}

/** The bars of the timeline, one per cropping, with their state flags. */
export function timelineItems(
  croppings: readonly TimelineCropping[],
  options: TimelineItemOptions = {},
): TimelineItem[] {
  const byId = new Map(croppings.map((cropping) => [cropping.CroppingId, cropping]));
  const lookup = (ids: readonly number[]) =>
    ids.map((id) => byId.get(id)).filter((found): found is TimelineCropping => found !== undefined);
  return croppings.map((cropping) => ({
    ...spanOf(cropping),
    croppingId: cropping.CroppingId,
    fieldId: cropping.FieldId,
    disabled: options.isDisabled?.(cropping) ?? false,
    filtered: options.isFiltered?.(cropping) ?? false,
    selected: options.selectedIds?.has(cropping.CroppingId) ?? false,
    invalidDates: hasTimelineInvalidDates(cropping, lookup(cropping.PreviousIds), lookup(cropping.NextIds)),
  }));
}
