import { describe, expect, it } from 'vitest';
import { cleanYieldPoints, guessImportTarget, type YieldPoint } from './layerImport.ts';

describe('guessImportTarget', () => {
  it.each([
    ['Longitude', 'longitude'],
    ['Easting', 'easting'],
    ['P mg/l', 'P'],
    ['P Index', 'PIndex'],
    ['pH', 'pH'],
    ['OM %', 'OrganicMatter'],
    ['Yld_Mass_Dry', 'yield'],
    ['Flow', 'flow'],
    ['Track', 'heading'],
    ['Farm notes', 'ignore'],
  ])('%s is %s', (column, target) => expect(guessImportTarget(column)).toBe(target));
});

describe('cleanYieldPoints', () => {
  /** A run east along y = 0 every 2 m, then a turn north and back west along y = 20. */
  function passes(): YieldPoint[] {
    const points: YieldPoint[] = [];
    for (let x = 0; x <= 40; x += 2) points.push({ x, y: 0, yield: 8 });
    for (let y = 5; y <= 15; y += 5) points.push({ x: 40, y, yield: 8 });
    for (let x = 40; x >= 0; x -= 2) points.push({ x, y: 20, yield: 8 });
    return points;
  }

  it('drops zero yield and zero flow, keeps flow missing', () => {
    const points: YieldPoint[] = [
      { x: 0, y: 0, yield: 8, flow: 2 },
      { x: 0, y: 2, yield: 0, flow: 2 },
      { x: 0, y: 4, yield: 8, flow: 0 },
      { x: 0, y: 6, yield: 8 },
      { x: 0, y: 8, yield: 8, flow: 1 },
    ];
    expect(cleanYieldPoints(points, { degrees: false })).toEqual([0, 3, 4]);
  });

  it('drops the points of a headland turn', () => {
    const points = passes();
    const kept = cleanYieldPoints(points, { degrees: false });
    const turnStart = 21;
    // The last point of the first run heads north (a 90° turn); the turn's points are dropped.
    expect(kept).not.toContain(turnStart - 1);
    expect(kept).toContain(5);
    expect(kept.length).toBeLessThan(points.length);
    expect(kept.length).toBeGreaterThan(points.length - 8);
  });

  it('uses the file heading when it has one, and a turn of exactly the limit is not a turn', () => {
    const points: YieldPoint[] = [
      { x: 0, y: 0, yield: 8, heading: 0 },
      { x: 0, y: 1, yield: 8, heading: 30 },
      { x: 0, y: 2, yield: 8, heading: 61 },
    ];
    expect(cleanYieldPoints(points, { degrees: false })).toEqual([0, 1]);
  });

  it('drops outliers beyond three standard deviations', () => {
    const points: YieldPoint[] = Array.from({ length: 30 }, (_, index) => ({
      x: index,
      y: 0,
      yield: 8 + (index % 3) * 0.1,
    }));
    points.push({ x: 31, y: 0, yield: 60 });
    const kept = cleanYieldPoints(points, { degrees: false });
    expect(kept).toHaveLength(30);
    expect(kept).not.toContain(30);
  });
});
