import { describe, expect, it } from 'vitest';
import type { Rgb } from '@headland/domain/crops';
import { lineUnder, paintOver, type Paint } from './paintOver.ts';

/** `paint` composited source-over on an opaque background, as the canvas does. */
function onto(background: Rgb, ...paints: Paint[]): Rgb {
  return paints.reduce<Rgb>(
    (below, { colour, opacity }) => [
      colour[0] * opacity + below[0] * (1 - opacity),
      colour[1] * opacity + below[1] * (1 - opacity),
      colour[2] * opacity + below[2] * (1 - opacity),
    ],
    background,
  );
}

const wash: Paint = { colour: [255, 255, 255], opacity: 0.15 };
const wheat: Paint = { colour: [230, 190, 90], opacity: 0.5 };
const outline: Paint = { colour: [40, 40, 40], opacity: 0.8 };
const backgrounds: Rgb[] = [
  [0, 0, 0],
  [255, 255, 255],
  [70, 120, 40],
];

describe('paintOver', () => {
  it('folds the field wash into a crop fill: 0.575 of the mixed colour', () => {
    const folded = paintOver(wheat, wash);
    expect(folded.colour).toEqual([233, 198, 112]);
    expect(folded.opacity).toBeCloseTo(0.575, 10);
  });

  it.each(backgrounds)('looks like the two paints on a background of %j', (...background) => {
    const expected = onto(background, wash, wheat);
    onto(background, paintOver(wheat, wash)).forEach((channel, index) =>
      expect(channel).toBeCloseTo(expected[index]!, 0),
    );
  });

  it('is the paint beneath when the top one is transparent', () => {
    expect(paintOver({ colour: [1, 2, 3], opacity: 0 }, wash)).toEqual(wash);
    expect(paintOver({ colour: [1, 2, 3], opacity: 0 }, { colour: [9, 9, 9], opacity: 0 }).opacity).toBe(0);
  });
});

describe('lineUnder', () => {
  it.each(backgrounds)('drawn last looks like the outline under the crop fill on %j', (...background) => {
    const expected = onto(background, wash, outline, wheat);
    const actual = onto(background, paintOver(wheat, wash), lineUnder(outline, wheat));
    actual.forEach((channel, index) => expect(channel).toBeCloseTo(expected[index]!, 0));
  });
});
