import { describe, expect, it } from 'vitest';
import { groupCheck, groupCroppings, type CroppingGrouping } from './croppingGroups.ts';
import { aCropping } from './testing/permissionsFixtures.ts';

const croppings = [
  aCropping({
    croppingId: 1,
    cropName: 'Winter wheat',
    varietyName: 'Skyfall',
    fieldGroup: 'North',
    area: 1.005,
  }),
  aCropping({ croppingId: 2, cropName: 'Spring barley', varietyName: null, fieldGroup: null, area: 2.1 }),
  aCropping({
    croppingId: 3,
    cropName: 'Winter wheat',
    varietyName: 'Extase',
    fieldGroup: 'North',
    area: 3.333,
  }),
  aCropping({
    croppingId: 4,
    cropName: 'Oats',
    varietyName: ' ',
    fieldGroup: 'South',
    area: 4,
    cropDescription: 'Seed crop',
  }),
];

describe('groupCroppings', () => {
  it.each<[CroppingGrouping, [string | null, number[], number][]]>([
    ['all', [[null, [1, 2, 3, 4], 10.44]]],
    [
      'crop',
      [
        ['Oats', [4], 4],
        ['Spring barley', [2], 2.1],
        ['Winter wheat', [1, 3], 4.34],
      ],
    ],
    [
      'variety',
      [
        ['Extase', [3], 3.33],
        ['Skyfall', [1], 1.01],
        [null, [2, 4], 6.1],
      ],
    ],
    [
      'fieldGroup',
      [
        ['North', [1, 3], 4.34],
        ['South', [4], 4],
        [null, [2], 2.1],
      ],
    ],
    [
      'cropDescription',
      [
        ['Seed crop', [4], 4],
        [null, [1, 2, 3], 6.44],
      ],
    ],
  ])('%s', (grouping, expected) => {
    const groups = groupCroppings(croppings, grouping);
    expect(
      groups.map((group) => [group.value, group.croppings.map((c) => c.croppingId), group.area]),
    ).toEqual(expected);
    expect(new Set(groups.map((group) => group.key)).size).toBe(groups.length);
  });

  it('has no groups without croppings', () => {
    expect(groupCroppings([], 'crop')).toEqual([]);
  });
});

describe('groupCheck', () => {
  it.each<[boolean[], string]>([
    [[true, true], 'checked'],
    [[false, false], 'unchecked'],
    [[true, false], 'mixed'],
    [[false, true, true], 'mixed'],
  ])('%j is %s', (authorised, expected) => {
    expect(groupCheck(authorised)).toBe(expected);
  });
});
