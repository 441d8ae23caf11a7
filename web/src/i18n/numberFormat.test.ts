import { describe, expect, it } from 'vitest';
import { formatArea, numberLocale } from './numberFormat.ts';

describe('formatArea', () => {
  it.each([
    ['en', 12.3, '12.30'],
    ['de', 12.3, '12,30'],
    ['fr', 1234.567, '1234,57'],
  ])('writes an area in %s', (language, hectares, text) => {
    expect(formatArea(hectares, language)).toBe(text);
  });

  it('writes English numbers the British way', () => {
    expect(numberLocale('en')).toMatch(/^en/);
  });
});
