import { describe, expect, it } from 'vitest';
import { spanOf, type GridAxis } from './useGridWindow.ts';

// 100 columns of 300 px after a 200 px heading column, 2 drawn either side, 8 before the first measure.
const axis: GridAxis = { count: 100, size: 300, offset: 200, overscan: 2, initial: 8 };

describe('spanOf', () => {
  it.each([
    ['an unmeasured viewport draws the first few', axis, 0, 0, { start: 0, end: 8 }],
    ['fewer columns than the first few', { ...axis, count: 3 }, 0, 0, { start: 0, end: 3 }],
    ['at the left edge: the columns in view and two after', axis, 0, 1000, { start: 0, end: 5 }],
    ['scrolled: two before and two after those in view', axis, 3000, 1000, { start: 7, end: 15 }],
    ['at the right edge: never past the last column', axis, 29_200, 1000, { start: 94, end: 100 }],
    [
      'scrolled beyond a grid narrowed by the filter',
      { ...axis, count: 4 },
      29_200,
      1000,
      { start: 4, end: 4 },
    ],
    [
      'rows: the first rows under the headings',
      { ...axis, size: 38, offset: 76 },
      0,
      380,
      { start: 0, end: 10 },
    ],
  ])('%s', (_case, gridAxis, scrolled, visible, expected) => {
    expect(spanOf(gridAxis, scrolled, visible)).toEqual(expected);
  });
});
