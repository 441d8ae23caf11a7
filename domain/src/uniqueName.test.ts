import { describe, expect, it } from 'vitest';
import { isNameTaken, uniqueName } from './uniqueName';

describe('uniqueName', () => {
  it.each([
    ['Big field', [], 'Big field'],
    ['Big field', ['Other'], 'Big field'],
    ['Big field', ['Big field'], 'Big field (2)'],
    ['Big field', ['BIG FIELD'], 'Big field (2)'],
    ['Big field', ['big field', 'Big Field (2)'], 'Big field (3)'],
    ['Big field', ['Big field', 'Big field (3)'], 'Big field (2)'],
    ['Big field (2)', ['Big field', 'Big field (2)'], 'Big field (3)'],
    ['  Big field ', ['Big field'], 'Big field (2)'],
    ['Big field (2)', ['Big field'], 'Big field (2)'],
  ])('%j among %j is %j', (name, existing, expected) => {
    expect(uniqueName(name, existing)).toBe(expected);
  });
});

describe('isNameTaken', () => {
  it.each([
    ['Home', ['home'], true],
    ['Home ', ['HOME'], true],
    ['Home', ['Home (2)'], false],
    ['Home', [], false],
  ])('%j among %j: %s', (name, existing, expected) => {
    expect(isNameTaken(name, existing)).toBe(expected);
  });
});
