import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import { describe, expect, it } from 'vitest';
import { largestFirst } from './largestFirst.ts';

const square = (side: number) =>
  new Polygon([
    [
      [0, 0],
      [side, 0],
      [side, side],
      [0, side],
      [0, 0],
    ],
  ]);

describe('largestFirst', () => {
  it('orders the largest geometry first, and arealess geometries last', () => {
    const small = new Feature(square(10));
    const large = new Feature(square(100));
    const point = new Feature(new Point([5, 5]));
    const order = largestFirst();
    expect([small, point, large].sort(order)).toEqual([large, small, point]);
  });

  it('sees a geometry that changed after it was first compared', () => {
    const first = new Feature(square(10));
    const second = new Feature(square(20));
    const order = largestFirst();
    expect([first, second].sort(order)).toEqual([second, first]);
    first.getGeometry()!.setCoordinates(square(30).getCoordinates());
    expect([first, second].sort(order)).toEqual([first, second]);
  });
});
