import { describe, expect, it } from 'vitest';
import { clientStateSchema, jsonDepth, maxClientStateChars, maxClientStateDepth } from './sessionApi.ts';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = { next: value };
  return value;
};

describe('jsonDepth', () => {
  it.each<[unknown, number]>([
    ['text', 0],
    [null, 0],
    [{}, 1],
    [[1, 2], 1],
    [{ a: [{ b: 1 }] }, 3],
    [nested(10_000), 10_000],
  ])('%#: depth %i', (value, depth) => {
    expect(jsonDepth(value)).toBe(depth);
  });
});

describe('clientStateSchema', () => {
  it('keeps a state within the bounds', () => {
    const state = { moduleId: 1, activity: { action: 'edit', data: 'x'.repeat(maxClientStateChars - 100) } };
    expect(clientStateSchema.safeParse(state).success).toBe(true);
    expect(clientStateSchema.safeParse({ moduleId: 1, deep: nested(maxClientStateDepth - 2) }).success).toBe(
      true,
    );
  });

  it('refuses a state too large or nested too deeply', () => {
    const large = { moduleId: 1, activity: { action: 'edit', data: 'x'.repeat(maxClientStateChars) } };
    expect(clientStateSchema.safeParse(large).success).toBe(false);
    expect(clientStateSchema.safeParse({ moduleId: 1, deep: nested(maxClientStateDepth) }).success).toBe(
      false,
    );
  });
});
