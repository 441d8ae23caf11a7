import { describe, expect, it } from 'vitest';
import { clampNumber, formatNumberText, parseNumberText, stepNumber } from './numberText.ts';

describe('parseNumberText', () => {
  it.each([
    ['12', 12],
    [' 12.5 ', 12.5],
    ['-3', -3],
    ['+4', 4],
    ['.5', 0.5],
    ['7.', 7],
    ['1e3', 1000],
    ['007', 7],
    ['', undefined],
    ['   ', undefined],
    ['abc', undefined],
    ['12 ha', undefined],
    ['1,5', undefined],
    ['-', undefined],
    ['.', undefined],
    ['1e999', undefined],
  ])('reads %j as %j', (text, expected) => {
    expect(parseNumberText(text)).toBe(expected);
  });
});

describe('formatNumberText', () => {
  it.each([
    [undefined, {}, ''],
    [5, {}, '5'],
    [5, { leadingZeros: 2 }, '05'],
    [5.5, { leadingZeros: 3 }, '005.5'],
    [-5, { leadingZeros: 2 }, '-05'],
    [123, { leadingZeros: 2 }, '123'],
    [12.345, { decimals: 2 }, '12.35'],
    [3, { decimals: 2, leadingZeros: 2 }, '03.00'],
  ] as const)('shows %j with %j as %j', (value, format, expected) => {
    expect(formatNumberText(value, format)).toBe(expected);
  });
});

describe('clampNumber and stepNumber', () => {
  it.each([
    [5, 0, 10, 5],
    [-1, 0, 10, 0],
    [11, 0, 10, 10],
    [11, undefined, undefined, 11],
  ])('clamps %d into [%j, %j] as %d', (value, min, max, expected) => {
    expect(clampNumber(value, min, max)).toBe(expected);
  });

  it.each([
    [0.2, 0.1, 1, 0.3],
    [1, 0.25, -1, 0.75],
    [2.05, 1, 1, 3.05],
    [0, 5, 1, 5],
  ] as const)('steps %d by %d in direction %d to %d', (value, step, direction, expected) => {
    expect(stepNumber(value, step, direction)).toBe(expected);
  });
});
