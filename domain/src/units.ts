/** Square metres in one hectare. */
export const squareMetresPerHectare = 10_000;

/** Areas are shown and compared in hectares to this many decimals. */
export const areaDecimals = 2;

/**
 * Rounds half away from zero to `decimals` places. Scaling a binary fraction drifts (1.005 * 100 is
 * 100.49999999999999), so the scaled value is first cut back to 15 significant digits, which absorbs the drift
 * without touching any digit a user could have typed.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  // Keeps -0 out of the results so that equality and display stay simple.
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Hectares, rounded to 2 decimals, from an area in square metres. */
export function hectaresFromSquareMetres(squareMetres: number): number {
  return roundTo(squareMetres / squareMetresPerHectare, areaDecimals);
}

export function roundArea(hectares: number): number {
  return roundTo(hectares, areaDecimals);
}

/**
 * An area in hectares with exactly 2 decimals, without the unit: '12.30'; with a `locale`, written the way that
 * language writes numbers ('12,30' in German and French), without thousands separators, as before.
 */
export function formatHectares(hectares: number, locale?: string): string {
  if (locale === undefined) return roundArea(hectares).toFixed(areaDecimals);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: areaDecimals,
    maximumFractionDigits: areaDecimals,
    useGrouping: false,
  }).format(roundArea(hectares));
}

/** Lengths are shown in whole metres. */
export function roundLength(metres: number): number {
  return roundTo(metres, 0);
}

export function formatLength(metres: number): string {
  return `${roundLength(metres)} m`;
}

/** A rainfall total in millimetres, rounded to 1 decimal. */
export function sumRainfall(values: readonly number[]): number {
  return roundTo(
    values.reduce((total, value) => total + value, 0),
    1,
  );
}
