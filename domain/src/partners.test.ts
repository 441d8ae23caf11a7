import { describe, expect, it } from 'vitest';
import { bulkChangeAllowed, croppingChanges } from './partners.ts';

describe('the partner croppings dialog rules', () => {
  it.each([
    { selected: [], shared: [1], share: true, allowed: false },
    { selected: [1], shared: [1], share: true, allowed: false },
    { selected: [1, 2], shared: [1], share: true, allowed: true },
    { selected: [2], shared: [1], share: false, allowed: false },
    { selected: [1], shared: [1], share: false, allowed: true },
  ])('bulk $share on $selected of shared $shared: $allowed', ({ selected, shared, share, allowed }) => {
    expect(bulkChangeAllowed(new Set(selected), new Set(shared), share)).toBe(allowed);
  });

  it('sends only what differs from the set the dialog opened with', () => {
    expect(croppingChanges(new Set([1, 2]), new Set([2, 3]))).toEqual({ 3: 'enabled', 1: 'disabled' });
    expect(croppingChanges(new Set([1]), new Set([1]))).toEqual({});
  });
});
