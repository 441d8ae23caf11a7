import { describe, expect, it } from 'vitest';
import {
  formatHectares,
  formatLength,
  hectaresFromSquareMetres,
  roundArea,
  roundLength,
  roundTo,
  sumRainfall,
} from './units';

describe('roundTo', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [1.255, 2, 1.26],
    [0.1 + 0.2, 2, 0.3],
    [1.004, 2, 1],
    [-1.005, 2, -1.01],
    [-0.004, 2, 0],
    [1234.5, 0, 1235],
    [0.05, 1, 0.1],
    [10.25, 1, 10.3],
    [12.345678, 4, 12.3457],
  ])('roundTo(%d, %i) is %d', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
  });

  it('passes through non-finite values', () => {
    expect(roundTo(Number.NaN, 2)).toBeNaN();
    expect(roundTo(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('areas', () => {
  it.each([
    [10_000, 1],
    [123_456, 12.35],
    [123_449, 12.34],
    [1_000, 0.1],
    [50, 0.01],
    [49, 0],
    [0, 0],
  ])('%i m² is %d ha', (squareMetres, hectares) => {
    expect(hectaresFromSquareMetres(squareMetres)).toBe(hectares);
  });

  it.each([
    [12.3, '12.30'],
    [0.1, '0.10'],
    [1.005, '1.01'],
    [0, '0.00'],
  ])('formats %d ha as %s', (hectares, text) => {
    expect(formatHectares(hectares)).toBe(text);
    expect(roundArea(hectares)).toBe(Number(text));
  });

  it.each([
    ['en-GB', 1234.5, '1234.50'],
    ['de', 1234.5, '1234,50'],
    ['fr', 1.005, '1,01'],
    ['bg', 0, '0,00'],
  ])('formats an area the way %s writes numbers', (locale, hectares, text) => {
    expect(formatHectares(hectares, locale)).toBe(text);
  });
});

describe('lengths', () => {
  it.each([
    [12.4, 12, '12 m'],
    [12.5, 13, '13 m'],
    [0.49, 0, '0 m'],
  ])('%d m is %i whole metres', (metres, whole, text) => {
    expect(roundLength(metres)).toBe(whole);
    expect(formatLength(metres)).toBe(text);
  });
});

describe('rainfall sums', () => {
  it.each([
    [[0.1, 0.2], 0.3],
    [[10.04, 10.04], 20.1],
    [[10.02, 10.02], 20],
    [[], 0],
  ])('%j sums to %d mm', (values, total) => {
    expect(sumRainfall(values)).toBe(total);
  });
});
