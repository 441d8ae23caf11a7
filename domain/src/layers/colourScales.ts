/**
 * Colour scales and legends of data layers (fields-croppings-maps §9 Colours, session-shell-connections §9).
 *
 * A scale is a list of bands. A band holds the values from `min` (inclusive) up to `max` (exclusive); `null`
 * leaves that side open. The first band of a scale is open below and the last open above, so every number
 * finds a band. Labels are structured (not text) so that the browser writes numbers in the reader's language.
 * The band limits and colours the specification leaves open are recorded in docs/decisions.md
 * ("Data layers and zones (web)").
 */

import { LayerTypeId, soilTextureClasses } from './layerTypes';
import { NutrientType, nutrientNames as plainNutrientNames } from './nutrients';
import { morganIndexBands } from './soil';

export type Rgb = readonly [number, number, number];

/** How a band is named in a legend; numbers are formatted by the reader's locale. */
export type BandLabel =
  | { kind: 'below'; value: number } // '< 5.5'
  | { kind: 'range'; from: number; to: number } // '1–40'
  | { kind: 'atLeast'; value: number } // '241+'
  | { kind: 'exactly'; value: number } // '0'
  | { kind: 'index'; code: string } // a soil index shown as it is: '2-', 'VL'
  | { kind: 'texture'; value: number; name: string } // a soil texture class, translated by its value
  | { kind: 'text'; text: string }; // a layer's own range label

export interface ColourBand {
  min: number | null;
  max: number | null;
  colour: Rgb;
  label: BandLabel;
}

export interface ColourScale {
  bands: readonly ColourBand[];
}

/** One entry of a stored colour scale (session-shell-connections §3: Value, Colour). */
export interface ValuedColour {
  Value: number;
  Colour: Rgb;
}

export const colourErrors = {
  tooFewColours: 'colors: must include at least 2 colors',
  weightsLength: 'weights and amounts must be the same length',
  weightsZero: 'sum of weights cannot be zero',
} as const;

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

/**
 * `steps` colours spread evenly along the stops `colours` (the first and last stops included).
 * Throws 'colors: must include at least 2 colors' with fewer than two stops.
 */
export function interpolateColours(colours: readonly Rgb[], steps: number): Rgb[] {
  if (colours.length < 2) throw new Error(colourErrors.tooFewColours);
  if (!Number.isInteger(steps) || steps < 1) throw new RangeError('steps must be a positive whole number');
  if (steps === 1) return [colours[0]!];
  const segments = colours.length - 1;
  return Array.from({ length: steps }, (_, i) => {
    const position = (i / (steps - 1)) * segments;
    const segment = Math.min(Math.floor(position), segments - 1);
    return mix(colours[segment]!, colours[segment + 1]!, position - segment);
  });
}

/** The default colour ramp: 10 steps from [255,239,156] to [255,113,40]. */
export const defaultRampStart: Rgb = [255, 239, 156];
export const defaultRampEnd: Rgb = [255, 113, 40];
export const defaultRampSteps = 10;
export const defaultColourRamp: readonly Rgb[] = interpolateColours(
  [defaultRampStart, defaultRampEnd],
  defaultRampSteps,
);

/** The default colour scale as stored valued colours, the values 0 to 9 (one per step). */
export const defaultColourScale: readonly ValuedColour[] = defaultColourRamp.map((Colour, Value) => ({
  Value,
  Colour,
}));

/** Builds bands from ascending edges: edges [a, b, c] give (-inf, a), [a, b), [b, c), [c, +inf). */
function bandsFromEdges(
  edges: readonly number[],
  colours: readonly Rgb[],
  labels: readonly BandLabel[],
): ColourBand[] {
  if (colours.length !== edges.length + 1 || labels.length !== edges.length + 1) {
    throw new RangeError('a scale needs one colour and one label per band');
  }
  return colours.map((colour, i) => ({
    min: i === 0 ? null : edges[i - 1]!,
    max: i === edges.length ? null : edges[i]!,
    colour,
    label: labels[i]!,
  }));
}

/** Labels '< a', 'a–b', ..., '≥ z' for bands built from edges. */
function rangeLabels(edges: readonly number[]): BandLabel[] {
  const labels: BandLabel[] = [{ kind: 'below', value: edges[0]! }];
  for (let i = 1; i < edges.length; i += 1)
    labels.push({ kind: 'range', from: edges[i - 1]!, to: edges[i]! });
  labels.push({ kind: 'atLeast', value: edges[edges.length - 1]! });
  return labels;
}

/** The band a value falls in, or -1 when there is no value (null, NaN). */
export function bandIndex(scale: ColourScale, value: number | null | undefined): number {
  if (value === null || value === undefined || Number.isNaN(value)) return -1;
  return scale.bands.findIndex(
    (band) => (band.min === null || value >= band.min) && (band.max === null || value < band.max),
  );
}

/** The colour of a value on a scale, or null without a value. */
export function colourFor(scale: ColourScale, value: number | null | undefined): Rgb | null {
  const index = bandIndex(scale, value);
  return index < 0 ? null : scale.bands[index]!.colour;
}

/** Rounds a band edge so that steps of 0.5 or 0.1 do not drift (0.1 * 3 is 0.30000000000000004). */
function edge(value: number): number {
  return Number(value.toFixed(6));
}

/**
 * An 11-band scale over [min, max]: ten equal steps, the first open below, then one band '≥ max'.
 */
export function elevenBandScale(min: number, max: number, colours: readonly Rgb[]): ColourScale {
  if (!(max > min)) throw new RangeError('the top of a scale must be above its bottom');
  const step = (max - min) / 10;
  const edges = Array.from({ length: 10 }, (_, i) => edge(min + (i + 1) * step));
  const labels = rangeLabels(edges);
  // The first band starts at min on the legend; values below it are drawn in its colour.
  labels[0] = { kind: 'range', from: min, to: edges[0]! };
  return { bands: bandsFromEdges(edges, interpolateColours(colours, 11), labels) };
}

// ---------------------------------------------------------------------------------------------------------------
// Nutrients and chemical formulas

const subscriptDigits = '₀₁₂₃₄₅₆₇₈₉';

/**
 * Rewrites the chemical formulas P2O5, K2O, SO3 and CO2 in a label with subscript digits ('P2O5 index' ->
 * 'P₂O₅ index'). Unicode rather than markup, so the same text serves map labels drawn on a canvas, select
 * options and accessible names. Only whole formulas are rewritten: 'K2O5' or 'XSO3' stay as they are.
 */
export function withFormulaSubscripts(label: string): string {
  return label.replace(/(?<![A-Za-z0-9])(P2O5|K2O|SO3|CO2)(?![A-Za-z0-9])/g, (formula: string) =>
    formula.replace(/\d/g, (digit) => subscriptDigits[Number(digit)]!),
  );
}

/** What a nutrient is called on screen: the formula with subscript digits (P₂O₅), lime as CaO. */
export const nutrientNames: Record<NutrientType, string> = {
  [NutrientType.N]: 'N',
  [NutrientType.SO3]: withFormulaSubscripts(plainNutrientNames[NutrientType.SO3]),
  [NutrientType.P2O5]: withFormulaSubscripts(plainNutrientNames[NutrientType.P2O5]),
  [NutrientType.K2O]: withFormulaSubscripts(plainNutrientNames[NutrientType.K2O]),
  [NutrientType.MgO]: 'MgO',
  [NutrientType.Lime]: 'CaO',
};

/** Light-to-dark colour stops of each nutrient's requirement and application gradient. */
const nutrientStops: Record<NutrientType, readonly [Rgb, Rgb]> = {
  1: [
    [237, 248, 233],
    [0, 109, 44],
  ],
  2: [
    [255, 255, 212],
    [153, 52, 4],
  ],
  3: [
    [242, 240, 247],
    [84, 39, 143],
  ],
  4: [
    [254, 237, 222],
    [166, 54, 3],
  ],
  5: [
    [239, 243, 255],
    [8, 81, 156],
  ],
  6: [
    [247, 247, 247],
    [82, 82, 82],
  ],
};

/** The colour of a zero band: nothing to apply. */
export const zeroBandColour: Rgb = [255, 255, 255];

/**
 * The gradient of a nutrient requirement or application in kg/ha.
 * - N: bands of 40 from 0: '0–40', ..., '200–240', then '240+'.
 * - P₂O₅, K₂O, MgO, SO₃: '0', then steps of 40 of whole kg ('1–40', ..., '201–240'), then '241+'.
 * - Lime (CaO): '0', then steps of 5,000 ('1–5,000', ..., '20,001–25,000'), then '25,001+'.
 */
export function nutrientScale(nutrient: NutrientType): ColourScale {
  const stops = nutrientStops[nutrient];
  if (nutrient === NutrientType.N) {
    const edges = [40, 80, 120, 160, 200, 240];
    const labels: BandLabel[] = [
      { kind: 'range', from: 0, to: 40 },
      ...edges.slice(1).map((to, i): BandLabel => ({ kind: 'range', from: edges[i]!, to })),
      { kind: 'atLeast', value: 240 },
    ];
    return { bands: bandsFromEdges(edges, interpolateColours(stops, edges.length + 1), labels) };
  }
  const step = nutrient === NutrientType.Lime ? 5_000 : 40;
  const top = nutrient === NutrientType.Lime ? 25_000 : 240;
  // Whole kilograms: 1–40 holds 1 up to 40, so its edges are 1 and 41.
  const edges = [1];
  for (let to = step; to <= top; to += step) edges.push(to + 1);
  const labels: BandLabel[] = [{ kind: 'exactly', value: 0 }];
  for (let i = 1; i < edges.length; i += 1)
    labels.push({ kind: 'range', from: edges[i - 1]!, to: edges[i]! - 1 });
  labels.push({ kind: 'atLeast', value: edges[edges.length - 1]! });
  const colours = [zeroBandColour, ...interpolateColours(stops, edges.length)];
  return { bands: bandsFromEdges(edges, colours, labels) };
}

// ---------------------------------------------------------------------------------------------------------------
// Soil analysis presets (RB209 indices) and the Morgan index bands

/** Index colours: deficient red, target green, high blue. */
const indexColours = {
  0: [215, 48, 39],
  1: [253, 174, 97],
  '2-': [166, 217, 106],
  2: [102, 189, 99],
  '2+': [102, 189, 99],
  3: [26, 152, 80],
  4: [69, 117, 180],
  '5+': [117, 107, 177],
} as const satisfies Record<string, Rgb>;

export type SoilPresetNutrient = 'P2O5' | 'K2O' | 'MgO' | 'pH';

/**
 * The lower limits (mg/l, Olsen P, extractable K and Mg) of the RB209 soil indices 1, 2 (2- and 2+ for potash),
 * 3, 4 and 5: index 0 is below the first.
 */
export const soilIndexLowerLimits = {
  P2O5: [
    ['1', 10],
    ['2', 16],
    ['3', 26],
    ['4', 46],
    ['5+', 71],
  ],
  K2O: [
    ['1', 61],
    ['2-', 121],
    ['2+', 181],
    ['3', 241],
    ['4', 401],
    ['5+', 601],
  ],
  MgO: [
    ['1', 26],
    ['2', 51],
    ['3', 101],
    ['4', 176],
    ['5+', 251],
  ],
} as const satisfies Record<Exclude<SoilPresetNutrient, 'pH'>, readonly (readonly [string, number])[]>;

/** The soil index ('0', '1', '2-', ...) of a value in mg/l. */
export function soilIndexOf(nutrient: Exclude<SoilPresetNutrient, 'pH'>, mgPerLitre: number): string {
  let index = '0';
  for (const [code, lower] of soilIndexLowerLimits[nutrient]) if (mgPerLitre >= lower) index = code;
  return index;
}

/** The number a soil index is stored as in a layer of Index unit: '2-' is 2, '2+' is 2.5. */
export function soilIndexValue(code: string): number {
  if (code === '2-') return 2;
  if (code === '2+') return 2.5;
  return Number.parseInt(code, 10);
}

function indexColour(code: string): Rgb {
  return indexColours[code as keyof typeof indexColours];
}

/** pH preset: '< 5.0', then half steps to 8.0, then '8.0+'. */
const phPresetEdges = [5, 5.5, 6, 6.5, 7, 7.5, 8];
const phPresetColours: readonly Rgb[] = [
  [165, 0, 38],
  [215, 48, 39],
  [244, 109, 67],
  [253, 174, 97],
  [166, 217, 106],
  [102, 189, 99],
  [26, 152, 80],
  [69, 117, 180],
];

/**
 * The soil gradient preset of P₂O₅, K₂O, MgO or pH. In mg/l (Ppm) the bands follow the RB209 indices and are
 * named by their values; in Index unit each index is a band named by its index. pH has one preset whatever the unit.
 */
export function soilPresetScale(nutrient: SoilPresetNutrient, unit: 'Ppm' | 'Index'): ColourScale {
  if (nutrient === 'pH')
    return { bands: bandsFromEdges(phPresetEdges, phPresetColours, rangeLabels(phPresetEdges)) };
  const limits = soilIndexLowerLimits[nutrient];
  const codes = ['0', ...limits.map(([code]) => code)];
  const colours = codes.map(indexColour);
  if (unit === 'Index') {
    const edges = limits.map(([code]) => soilIndexValue(code));
    return {
      bands: bandsFromEdges(
        edges,
        colours,
        codes.map((code): BandLabel => ({ kind: 'index', code })),
      ),
    };
  }
  const edges = limits.map(([, lower]) => lower);
  const labels: BandLabel[] = [{ kind: 'range', from: 0, to: edges[0]! - 1 }];
  for (let i = 1; i < edges.length; i += 1)
    labels.push({ kind: 'range', from: edges[i - 1]!, to: edges[i]! - 1 });
  labels.push({ kind: 'atLeast', value: edges[edges.length - 1]! });
  return { bands: bandsFromEdges(edges, colours, labels) };
}

/**
 * Morgan soil index bands (mg/l, `morganIndexBands`): the upper limits of VL, L, M-, M+ and H, VH above the last.
 * Magnesium has four limits: its middle band is one 'M' (the .1 limits mark the top of H, as for P₂O₅ and K₂O).
 */
const morganColours: readonly Rgb[] = [
  [215, 48, 39],
  [253, 174, 97],
  [166, 217, 106],
  [102, 189, 99],
  [26, 152, 80],
  [69, 117, 180],
];

export function morganScale(nutrient: keyof typeof morganIndexBands): ColourScale {
  const limits = morganIndexBands[nutrient];
  const codes = limits.length === 5 ? ['VL', 'L', 'M-', 'M+', 'H', 'VH'] : ['VL', 'L', 'M', 'H', 'VH'];
  const colours = limits.length === 5 ? morganColours : [0, 1, 3, 4, 5].map((i) => morganColours[i]!);
  return {
    bands: bandsFromEdges(
      limits,
      colours,
      codes.map((code): BandLabel => ({ kind: 'index', code })),
    ),
  };
}

/** The Morgan index name of a value in mg/l. */
export function morganIndexOf(nutrient: keyof typeof morganIndexBands, mgPerLitre: number): string {
  const scale = morganScale(nutrient);
  const label = scale.bands[bandIndex(scale, mgPerLitre)]!.label;
  return label.kind === 'index' ? label.code : '';
}

// ---------------------------------------------------------------------------------------------------------------
// Eleven-band soil scales

const acidToAlkaline: readonly Rgb[] = [
  [215, 48, 39],
  [254, 224, 139],
  [26, 152, 80],
  [69, 117, 180],
];
const paleToBrown: readonly Rgb[] = [
  [255, 247, 188],
  [102, 37, 6],
];
const paleToGreen: readonly Rgb[] = [
  [247, 252, 245],
  [0, 68, 27],
];
const paleToPurple: readonly Rgb[] = [
  [252, 251, 253],
  [63, 0, 125],
];

/** pH from 5 to 10. */
export const phScale: ColourScale = elevenBandScale(5, 10, acidToAlkaline);
/** Organic matter from 0 to 10 %. */
export const organicMatterScale: ColourScale = elevenBandScale(0, 10, paleToBrown);
/** Active carbon index from 0 to 100. */
export const activeCarbonScale: ColourScale = elevenBandScale(0, 100, paleToGreen);

/** Available nutrients in mg/kg, each from 0 to the top of its scale. */
export const availableNutrientTops = { P2O5: 200, K2O: 500, MgO: 300, CaO: 5000, SO3: 100, Na: 200 } as const;
export type AvailableNutrient = keyof typeof availableNutrientTops;

export function availableNutrientScale(nutrient: AvailableNutrient): ColourScale {
  return elevenBandScale(0, availableNutrientTops[nutrient], paleToPurple);
}

const textureColours: readonly Rgb[] = [
  [255, 245, 170],
  [245, 222, 140],
  [230, 190, 110],
  [215, 200, 140],
  [190, 210, 150],
  [205, 150, 90],
  [180, 130, 90],
  [160, 165, 110],
  [175, 100, 70],
  [140, 120, 100],
  [120, 75, 55],
];

/** Soil texture: one band per class of `soilTextureClasses`, the value being the class number 1 to 11. */
export const soilTextureScale: ColourScale = {
  bands: soilTextureClasses.map((texture, i) => ({
    min: i === 0 ? null : texture.Value,
    max: i === soilTextureClasses.length - 1 ? null : texture.Value + 1,
    colour: textureColours[i]!,
    label: { kind: 'texture', value: texture.Value, name: texture.Label },
  })),
};

// ---------------------------------------------------------------------------------------------------------------
// Yield

export interface CropYieldScale {
  MinYield: number;
  MaxYield: number;
  Intervals: number;
  /** Colour stops; the bands take colours along them. */
  MapStyle?: readonly Rgb[];
}

/** Low yields red, middling yellow, high green. */
export const defaultYieldColours: readonly Rgb[] = [
  [215, 48, 39],
  [254, 224, 139],
  [26, 152, 80],
];
export const defaultYieldIntervals = 10;

/**
 * Yield scale in t/ha: `Intervals` bands, the first '< min', the others equal steps from min to max, the last
 * also holding everything above max.
 */
export function yieldScale(scale: CropYieldScale): ColourScale {
  const { MinYield: min, MaxYield: max, Intervals: intervals } = scale;
  if (!(max > min)) throw new RangeError('the maximum yield must be above the minimum');
  if (!Number.isInteger(intervals) || intervals < 2)
    throw new RangeError('a yield scale needs at least 2 intervals');
  const step = (max - min) / (intervals - 1);
  const edges = Array.from({ length: intervals - 1 }, (_, i) => edge(min + i * step));
  const labels: BandLabel[] = [{ kind: 'below', value: min }];
  for (let i = 1; i < edges.length; i += 1)
    labels.push({ kind: 'range', from: edges[i - 1]!, to: edges[i]! });
  labels.push({ kind: 'range', from: edges[edges.length - 1]!, to: max });
  const stops = scale.MapStyle && scale.MapStyle.length >= 2 ? scale.MapStyle : defaultYieldColours;
  return { bands: bandsFromEdges(edges, interpolateColours(stops, intervals), labels) };
}

/** Default yield map range per crop in t/ha, used when the crop has no YieldMapMin and YieldMapMax. */
const cropYieldRanges: Record<number, readonly [number, number]> = {
  1: [4, 12], // winter wheat
  2: [3, 9], // spring wheat
  4: [4, 10], // winter barley
  13: [20, 70], // potatoes
  18: [40, 100], // sugar beet
  54: [5, 15], // grass (dry matter)
  161: [20, 60], // maize (fresh weight)
  1001: [3, 9], // spring barley
  1002: [4, 10], // winter oats
  1003: [3, 8], // spring oats
  1020: [1.5, 5.5], // winter oilseed rape
  1021: [1, 4], // spring oilseed rape
  1023: [2, 7], // winter beans
  1024: [2, 6], // spring beans
  1025: [2, 6], // peas
};
export const fallbackYieldRange: readonly [number, number] = [0, 10];

/** The crop's yield scale: its own YieldMapMin and YieldMapMax when both are set, else the crop's default range. */
export function cropYieldScale(crop: {
  CropId: number;
  YieldMapMin?: number | null;
  YieldMapMax?: number | null;
}): CropYieldScale {
  const own = crop.YieldMapMin != null && crop.YieldMapMax != null && crop.YieldMapMax > crop.YieldMapMin;
  const [min, max] = own
    ? [crop.YieldMapMin as number, crop.YieldMapMax as number]
    : (cropYieldRanges[crop.CropId] ?? fallbackYieldRange);
  return { MinYield: min, MaxYield: max, Intervals: defaultYieldIntervals };
}

// ---------------------------------------------------------------------------------------------------------------
// Legends and tooltips

/** A band label in words, numbers written by `formatNumber` (the reader's locale). Texture names come from `textureName`. */
export function formatBandLabel(
  label: BandLabel,
  formatNumber: (value: number) => string,
  textureName: (value: number, name: string) => string = (_value, name) => name,
): string {
  switch (label.kind) {
    case 'below':
      return `< ${formatNumber(label.value)}`;
    case 'range':
      return `${formatNumber(label.from)}–${formatNumber(label.to)}`;
    case 'atLeast':
      return `${formatNumber(label.value)}+`;
    case 'exactly':
      return formatNumber(label.value);
    case 'index':
      return label.code;
    case 'texture':
      return textureName(label.value, label.name);
    case 'text':
      return label.text;
  }
}

/** CSS colour of an RGB triple with an alpha. */
export function cssColour(colour: Rgb, alpha = 1): string {
  return alpha >= 1
    ? `rgb(${colour[0]}, ${colour[1]}, ${colour[2]})`
    : `rgba(${colour[0]}, ${colour[1]}, ${colour[2]}, ${alpha})`;
}

/** The tooltip of a zone (§8) as a text code and parameters, or null when the value speaks for itself. */
export type ZoneTooltip =
  | { code: 'noNutrientRequired'; nutrient: string }
  | { code: 'noNutrientBalance'; nutrient: string }
  | { code: 'disabledInYear'; year: number }
  | { code: 'fieldDisabledInYear'; name: string; year: number };

/**
 * §8: a zero value of a requirement layer reads 'No {nutrient} required', of a balance layer 'No {nutrient}
 * balance'; a field disabled in the layer's year reads 'Disabled in {year}', or with its name 'Field {name} is
 * disabled during year {year}'.
 */
export function zoneTooltip(input: {
  kind: 'requirement' | 'balance' | 'other';
  nutrient?: NutrientType;
  value: number | null;
  field?: { name?: string; disabledInYear?: number | null };
}): ZoneTooltip | null {
  const disabledYear = input.field?.disabledInYear;
  if (disabledYear != null) {
    return input.field?.name
      ? { code: 'fieldDisabledInYear', name: input.field.name, year: disabledYear }
      : { code: 'disabledInYear', year: disabledYear };
  }
  if (input.value === 0 && input.nutrient !== undefined && input.kind !== 'other') {
    const nutrient = nutrientNames[input.nutrient];
    return input.kind === 'requirement'
      ? { code: 'noNutrientRequired', nutrient }
      : { code: 'noNutrientBalance', nutrient };
  }
  return null;
}

/**
 * The weighted mean of `amounts` (a field's average rate over its zones, weighted by area). Throws
 * 'weights and amounts must be the same length' or 'sum of weights cannot be zero'.
 */
export function weightedMean(amounts: readonly number[], weights: readonly number[]): number {
  if (amounts.length !== weights.length) throw new Error(colourErrors.weightsLength);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) throw new Error(colourErrors.weightsZero);
  return amounts.reduce((sum, amount, i) => sum + amount * weights[i]!, 0) / total;
}

// ---------------------------------------------------------------------------------------------------------------
// The scale of a layer

/**
 * The default ramp spread over a layer's values: 10 equal bands from `min` to `max` (edges to 2 decimals), the
 * first open below and the last open above. Without a spread (no values, or all equal) one band in the first colour.
 */
export function rampScale(
  min: number | null,
  max: number | null,
  colours: readonly Rgb[] = defaultColourRamp,
): ColourScale {
  if (min === null || max === null || !(max > min)) {
    const only = min ?? max;
    return {
      bands: [
        {
          min: null,
          max: null,
          colour: colours[0]!,
          label: only === null ? { kind: 'text', text: '' } : { kind: 'exactly', value: only },
        },
      ],
    };
  }
  const count = colours.length;
  const step = (max - min) / count;
  const edges = Array.from({ length: count - 1 }, (_, i) => Number((min + (i + 1) * step).toFixed(2)));
  const labels: BandLabel[] = [];
  for (let i = 0; i < count; i += 1) {
    labels.push({
      kind: 'range',
      from: i === 0 ? min : edges[i - 1]!,
      to: i === count - 1 ? max : edges[i]!,
    });
  }
  return { bands: bandsFromEdges(edges, colours, labels) };
}

/** What `layerColourScale` reads of a layer (a `DataLayer` of the API fits). */
export interface ScaledLayer {
  TypeId: number;
  Unit: string | null;
  NutrientId: number | null;
  CropId: number | null;
  Ranges:
    | readonly {
        Min: number | null;
        Max: number | null;
        FillColor: readonly [number, number, number];
        Label: string;
      }[]
    | null;
  Style: { Gradient: string | null } | null;
  MinValue: number | null;
  MaxValue: number | null;
}

const soilNutrientOfType: Partial<Record<number, 'P2O5' | 'K2O' | 'MgO'>> = {
  [LayerTypeId.SoilPhosphorus]: 'P2O5',
  [LayerTypeId.SoilPotassium]: 'K2O',
  [LayerTypeId.SoilMagnesium]: 'MgO',
};

/**
 * The colour scale a layer is drawn and keyed with:
 * 1. the layer's own Ranges when it has any;
 * 2. a named gradient of its style: 'default' (the ramp over its values), 'P2O5', 'K2O', 'MgO' or 'pH' (the soil presets);
 * 3. by its type: soil nutrients by unit (Morgan bands, index presets in Index and mg/l, else the ramp), pH and
 *    texture presets, organic matter's eleven bands, the crop's yield scale, the nutrient gradient of a
 *    requirement; anything else (EC scan, biomass, application rates...) the default ramp over its values.
 */
export function layerColourScale(
  layer: ScaledLayer,
  crop?: { YieldMapMin?: number | null; YieldMapMax?: number | null },
): ColourScale {
  if (layer.Ranges && layer.Ranges.length > 0) {
    return {
      bands: layer.Ranges.map((range) => ({
        min: range.Min,
        max: range.Max,
        colour: range.FillColor,
        label: { kind: 'text', text: range.Label },
      })),
    };
  }
  const unit = layer.Unit === 'Index' ? 'Index' : 'Ppm';
  switch (layer.Style?.Gradient) {
    case 'default':
      return rampScale(layer.MinValue, layer.MaxValue);
    case 'P2O5':
    case 'K2O':
    case 'MgO':
    case 'pH':
      return soilPresetScale(layer.Style.Gradient, unit);
  }
  const soilNutrient = soilNutrientOfType[layer.TypeId];
  if (soilNutrient) {
    if (layer.Unit === 'Morgan') return morganScale(soilNutrient);
    if (layer.Unit === 'Index' || layer.Unit === 'Ppm') return soilPresetScale(soilNutrient, layer.Unit);
    return rampScale(layer.MinValue, layer.MaxValue);
  }
  switch (layer.TypeId) {
    case LayerTypeId.SoilPh:
      return soilPresetScale('pH', 'Ppm');
    case LayerTypeId.SoilTexture:
      return soilTextureScale;
    case LayerTypeId.OrganicMatter:
      return organicMatterScale;
    case LayerTypeId.Yield:
      return yieldScale(cropYieldScale({ CropId: layer.CropId ?? 0, ...crop }));
    case LayerTypeId.NutrientRequirement:
      if (layer.NutrientId !== null && layer.NutrientId >= 1 && layer.NutrientId <= 6) {
        return nutrientScale(layer.NutrientId as NutrientType);
      }
  }
  return rampScale(layer.MinValue, layer.MaxValue);
}
