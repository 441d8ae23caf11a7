import type { ImportTarget } from '../api/layersApi.ts';

/**
 * Rules of the soil and yield imports shared by the preview and the commit: guessing what a column holds from
 * its name, and cleaning a combine's yield points of headland turns, zero-flow points and outliers.
 */

const guesses: [RegExp, ImportTarget][] = [
  [/^(lon|long|longitude|lng)$/i, 'longitude'],
  [/^(lat|latitude)$/i, 'latitude'],
  [/^(x|east|easting|eastings)$/i, 'easting'],
  [/^(y|north|northing|northings)$/i, 'northing'],
  [/^(sample|sample[ _]?(id|no|number|ref)|id|point)$/i, 'sampleId'],
  [/^(p|phosphorus|p[ _]?(mg\/?l|ppm|olsen|morgan))$/i, 'P'],
  [/^(k|potassium|potash|k[ _]?(mg\/?l|ppm))$/i, 'K'],
  [/^(mg|magnesium|mg[ _]?(mg\/?l|ppm))$/i, 'Mg'],
  [/^(ph|soil[ _]?ph)$/i, 'pH'],
  [/^(om|organic[ _]?matter|om[ _]?%|loi)$/i, 'OrganicMatter'],
  [/^(p[ _]?index|p[ _]?idx|pi)$/i, 'PIndex'],
  [/^(k[ _]?index|k[ _]?idx|ki)$/i, 'KIndex'],
  [/^(mg[ _]?index|mg[ _]?idx|mgi)$/i, 'MgIndex'],
  [/^(yield|yld|dry[ _]?yield|yld[ _]?(mass|vol)?[ _]?(dry|wet)?|yield[ _]?t[ _/]?ha)$/i, 'yield'],
  [/^(flow|mass[ _]?flow|grain[ _]?flow|flw)$/i, 'flow'],
  [/^(moisture|moist|h2o|mc)$/i, 'moisture'],
  [/^(speed|spd|ground[ _]?speed|velocity)$/i, 'speed'],
  [/^(heading|track|direction|dir|course|bearing)$/i, 'heading'],
  [/^(time|timestamp|date[ _]?time|gps[ _]?time)$/i, 'time'],
];

/** What a column probably holds, from its name; 'ignore' when nothing fits. */
export function guessImportTarget(column: string): ImportTarget {
  const name = column.trim();
  for (const [pattern, target] of guesses) if (pattern.test(name)) return target;
  return 'ignore';
}

/** A yield point as the cleaner reads it: metres on a plane (or degrees, see `degrees`). */
export interface YieldPoint {
  x: number;
  y: number;
  yield: number | null;
  flow?: number | null;
  /** Degrees clockwise from north, when the file gives it. */
  heading?: number | null;
}

export interface YieldCleaningOptions {
  /** Coordinates are lon/lat degrees (turned into local metres for headings). */
  degrees: boolean;
  /** A point whose heading turns by more than this from the point before is a headland turn (degrees). */
  maxTurnDegrees?: number;
  /** Points above the mean by more than this many standard deviations are dropped. */
  outlierDeviations?: number;
}

export const defaultMaxTurnDegrees = 30;
export const defaultOutlierDeviations = 3;

function bearing(from: YieldPoint, to: YieldPoint, degrees: boolean): number | null {
  let dx = to.x - from.x;
  const dy = to.y - from.y;
  if (degrees) dx *= Math.cos((from.y * Math.PI) / 180);
  if (dx === 0 && dy === 0) return null;
  return ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
}

function turn(a: number, b: number): number {
  const difference = Math.abs(a - b) % 360;
  return difference > 180 ? 360 - difference : difference;
}

/**
 * The indices of the yield points to keep, in order: points without a positive yield or with zero flow are
 * dropped, then points where the combine turns (its heading changes by more than `maxTurnDegrees` from the
 * point before: headland turns), then yields more than `outlierDeviations` standard deviations from the mean.
 */
export function cleanYieldPoints(points: readonly YieldPoint[], options: YieldCleaningOptions): number[] {
  const maxTurn = options.maxTurnDegrees ?? defaultMaxTurnDegrees;
  const deviations = options.outlierDeviations ?? defaultOutlierDeviations;
  const flowing: number[] = [];
  points.forEach((point, index) => {
    if (point.yield === null || !Number.isFinite(point.yield) || point.yield <= 0) return;
    if (point.flow !== undefined && point.flow !== null && !(point.flow > 0)) return;
    flowing.push(index);
  });
  const straight: number[] = [];
  let previousHeading: number | null = null;
  for (let position = 0; position < flowing.length; position += 1) {
    const point = points[flowing[position]!]!;
    const next = points[flowing[position + 1] ?? -1];
    const heading: number | null =
      point.heading ?? (next ? bearing(point, next, options.degrees) : previousHeading);
    const turning = heading !== null && previousHeading !== null && turn(heading, previousHeading) > maxTurn;
    if (!turning) straight.push(flowing[position]!);
    if (heading !== null) previousHeading = heading;
  }
  if (straight.length < 3) return straight;
  const values = straight.map((index) => points[index]!.yield!);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  if (sd === 0) return straight;
  return straight.filter((index) => Math.abs(points[index]!.yield! - mean) <= deviations * sd);
}
