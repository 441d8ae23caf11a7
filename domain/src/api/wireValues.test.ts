import { describe, expect, it } from 'vitest';
import { maxDbId } from '../inputLimits';
import { dbId, dbIdParam, findTextProblem, jsonNestingDepth, textProblem } from './wireValues';

describe('textProblem', () => {
  it.each([
    ['plain words', null],
    ['emoji 🌾 whole', null],
    ['a\u0000b', 'nulCharacter'],
    ['a\ud800b', 'loneSurrogate'],
    ['\udc00 first', 'loneSurrogate'],
    ['ends with \ud83c', 'loneSurrogate'],
  ])('%j → %s', (text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });
});

describe('findTextProblem', () => {
  it('finds a bad text at any depth, keys included, with its path', () => {
    expect(findTextProblem({ a: [1, { b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      path: ['a', 2, 'c'],
      problem: 'nulCharacter',
    });
    expect(findTextProblem({ Properties: { ['k\ud800']: 1 } })).toEqual({
      path: ['Properties', 'k\ud800'],
      problem: 'loneSurrogate',
    });
    expect(
      findTextProblem({
        coordinates: [
          [
            [1, 2],
            [3, 4],
          ],
        ],
        name: 'fine',
      }),
    ).toBeNull();
  });

  it('reads objects without a prototype (query strings) and skips buffers', () => {
    const query = Object.assign(Object.create(null) as Record<string, string>, { q: 'a\u0000' });
    expect(findTextProblem(query)).toEqual({ path: ['q'], problem: 'nulCharacter' });
    expect(findTextProblem({ file: new Uint8Array([0, 0xd8]) })).toBeNull();
  });
});

describe('jsonNestingDepth', () => {
  it('counts objects and arrays but not brackets inside texts', () => {
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[[{{{{\\"[["}')).toBe(1);
    expect(jsonNestingDepth('1')).toBe(0);
  });

  it('stops once past the limit, without parsing', () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(jsonNestingDepth(deep, 32)).toBe(33);
  });
});

describe('ids', () => {
  it('keep to what a PostgreSQL integer holds', () => {
    expect(dbId.safeParse(maxDbId).success).toBe(true);
    expect(dbId.safeParse(maxDbId + 1).success).toBe(false);
    expect(dbId.safeParse(0).success).toBe(false);
    expect(dbIdParam.safeParse('2147483648').success).toBe(false);
    expect(dbIdParam.parse('42')).toBe(42);
  });
});
