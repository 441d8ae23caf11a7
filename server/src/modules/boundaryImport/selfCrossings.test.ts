import { describe, expect, it } from 'vitest';
import { countSelfCrossings } from './selfCrossings.ts';

const square = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
];
const hole = [
  [2, 2],
  [2, 8],
  [8, 8],
  [8, 2],
  [2, 2],
];
const bowTie = [
  [0, 0],
  [10, 10],
  [10, 0],
  [0, 10],
  [0, 0],
];

function star(points: number): number[][] {
  const ring = Array.from({ length: points }, (_, i) => {
    const angle = (i / points) * 2 * Math.PI * 7;
    const radius = i % 2 === 0 ? 10 : -4;
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  });
  return [...ring, ring[0]!];
}

describe('countSelfCrossings', () => {
  it.each([
    ['a square', [[square]], 0],
    ['a square with a hole', [[square, hole]], 0],
    ['a bow tie', [[bowTie]], 1],
    ['two overlapping squares', [[square], [square.map(([x, y]) => [x! + 5, y! + 5])]], 2],
  ])('counts %s', (_name, polygons, expected) => {
    expect(countSelfCrossings(polygons, 100)).toBe(expected);
  });

  it('stops counting past the cap for a star whose edges all cross', () => {
    expect(countSelfCrossings([[star(19_000)]], 100)).toBe(101);
  });
});
