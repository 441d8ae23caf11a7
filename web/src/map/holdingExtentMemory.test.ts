import { afterEach, describe, expect, it } from 'vitest';
import { rememberHoldingExtent, rememberedHoldingExtent } from './holdingExtentMemory.ts';

afterEach(() => window.localStorage.clear());

describe('the remembered holding extent', () => {
  it('is kept per holding', () => {
    rememberHoldingExtent(11, [-8_000, 7_000_000, -7_000, 7_001_000]);
    expect(rememberedHoldingExtent(11)).toEqual([-8_000, 7_000_000, -7_000, 7_001_000]);
    expect(rememberedHoldingExtent(12)).toBeNull();
  });

  it.each([
    ['not JSON', '[1, 2'],
    ['not four numbers', '[1, 2, 3]'],
    ['not finite', '[1, 2, null, 4]'],
    ['empty', '[5, 2, 3, 4]'],
  ])('is ignored when the stored value is %s', (_, stored) => {
    window.localStorage.setItem('headland.map.holdingExtent.11', stored);
    expect(rememberedHoldingExtent(11)).toBeNull();
  });

  it('is forgotten quietly when there is no storage', () => {
    expect(() => rememberHoldingExtent(11, [0, 0, 1, 1], null)).not.toThrow();
    expect(rememberedHoldingExtent(11, null)).toBeNull();
  });
});
