import { describe, expect, it } from 'vitest';
import { formatArea, formatDecimal, numberLocale } from './numberFormat.ts';

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

describe('formatDecimal', () => {
  it.each([
    ['en', 1234.56, 1, '1234.6'],
    ['de', 53.1234567, 6, '53,123457'],
    ['fr', -0.5, 1, '-0,5'],
  ])('writes a number in %s', (language, value, decimals, text) => {
    expect(formatDecimal(value, decimals, language)).toBe(text);
  });
});
