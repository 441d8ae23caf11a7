import type { Rgb } from '@headland/domain/crops';

/** A flat colour painted at an opacity. */
export interface Paint {
  colour: Rgb;
  opacity: number;
}

/**
 * The one paint that looks like `top` painted over `under` on any background (source-over compositing), so
 * that two layers' fills of one shape can be drawn as one. The colour is rounded to whole channel values.
 */
export function paintOver(top: Paint, under: Paint): Paint {
  const opacity = top.opacity + under.opacity * (1 - top.opacity);
  if (opacity === 0) return { colour: [0, 0, 0], opacity: 0 };
  const channel = (index: 0 | 1 | 2) =>
    Math.round(
      (top.colour[index] * top.opacity + under.colour[index] * under.opacity * (1 - top.opacity)) / opacity,
    );
  return { colour: [channel(0), channel(1), channel(2)], opacity };
}

/**
 * The line that, drawn over `paintOver(top, under)`, looks like `line` drawn between `under` and `top`: an
 * outline that sat beneath a fill keeps its tint when the fill is drawn first. With the line's own opacity the
 * background shows through alike, and its colour is the line's seen through the top fill.
 */
export function lineUnder(line: Paint, top: Paint): Paint {
  const channel = (index: 0 | 1 | 2) =>
    Math.round(top.colour[index] * top.opacity + line.colour[index] * (1 - top.opacity));
  return { colour: [channel(0), channel(1), channel(2)], opacity: line.opacity };
}
