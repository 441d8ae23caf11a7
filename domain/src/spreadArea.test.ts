import { describe, expect, it } from 'vitest';
import type { FieldAreas } from './field';
import { spreadArea, type SpreadAreaCropping } from './spreadArea';

type SpreadField = FieldAreas & { ManureSpreadArea: number | null };

const field: SpreadField = {
  AreaType: 'Working',
  BoundaryArea: 10.4,
  WorkingArea: 10,
  WholeArea: 10.6,
  ManureSpreadArea: 9.2,
};

function c(id: number, area: number, extra: Partial<SpreadAreaCropping> = {}): SpreadAreaCropping {
  return { CroppingId: id, YearId: 2026, Area: area, ManureSpreadArea: null, perennial: false, ...extra };
}

describe('spreadArea on a field whose working area is 10 ha and spread area 9.2 ha', () => {
  it.each<[string, SpreadAreaCropping, SpreadAreaCropping[], Partial<SpreadField>, number]>([
    ['own spread area', c(1, 10, { ManureSpreadArea: 7.5 }), [], {}, 7.5],
    ['own spread area of zero', c(1, 10, { ManureSpreadArea: 0 }), [], {}, 0],
    ['negative own spread area means unset', c(1, 10, { ManureSpreadArea: -1 }), [], {}, 9.2],
    ['whole field, alone', c(1, 10), [], {}, 9.2],
    ['whole field to 2 decimals', c(1, 9.996), [], {}, 9.2],
    ['part of the field', c(1, 9.99), [], {}, 9.99],
    ['field spread area unset', c(1, 10), [], { ManureSpreadArea: -1 }, 10],
    ['whole field shared at the same time', c(1, 10), [c(2, 10)], {}, 10],
    [
      'whole field followed later in the year by another crop',
      c(1, 10, { SowingDate: '2025-09-01', DestructionDate: '2026-03-01' }),
      [c(2, 10, { SowingDate: '2026-03-01', HarvestDate: '2026-07-30' })],
      {},
      9.2,
    ],
    ['other croppings of other years do not count', c(1, 10), [c(2, 10, { YearId: 2025 })], {}, 9.2],
    ['the cropping itself in the list does not count', c(1, 10), [c(1, 10)], {}, 9.2],
    ['whole area type', c(1, 10), [], { AreaType: 'Whole' }, 10],
  ])('%s', (_name, cropping, others, fieldChange, expected) => {
    expect(spreadArea(cropping, { ...field, ...fieldChange }, others)).toBe(expected);
  });
});
