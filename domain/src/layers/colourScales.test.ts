import { describe, expect, it } from 'vitest';
import { LayerTypeId } from './layerTypes';
import { NutrientType } from './nutrients';
import {
  activeCarbonScale,
  availableNutrientScale,
  bandIndex,
  colourErrors,
  colourFor,
  cropYieldScale,
  cssColour,
  defaultColourRamp,
  defaultColourScale,
  formatBandLabel,
  interpolateColours,
  layerColourScale,
  rampScale,
  type ScaledLayer,
  morganIndexOf,
  morganScale,
  nutrientNames,
  nutrientScale,
  organicMatterScale,
  phScale,
  soilIndexOf,
  soilPresetScale,
  soilTextureScale,
  weightedMean,
  withFormulaSubscripts,
  yieldScale,
  zeroBandColour,
  zoneTooltip,
  type ColourScale,
} from './colourScales';

const plain = (value: number) => String(value);
function legend(scale: ColourScale): string[] {
  return scale.bands.map((band) => formatBandLabel(band.label, plain));
}

describe('default colour ramp', () => {
  it('has 10 steps from [255,239,156] to [255,113,40]', () => {
    expect(defaultColourRamp).toHaveLength(10);
    expect(defaultColourRamp[0]).toEqual([255, 239, 156]);
    expect(defaultColourRamp[9]).toEqual([255, 113, 40]);
    expect(defaultColourRamp[1]).toEqual([255, 225, 143]);
  });
  it('is stored as valued colours 0 to 9', () => {
    expect(defaultColourScale.map((entry) => entry.Value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(defaultColourScale[9]?.Colour).toEqual([255, 113, 40]);
  });
  it('needs at least 2 colours', () => {
    expect(() => interpolateColours([[0, 0, 0]], 3)).toThrow(colourErrors.tooFewColours);
    expect(() => interpolateColours([], 3)).toThrow('colors: must include at least 2 colors');
  });
  it('passes through middle stops', () => {
    expect(
      interpolateColours(
        [
          [0, 0, 0],
          [100, 100, 100],
          [100, 0, 0],
        ],
        5,
      ),
    ).toEqual([
      [0, 0, 0],
      [50, 50, 50],
      [100, 100, 100],
      [100, 50, 50],
      [100, 0, 0],
    ]);
  });
});

describe('nutrient gradients', () => {
  it.each([
    [NutrientType.P2O5, 'P₂O₅'],
    [NutrientType.K2O, 'K₂O'],
    [NutrientType.MgO, 'MgO'],
    [NutrientType.SO3, 'SO₃'],
  ])('nutrient %s (%s): steps of 40 up to 241', (nutrient, name) => {
    expect(nutrientNames[nutrient]).toBe(name);
    const scale = nutrientScale(nutrient);
    expect(legend(scale)).toEqual(['0', '1–40', '41–80', '81–120', '121–160', '161–200', '201–240', '241+']);
    expect(scale.bands[0]?.colour).toEqual(zeroBandColour);
  });
  it.each<[number, number]>([
    [0, 0],
    [0.99, 0],
    [1, 1],
    [40, 1],
    [40.99, 1],
    [41, 2],
    [240, 6],
    [240.5, 6],
    [241, 7],
    [9999, 7],
    [-5, 0],
  ])('P₂O₅ %s kg/ha is in band %s', (value, band) => {
    expect(bandIndex(nutrientScale(NutrientType.P2O5), value)).toBe(band);
  });
  it('N has bands of 40 up to 240+', () => {
    const scale = nutrientScale(NutrientType.N);
    expect(legend(scale)).toEqual(['0–40', '40–80', '80–120', '120–160', '160–200', '200–240', '240+']);
    expect(bandIndex(scale, 0)).toBe(0);
    expect(bandIndex(scale, 39.9)).toBe(0);
    expect(bandIndex(scale, 40)).toBe(1);
    expect(bandIndex(scale, 239.9)).toBe(5);
    expect(bandIndex(scale, 240)).toBe(6);
  });
  it('lime goes up to 25,000 in steps of 5,000', () => {
    const scale = nutrientScale(NutrientType.Lime);
    expect(legend(scale)).toEqual([
      '0',
      '1–5000',
      '5001–10000',
      '10001–15000',
      '15001–20000',
      '20001–25000',
      '25001+',
    ]);
    expect(bandIndex(scale, 25_000)).toBe(5);
    expect(bandIndex(scale, 25_001)).toBe(6);
  });
  it('has no band without a value', () => {
    expect(bandIndex(nutrientScale(NutrientType.N), null)).toBe(-1);
    expect(bandIndex(nutrientScale(NutrientType.N), Number.NaN)).toBe(-1);
    expect(colourFor(nutrientScale(NutrientType.N), undefined)).toBeNull();
  });
});

describe('soil presets', () => {
  it('P₂O₅ in mg/l follows the RB209 indices', () => {
    const scale = soilPresetScale('P2O5', 'Ppm');
    expect(legend(scale)).toEqual(['0–9', '10–15', '16–25', '26–45', '46–70', '71+']);
    expect(bandIndex(scale, 9.9)).toBe(0);
    expect(bandIndex(scale, 10)).toBe(1);
    expect(bandIndex(scale, 15.9)).toBe(1);
    expect(bandIndex(scale, 16)).toBe(2);
    expect(bandIndex(scale, 70.9)).toBe(4);
    expect(bandIndex(scale, 71)).toBe(5);
  });
  it('P₂O₅ index layer bands are the indices', () => {
    const scale = soilPresetScale('P2O5', 'Index');
    expect(legend(scale)).toEqual(['0', '1', '2', '3', '4', '5+']);
    expect(bandIndex(scale, 0)).toBe(0);
    expect(bandIndex(scale, 1)).toBe(1);
    expect(bandIndex(scale, 2)).toBe(2);
    expect(bandIndex(scale, 4.5)).toBe(4);
    expect(bandIndex(scale, 9)).toBe(5);
  });
  it('K₂O splits index 2 into 2- and 2+', () => {
    const scale = soilPresetScale('K2O', 'Index');
    expect(legend(scale)).toEqual(['0', '1', '2-', '2+', '3', '4', '5+']);
    expect(bandIndex(scale, 2)).toBe(2);
    expect(bandIndex(scale, 2.5)).toBe(3);
    const ppm = soilPresetScale('K2O', 'Ppm');
    expect(legend(ppm)).toEqual(['0–60', '61–120', '121–180', '181–240', '241–400', '401–600', '601+']);
  });
  it('MgO in mg/l', () => {
    expect(legend(soilPresetScale('MgO', 'Ppm'))).toEqual([
      '0–25',
      '26–50',
      '51–100',
      '101–175',
      '176–250',
      '251+',
    ]);
  });
  it('pH preset runs from below 5 to 8 and over', () => {
    const scale = soilPresetScale('pH', 'Ppm');
    expect(legend(scale)).toEqual(['< 5', '5–5.5', '5.5–6', '6–6.5', '6.5–7', '7–7.5', '7.5–8', '8+']);
    expect(bandIndex(scale, 4.99)).toBe(0);
    expect(bandIndex(scale, 5)).toBe(1);
    expect(bandIndex(scale, 8)).toBe(7);
  });
  it.each<['P2O5' | 'K2O' | 'MgO', number, string]>([
    ['P2O5', 9, '0'],
    ['P2O5', 10, '1'],
    ['P2O5', 25, '2'],
    ['P2O5', 26, '3'],
    ['K2O', 120, '1'],
    ['K2O', 121, '2-'],
    ['K2O', 181, '2+'],
    ['K2O', 241, '3'],
    ['MgO', 50, '1'],
    ['MgO', 251, '5+'],
  ])('%s %s mg/l is index %s', (nutrient, value, index) => {
    expect(soilIndexOf(nutrient, value)).toBe(index);
  });
});

describe('Morgan soil index bands', () => {
  it.each<['P2O5' | 'K2O' | 'MgO', number, string]>([
    ['P2O5', 1.79, 'VL'],
    ['P2O5', 1.8, 'L'],
    ['P2O5', 4.5, 'M-'],
    ['P2O5', 9.5, 'M+'],
    ['P2O5', 13.5, 'H'],
    ['P2O5', 30, 'H'],
    ['P2O5', 30.1, 'VH'],
    ['K2O', 39.9, 'VL'],
    ['K2O', 40, 'L'],
    ['K2O', 76, 'M-'],
    ['K2O', 141, 'M+'],
    ['K2O', 201, 'H'],
    ['K2O', 400, 'H'],
    ['K2O', 400.1, 'VH'],
    ['MgO', 19.9, 'VL'],
    ['MgO', 20, 'L'],
    ['MgO', 61, 'M'],
    ['MgO', 201, 'H'],
    ['MgO', 1000, 'H'],
    ['MgO', 1000.1, 'VH'],
  ])('%s %s mg/l is %s', (nutrient, value, index) => {
    expect(morganIndexOf(nutrient, value)).toBe(index);
  });
  it('has six bands for P₂O₅ and K₂O and five for MgO', () => {
    expect(legend(morganScale('P2O5'))).toEqual(['VL', 'L', 'M-', 'M+', 'H', 'VH']);
    expect(legend(morganScale('MgO'))).toEqual(['VL', 'L', 'M', 'H', 'VH']);
  });
});

describe('eleven-band scales', () => {
  it('pH from 5 to 10', () => {
    expect(phScale.bands).toHaveLength(11);
    expect(legend(phScale)).toEqual([
      '5–5.5',
      '5.5–6',
      '6–6.5',
      '6.5–7',
      '7–7.5',
      '7.5–8',
      '8–8.5',
      '8.5–9',
      '9–9.5',
      '9.5–10',
      '10+',
    ]);
    expect(bandIndex(phScale, 4)).toBe(0);
    expect(bandIndex(phScale, 5.49)).toBe(0);
    expect(bandIndex(phScale, 5.5)).toBe(1);
    expect(bandIndex(phScale, 9.99)).toBe(9);
    expect(bandIndex(phScale, 10)).toBe(10);
  });
  it('organic matter from 0 to 10 %', () => {
    expect(organicMatterScale.bands).toHaveLength(11);
    expect(bandIndex(organicMatterScale, 0.3)).toBe(0);
    expect(bandIndex(organicMatterScale, 1)).toBe(1);
    expect(bandIndex(organicMatterScale, 9.99)).toBe(9);
    expect(bandIndex(organicMatterScale, 10)).toBe(10);
  });
  it('active carbon and available nutrients', () => {
    expect(activeCarbonScale.bands).toHaveLength(11);
    expect(bandIndex(activeCarbonScale, 10)).toBe(1);
    const k = availableNutrientScale('K2O');
    expect(k.bands).toHaveLength(11);
    expect(bandIndex(k, 49.9)).toBe(0);
    expect(bandIndex(k, 50)).toBe(1);
    expect(bandIndex(k, 500)).toBe(10);
    expect(legend(availableNutrientScale('SO3'))[3]).toBe('30–40');
  });
  it('soil texture has one band per class', () => {
    expect(soilTextureScale.bands).toHaveLength(11);
    expect(bandIndex(soilTextureScale, 1)).toBe(0);
    expect(bandIndex(soilTextureScale, 2)).toBe(1);
    expect(bandIndex(soilTextureScale, 11)).toBe(10);
    expect(
      formatBandLabel(soilTextureScale.bands[10]!.label, plain, (value, name) => `${value}:${name}`),
    ).toBe('11:Clay');
  });
});

describe('yield scale', () => {
  it("starts with '< min' and divides min to max", () => {
    const scale = yieldScale({ MinYield: 4, MaxYield: 12, Intervals: 5 });
    expect(legend(scale)).toEqual(['< 4', '4–6', '6–8', '8–10', '10–12']);
    expect(bandIndex(scale, 3.99)).toBe(0);
    expect(bandIndex(scale, 4)).toBe(1);
    expect(bandIndex(scale, 5.99)).toBe(1);
    expect(bandIndex(scale, 6)).toBe(2);
    expect(bandIndex(scale, 12)).toBe(4);
    expect(bandIndex(scale, 20)).toBe(4);
  });
  it('takes its colours from the crop style', () => {
    const scale = yieldScale({
      MinYield: 0,
      MaxYield: 2,
      Intervals: 3,
      MapStyle: [
        [0, 0, 0],
        [200, 200, 200],
      ],
    });
    expect(scale.bands.map((band) => band.colour)).toEqual([
      [0, 0, 0],
      [100, 100, 100],
      [200, 200, 200],
    ]);
  });
  it('refuses an empty range or fewer than 2 intervals', () => {
    expect(() => yieldScale({ MinYield: 5, MaxYield: 5, Intervals: 5 })).toThrow(RangeError);
    expect(() => yieldScale({ MinYield: 0, MaxYield: 5, Intervals: 1 })).toThrow(RangeError);
  });
  it("uses the crop's own range, else its default", () => {
    expect(cropYieldScale({ CropId: 1, YieldMapMin: 6, YieldMapMax: 14 })).toMatchObject({
      MinYield: 6,
      MaxYield: 14,
    });
    expect(cropYieldScale({ CropId: 1, YieldMapMin: null, YieldMapMax: null })).toMatchObject({
      MinYield: 4,
      MaxYield: 12,
    });
    expect(cropYieldScale({ CropId: 1, YieldMapMin: 8, YieldMapMax: 8 })).toMatchObject({ MinYield: 4 });
    expect(cropYieldScale({ CropId: 999_999 })).toMatchObject({ MinYield: 0, MaxYield: 10, Intervals: 10 });
  });
});

describe('chemical formulas', () => {
  it.each([
    ['P2O5', 'P₂O₅'],
    ['K2O index', 'K₂O index'],
    ['SO3 and CO2', 'SO₃ and CO₂'],
    ['MgO', 'MgO'],
    ['K2O5', 'K2O5'],
    ['XSO3', 'XSO3'],
    ['(P2O5)', '(P₂O₅)'],
  ])('%s -> %s', (text, expected) => {
    expect(withFormulaSubscripts(text)).toBe(expected);
  });
});

describe('tooltips', () => {
  it('zero requirement and balance', () => {
    expect(zoneTooltip({ kind: 'requirement', nutrient: NutrientType.P2O5, value: 0 })).toEqual({
      code: 'noNutrientRequired',
      nutrient: 'P₂O₅',
    });
    expect(zoneTooltip({ kind: 'balance', nutrient: NutrientType.N, value: 0 })).toEqual({
      code: 'noNutrientBalance',
      nutrient: 'N',
    });
    expect(zoneTooltip({ kind: 'requirement', nutrient: NutrientType.N, value: 0.1 })).toBeNull();
    expect(zoneTooltip({ kind: 'other', nutrient: NutrientType.N, value: 0 })).toBeNull();
  });
  it('disabled field', () => {
    expect(zoneTooltip({ kind: 'other', value: 3, field: { disabledInYear: 2026 } })).toEqual({
      code: 'disabledInYear',
      year: 2026,
    });
    expect(
      zoneTooltip({ kind: 'requirement', value: 0, field: { name: 'Long Acre', disabledInYear: 2026 } }),
    ).toEqual({
      code: 'fieldDisabledInYear',
      name: 'Long Acre',
      year: 2026,
    });
  });
});

describe('weighted mean and CSS colour', () => {
  it('weights amounts', () => {
    expect(weightedMean([100, 200], [1, 3])).toBe(175);
  });
  it('refuses mismatched lengths and zero weights', () => {
    expect(() => weightedMean([1], [1, 2])).toThrow('weights and amounts must be the same length');
    expect(() => weightedMean([1, 2], [0, 0])).toThrow('sum of weights cannot be zero');
  });
  it('writes rgb and rgba', () => {
    expect(cssColour([1, 2, 3])).toBe('rgb(1, 2, 3)');
    expect(cssColour([1, 2, 3], 0.5)).toBe('rgba(1, 2, 3, 0.5)');
  });
});

describe('the scale of a layer', () => {
  const layer = (change: Partial<ScaledLayer>): ScaledLayer => ({
    TypeId: LayerTypeId.SoilPhosphorus,
    Unit: 'Index',
    NutrientId: null,
    CropId: null,
    Ranges: null,
    Style: null,
    MinValue: 0,
    MaxValue: 5,
    ...change,
  });
  it('P index layer: the index bands', () => {
    expect(legend(layerColourScale(layer({})))).toEqual(['0', '1', '2', '3', '4', '5+']);
  });
  it('by unit: Morgan, mg/l, kg/ha', () => {
    expect(legend(layerColourScale(layer({ Unit: 'Morgan' }))).at(0)).toBe('VL');
    expect(legend(layerColourScale(layer({ Unit: 'Ppm' }))).at(0)).toBe('0–9');
    expect(layerColourScale(layer({ Unit: 'KgHa', MinValue: 0, MaxValue: 100 })).bands).toHaveLength(10);
  });
  it('its own ranges first, then a named gradient', () => {
    const ranges = [{ Min: null, Max: 3, FillColor: [1, 2, 3] as const, Label: 'Low' }];
    expect(legend(layerColourScale(layer({ Ranges: ranges })))).toEqual(['Low']);
    expect(legend(layerColourScale(layer({ Style: { Gradient: 'pH' } }))).at(-1)).toBe('8+');
    expect(layerColourScale(layer({ Style: { Gradient: 'default' } })).bands[0]?.colour).toEqual([
      255, 239, 156,
    ]);
  });
  it('by type', () => {
    expect(layerColourScale(layer({ TypeId: LayerTypeId.SoilTexture })).bands).toHaveLength(11);
    expect(layerColourScale(layer({ TypeId: LayerTypeId.OrganicMatter })).bands).toHaveLength(11);
    expect(legend(layerColourScale(layer({ TypeId: LayerTypeId.Yield, CropId: 1 }))).at(0)).toBe('< 4');
    expect(
      legend(
        layerColourScale(layer({ TypeId: LayerTypeId.Yield, CropId: 1 }), { YieldMapMin: 2, YieldMapMax: 8 }),
      ).at(0),
    ).toBe('< 2');
    expect(
      legend(
        layerColourScale(layer({ TypeId: LayerTypeId.NutrientRequirement, NutrientId: NutrientType.K2O })),
      ).at(-1),
    ).toBe('241+');
    expect(
      layerColourScale(layer({ TypeId: LayerTypeId.EcScan, MinValue: 10, MaxValue: 30 })).bands,
    ).toHaveLength(10);
  });
  it('ramp over values: 10 bands, edges to 2 decimals, one band without a spread', () => {
    const scale = rampScale(0, 1);
    expect(legend(scale).slice(0, 2)).toEqual(['0–0.1', '0.1–0.2']);
    expect(bandIndex(scale, -1)).toBe(0);
    expect(bandIndex(scale, 0.1)).toBe(1);
    expect(bandIndex(scale, 5)).toBe(9);
    expect(legend(rampScale(3, 3))).toEqual(['3']);
    expect(rampScale(null, null).bands).toHaveLength(1);
  });
});
