import type { Rgb } from '@headland/domain/crops';
import { paintOver, type Paint } from './paintOver.ts';

/** A CSS colour from a crop colour and an opacity. */
export function rgba(colour: Rgb, opacity = 1): string {
  return `rgba(${colour[0]}, ${colour[1]}, ${colour[2]}, ${opacity})`;
}

const tileSize = 16;

/** A darker shade of a colour (factor 0 black, 1 unchanged), for outlines and pattern strokes. */
export function darken(colour: Rgb, factor: number): Rgb {
  return [Math.round(colour[0] * factor), Math.round(colour[1] * factor), Math.round(colour[2] * factor)];
}

/**
 * Draws one tile of a named pattern. The names are those of the crop table (the files of
 * /images/map/patterns/); they are drawn here rather than downloaded so that patterns show without a network and
 * take the crop's own colour.
 */
function drawPattern(context: CanvasRenderingContext2D, pattern: string): boolean {
  const s = tileSize;
  context.lineWidth = 1.5;
  context.beginPath();
  switch (pattern.replace(/\.\w+$/, '')) {
    case 'diagonal':
      context.moveTo(0, s);
      context.lineTo(s, 0);
      context.moveTo(-s / 2, s / 2);
      context.lineTo(s / 2, -s / 2);
      context.moveTo(s / 2, s * 1.5);
      context.lineTo(s * 1.5, s / 2);
      break;
    case 'cross':
      context.moveTo(0, 0);
      context.lineTo(s, s);
      context.moveTo(0, s);
      context.lineTo(s, 0);
      break;
    case 'horizontal':
      context.moveTo(0, s / 2);
      context.lineTo(s, s / 2);
      break;
    case 'grid':
      context.moveTo(0, s / 2);
      context.lineTo(s, s / 2);
      context.moveTo(s / 2, 0);
      context.lineTo(s / 2, s);
      break;
    case 'dots':
      context.arc(s / 2, s / 2, 2, 0, Math.PI * 2);
      context.fill();
      return true;
    case 'trees':
      context.moveTo(s / 2, 3);
      context.lineTo(s / 2 + 4, s - 5);
      context.lineTo(s / 2 - 4, s - 5);
      context.closePath();
      context.fill();
      return true;
    default:
      return false;
  }
  context.stroke();
  return true;
}

/**
 * Fill colours and canvas patterns for crop fills, made once per colour, opacity and pattern. One cache belongs
 * to one layer style, so nothing outlives its map.
 */
export class PatternFills {
  private readonly cache = new Map<string, string | CanvasPattern>();

  /**
   * The fill for `colour` at `opacity`, with `pattern` drawn over it when there is one and it is known. With
   * `under`, the fill looks as if drawn over that paint: the two are one fill, drawn once.
   */
  fill(colour: Rgb, opacity: number, pattern: string | null, under?: Paint): string | CanvasPattern {
    const plain = () => {
      const flat = under ? paintOver({ colour, opacity }, under) : { colour, opacity };
      return rgba(flat.colour, flat.opacity);
    };
    if (!pattern) return plain();
    const key = `${colour.join(',')}|${opacity}|${pattern}|${under ? `${under.colour.join(',')}|${under.opacity}` : ''}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const made = this.makePattern(colour, opacity, pattern, under) ?? plain();
    this.cache.set(key, made);
    return made;
  }

  private makePattern(colour: Rgb, opacity: number, pattern: string, under?: Paint): CanvasPattern | null {
    const context = tileContext();
    if (!context) return null;
    if (under) {
      context.fillStyle = rgba(under.colour, under.opacity);
      context.fillRect(0, 0, tileSize, tileSize);
    }
    context.fillStyle = rgba(colour, opacity);
    context.fillRect(0, 0, tileSize, tileSize);
    const ink = rgba(darken(colour, 0.55), Math.min(1, opacity + 0.35));
    context.strokeStyle = ink;
    context.fillStyle = ink;
    if (!drawPattern(context, pattern)) return null;
    return context.createPattern(context.canvas, 'repeat');
  }
}

/** A blank canvas of one pattern tile, or null where no canvas can be drawn (a test page without one). */
function tileContext(): CanvasRenderingContext2D | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = tileSize;
  canvas.height = tileSize;
  try {
    return canvas.getContext('2d');
  } catch {
    return null;
  }
}

/**
 * One tile of a crop's style (its colour with its pattern drawn over) as an image address, for a swatch outside
 * the map such as a legend; null where no canvas can be drawn (a test page without one).
 */
export function cropStyleSwatch(colour: Rgb, pattern: string | null): string | null {
  const context = tileContext();
  if (!context) return null;
  context.fillStyle = rgba(colour);
  context.fillRect(0, 0, tileSize, tileSize);
  if (pattern) {
    const ink = rgba(darken(colour, 0.55));
    context.strokeStyle = ink;
    context.fillStyle = ink;
    drawPattern(context, pattern);
  }
  return context.canvas.toDataURL('image/png');
}
