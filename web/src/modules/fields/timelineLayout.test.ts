import { describe, expect, it } from 'vitest';
import { CropId } from '@headland/domain/crops';
import { timelineDefaults } from '@headland/domain/timeline';
import { layoutTimeline } from './timelineLayout.ts';
import { aCropping } from './testing/fieldsFixtures.ts';

const wheat = aCropping({
  CroppingId: 1,
  FieldId: 1,
  FieldName: 'Top',
  SowingDate: '2024-10-01',
  HarvestDate: '2025-07-20',
});
const cover = aCropping({
  CroppingId: 2,
  FieldId: 1,
  FieldName: 'Top',
  CropId: CropId.CoverCrop,
  SowingDate: '2025-08-01',
  HarvestDate: '2025-11-01',
  YearId: 2026,
});
const overlapping = aCropping({
  CroppingId: 3,
  FieldId: 1,
  FieldName: 'Top',
  SowingDate: '2025-03-01',
  HarvestDate: '2025-06-01',
});
const grass = aCropping({
  CroppingId: 4,
  FieldId: 2,
  FieldName: 'Meadow',
  CropId: CropId.Grass,
  SowingDate: '2020-04-01',
  HarvestDate: null,
});
const backwards = aCropping({
  CroppingId: 5,
  FieldId: 3,
  FieldName: 'Zed',
  SowingDate: '2025-05-01',
  HarvestDate: '2025-04-01',
});

describe('layoutTimeline', () => {
  it('packs the croppings of a field into as few rows as their bars allow', () => {
    const layout = layoutTimeline([wheat, cover, overlapping], [2025, 2026]);
    expect(layout.rows).toHaveLength(1);
    expect(layout.rows[0]!.lanes.map((lane) => lane.map((bar) => bar.cropping.CroppingId))).toEqual([
      [1, 2],
      [3],
    ]);
  });

  it('stacks the field rows and their lanes under the year labels', () => {
    const { fieldRowHeight: field, croppingRowHeight: lane, bottomMargin } = timelineDefaults;
    const layout = layoutTimeline([wheat, overlapping, grass], [2025]);
    // The header is two field rows high: the year labels, then the month labels.
    expect(layout.rows.map((row) => [row.fieldName, row.top, row.laneTops])).toEqual([
      ['Meadow', 2 * field, [3 * field]],
      ['Top', 3 * field + lane, [4 * field + lane, 4 * field + 2 * lane]],
    ]);
    expect(layout.height).toBe(4 * field + 3 * lane + bottomMargin);
  });

  it('places bars by days from the first year at the duration scale', () => {
    // 0.5 is below the minimum duration scale, so 0.75 is used.
    const layout = layoutTimeline([wheat], [2025], 0.5);
    const bar = layout.rows[0]!.lanes[0]![0]!;
    // 1 August 2024 to 1 October 2024 is 61 days; the bar spans 293 days, both ends included.
    expect(bar.left).toBe(timelineDefaults.horizontalMargin + 61 * 0.75);
    expect(layout.years).toEqual([
      { yearId: 2025, left: timelineDefaults.horizontalMargin, width: 365 * 0.75 },
    ]);
  });

  it('keeps only the chosen years and orders fields by name', () => {
    const layout = layoutTimeline([wheat, cover, grass, backwards], [2025]);
    expect(layout.rows.map((row) => row.fieldName)).toEqual(['Meadow', 'Top', 'Zed']);
  });

  it('flags invalid dates and perennials that continue', () => {
    const layout = layoutTimeline([wheat, grass, backwards], [2025]);
    const bars = new Map(
      layout.rows.flatMap((row) => row.lanes.flat()).map((bar) => [bar.cropping.CroppingId, bar]),
    );
    expect(bars.get(5)!.item.invalidDates).toBe(true);
    expect(bars.get(1)!.item.invalidDates).toBe(false);
    expect(bars.get(4)!.continues).toBe(true);
    expect(bars.get(1)!.continues).toBe(false);
  });

  it('is empty without years', () => {
    expect(layoutTimeline([wheat], [])).toEqual({ rows: [], years: [], months: [], width: 0, height: 0 });
  });

  it('marks every month of the chosen years, each as wide as its days', () => {
    const layout = layoutTimeline([wheat], [2025, 2026], 1);
    expect(layout.months).toHaveLength(24);
    // Crop year 2025 runs from August 2024 to July 2025.
    expect(layout.months[0]).toEqual({
      month: 8,
      year: 2024,
      left: timelineDefaults.horizontalMargin,
      width: 31,
    });
    expect(layout.months[6]).toMatchObject({ month: 2, year: 2025, width: 28 });
    expect(layout.months.at(-1)).toMatchObject({ month: 7, year: 2026, width: 31 });
    const last = layout.months.at(-1)!;
    const year = layout.years.at(-1)!;
    expect(last.left + last.width).toBe(year.left + year.width);
  });
});
