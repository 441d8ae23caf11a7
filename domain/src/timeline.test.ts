import { describe, expect, it } from 'vitest';
import {
  clampDurationScale,
  defaultFirstYear,
  hasTimelineInvalidDates,
  invalidDatesWarning,
  timelineDefaults,
  timelineItems,
  timelineItemWidth,
  type TimelineCropping,
} from './timeline';

it("the warning is the product's exact wording", () => {
  expect(invalidDatesWarning).toBe(
    'This crop has invalid dates, and may not be represented accurrately in the timeline.',
  );
});

it("the defaults are the spec's", () => {
  expect(timelineDefaults).toMatchObject({
    croppingRowHeight: 65,
    fieldRowHeight: 25,
    horizontalMargin: 10,
    bottomMargin: 150,
    durationScale: 1.5,
    minDurationScale: 0.75,
    maxDurationScale: 1.5,
    defaultZoom: 150,
    minItemWidth: 70,
  });
});

describe('clampDurationScale', () => {
  it.each([
    [0.5, 0.75],
    [0.75, 0.75],
    [1, 1],
    [1.5, 1.5],
    [2, 1.5],
  ])('%d becomes %d', (scale, expected) => {
    expect(clampDurationScale(scale)).toBe(expected);
  });
});

describe('timelineItemWidth', () => {
  it.each([
    [{ start: '2026-03-01', end: '2026-03-10' }, 1.5, 70],
    [{ start: '2025-08-01', end: '2026-07-31' }, 1.5, 547.5],
    [{ start: '2025-08-01', end: '2026-07-31' }, 3, 547.5],
    [{ start: '2025-08-01', end: '2026-07-31' }, 0.75, 273.75],
  ])('%j at scale %d is %d px', (span, scale, width) => {
    expect(timelineItemWidth(span, scale)).toBe(width);
  });
});

describe('defaultFirstYear', () => {
  it.each([
    [2026, [2018, 2019, 2026], 2024],
    [2026, [2025, 2026], 2025],
    [2026, [2024, 2026], 2024],
    [2026, [], 2024],
  ])('current %i with years %j starts at %i', (current, years, first) => {
    expect(defaultFirstYear(current, years)).toBe(first);
  });
});

const wheat = { YearId: 2026, perennial: false, SowingDate: '2025-10-01', HarvestDate: '2026-08-15' };

describe('hasTimelineInvalidDates', () => {
  it.each([
    ['valid dates, no neighbours', wheat, [], [], false],
    ['harvest on the sowing day', { ...wheat, HarvestDate: '2025-10-01' }, [], [], true],
    [
      'sown after the year with no end',
      { YearId: 2026, perennial: false, SowingDate: '2026-08-01' },
      [],
      [],
      true,
    ],
    [
      'next cropping sown on the harvest day',
      wheat,
      [],
      [{ YearId: 2027, perennial: false, SowingDate: '2026-08-15' }],
      false,
    ],
    [
      'next cropping sown the day before harvest',
      wheat,
      [],
      [{ YearId: 2027, perennial: false, SowingDate: '2026-08-14' }],
      true,
    ],
    [
      'previous cropping harvested on the sowing day',
      wheat,
      [{ YearId: 2025, perennial: false, HarvestDate: '2025-10-01' }],
      [],
      false,
    ],
    [
      'previous cropping harvested the day after sowing',
      wheat,
      [{ YearId: 2025, perennial: false, HarvestDate: '2025-10-02' }],
      [],
      true,
    ],
    [
      'a perennial after its own previous year',
      { YearId: 2026, perennial: true, SowingDate: '2021-04-01', HarvestDate: '2026-06-01' },
      [{ YearId: 2025, perennial: true, SowingDate: '2021-04-01', HarvestDate: '2025-06-01' }],
      [],
      false,
    ],
  ])('%s: %s', (_name, cropping, previous, next, invalid) => {
    expect(hasTimelineInvalidDates(cropping, previous, next)).toBe(invalid);
  });
});

describe('timelineItems', () => {
  const croppings: TimelineCropping[] = [
    { ...wheat, CroppingId: 1, FieldId: 9, PreviousIds: [], NextIds: [2] },
    {
      CroppingId: 2,
      FieldId: 9,
      YearId: 2027,
      perennial: false,
      SowingDate: '2026-08-01',
      PreviousIds: [1],
      NextIds: [],
    },
    { CroppingId: 3, FieldId: 8, YearId: 2027, perennial: false, PreviousIds: [], NextIds: [] },
  ];

  it('flags both ends of a clash and passes the state flags', () => {
    const items = timelineItems(croppings, {
      selectedIds: new Set([2]),
      isFiltered: (cropping) => cropping.FieldId === 8,
      isDisabled: (cropping) => cropping.YearId === 2026,
    });
    expect(items).toEqual([
      {
        croppingId: 1,
        fieldId: 9,
        start: '2025-10-01',
        end: '2026-08-15',
        disabled: true,
        filtered: false,
        selected: false,
        invalidDates: true,
      },
      {
        croppingId: 2,
        fieldId: 9,
        start: '2026-08-01',
        end: '2027-07-31',
        disabled: false,
        filtered: false,
        selected: true,
        invalidDates: true,
      },
      {
        croppingId: 3,
        fieldId: 8,
        start: '2026-08-01',
        end: '2027-07-31',
        disabled: false,
        filtered: true,
        selected: false,
        invalidDates: false,
      },
    ]);
  });
});
