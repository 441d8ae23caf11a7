import { describe, expect, it } from 'vitest';
import { requirementRequestSchema } from '../api/layersApi.ts';
import { CropId, CropPurpose, CropResidue } from '../crops.ts';
import { PkModel } from '../holdingRules.ts';
import { NutrientType, type RequirementNutrient } from './nutrients.ts';
import { MagnesiumRule, recommendationGroupOf } from './rb209Tables.ts';
import { limeRecommendation } from './recommendations.ts';
import {
  methodOfPkModel,
  RecommendationMethod,
  requirementBasis,
  RequirementProblem,
  requirementProblemOfSoil,
  zoneFigure,
  type RequirementCropping,
} from './requirementBasis.ts';

const cropping = (cropId: number, more: Partial<RequirementCropping> = {}): RequirementCropping => ({
  cropId,
  targetYield: null,
  residue: null,
  purpose: null,
  ...more,
});

/** The zone figure for an index given in the Index unit. */
function figure(nutrient: RequirementNutrient, crop: RequirementCropping, index: number) {
  const result = requirementBasis(nutrient, RecommendationMethod.Rb209, crop);
  if (!('basis' in result)) throw new Error(result.problem);
  return zoneFigure(nutrient, result.basis, index, 'Index', (ph) => limeRecommendation(ph, crop.cropId));
}
const values = (nutrient: RequirementNutrient, crop: RequirementCropping, indices: number[]) =>
  indices.map((index) => figure(nutrient, crop, index).value);

const pIndices = [0, 1, 2, 3, 4, 9];
const kIndices = [0, 1, 2, 2.5, 3, 4, 9];

// Fertiliser Manual (RB209), 8th edition: every figure of every table at its own yield, straw incorporated.
describe.each([
  ['winter wheat 8 t/ha', CropId.WinterWheat, [120, 90, 60, 0, 0, 0], [105, 75, 45, 20, 0, 0, 0]],
  [
    'winter oilseed rape 3.5 t/ha',
    CropId.WinterOilseedRape,
    [110, 80, 50, null, null, null],
    [100, 70, 40, 20, 0, 0, 0],
  ],
  ['spring oilseed rape 2 t/ha', CropId.SpringOilseedRape, [90, 60, 30, 0, 0, 0], [80, 50, 20, 0, 0, 0, 0]],
  ['linseed 1.5 t/ha', CropId.Linseed, [90, 60, 30, 0, 0, 0], [80, 50, 20, 0, 0, 0, 0]],
  ['forage maize 40 t/ha', CropId.Maize, [115, 85, 55, 20, 0, 0], [235, 205, 175, 145, 110, 0, 0]],
  ['potatoes 50 t/ha', CropId.Potatoes, [250, 210, 170, 100, 0, 0], [360, 330, 300, 300, 150, 0, 0]],
  ['sugar beet 60 t/ha', CropId.SugarBeet, [110, 80, 50, 0, 0, 0], [160, 130, 100, 100, 0, 0, 0]],
  ['grazed grass', CropId.Grass, [80, 50, 20, 0, 0, 0], [60, 30, 0, 0, 0, 0, 0]],
])('the %s table', (_name, cropId, phosphate, potash) => {
  it('gives its phosphate at P Index 0, 1, 2, 3, 4 and 9', () =>
    expect(values(NutrientType.P2O5, cropping(cropId), pIndices)).toEqual(phosphate));
  it('gives its potash at K Index 0, 1, 2-, 2+, 3, 4 and 9', () =>
    expect(values(NutrientType.K2O, cropping(cropId), kIndices)).toEqual(potash));
});

describe('magnesium', () => {
  it.each([
    [CropId.WinterWheat, [150, 100, 0, 0]],
    [CropId.Potatoes, [120, 80, 40, 0]],
    [CropId.SugarBeet, [150, 75, 0, 0]],
    [CropId.Grass, [100, 50, 0, 0]],
  ])('crop %s by Mg Index 0, 1, 2, 5', (cropId, expected) =>
    expect(values(NutrientType.MgO, cropping(cropId), [0, 1, 2, 5])).toEqual(expected),
  );

  it.each([CropId.WinterOilseedRape, CropId.SpringOilseedRape, CropId.Linseed])(
    'crop %s gets the every-three-or-four-years rule at Mg Index 0 and 1, not a yearly figure',
    (cropId) => {
      expect(figure(NutrientType.MgO, cropping(cropId), 0)).toEqual({
        value: null,
        index: 0,
        note: MagnesiumRule.EveryThreeOrFourYears,
      });
      expect(figure(NutrientType.MgO, cropping(cropId), 1).note).toBe(MagnesiumRule.EveryThreeOrFourYears);
      expect(figure(NutrientType.MgO, cropping(cropId), 2)).toEqual({ value: 0, index: 2, note: null });
    },
  );

  it('forage maize has no printed magnesium row', () =>
    expect(requirementBasis(NutrientType.MgO, RecommendationMethod.Rb209, cropping(CropId.Maize))).toEqual({
      problem: RequirementProblem.NoPublishedRecommendation,
    }));
});

describe('yield and straw adjustment', () => {
  it("holds the manual's worked examples", () => {
    const wheat = cropping(CropId.WinterWheat, { targetYield: 10, residue: CropResidue.Incorporated });
    expect(figure(NutrientType.P2O5, wheat, 1).value).toBe(106);
    const rape = cropping(CropId.WinterOilseedRape, { targetYield: 4.5 });
    expect(figure(NutrientType.P2O5, rape, 1).value).toBe(94);
    // Forage maize 50 t/ha at P Index 1: 85 + 10 × 1.4 = 99; sugar beet 70 t/ha: 80 + 10 × 0.8 = 88.
    expect(figure(NutrientType.P2O5, cropping(CropId.Maize, { targetYield: 50 }), 1).value).toBe(99);
    expect(figure(NutrientType.P2O5, cropping(CropId.SugarBeet, { targetYield: 70 }), 1).value).toBe(88);
    // Potatoes 70 t/ha at K Index 1: 330 + 20 × 5.8 = 446; their phosphate is not adjusted.
    const potatoes = cropping(CropId.Potatoes, { targetYield: 70 });
    expect(figure(NutrientType.K2O, potatoes, 1).value).toBe(446);
    expect(figure(NutrientType.P2O5, potatoes, 1).value).toBe(210);
  });

  it('adjusts at the target index and below only', () => {
    const wheat = cropping(CropId.WinterWheat, { targetYield: 10, residue: CropResidue.Incorporated });
    expect(values(NutrientType.P2O5, wheat, [0, 1, 2, 3])).toEqual([136, 106, 76, 0]);
    // K 2- is the target; 2+ keeps its figure.
    expect(values(NutrientType.K2O, wheat, [0, 1, 2, 2.5, 3])).toEqual([116, 86, 56, 20, 0]);
  });

  it('adds the straw offtake when the straw is baled', () => {
    const baled = cropping(CropId.WinterWheat, { residue: CropResidue.Baled });
    // 60 + 8 × (8.4 − 7.8) = 64.8; 45 + 8 × (10.4 − 5.6) = 83.4.
    expect(figure(NutrientType.P2O5, baled, 2).value).toBe(65);
    expect(figure(NutrientType.K2O, baled, 2).value).toBe(83);
    const baled10 = cropping(CropId.WinterWheat, { residue: CropResidue.Baled, targetYield: 10 });
    // 90 + 4.8 + 2 × 8.4 = 111.6.
    expect(figure(NutrientType.P2O5, baled10, 1).value).toBe(112);
  });

  it('uses the standard yield when the cropping has no target yield, and says which it used', () => {
    const result = requirementBasis(
      NutrientType.P2O5,
      RecommendationMethod.Rb209,
      cropping(CropId.WinterWheat),
    );
    expect(result).toMatchObject({
      basis: {
        ExpectedYield: 8,
        StandardYield: 8,
        YieldFrom: 'standard',
        Straw: 'notGiven',
        Table: 'cereals',
      },
    });
  });

  it('needs a target yield for cereals other than winter wheat, and works from the wheat table', () => {
    expect(
      requirementBasis(NutrientType.P2O5, RecommendationMethod.Rb209, cropping(CropId.SpringBarley)),
    ).toEqual({ problem: RequirementProblem.ExpectedYieldRequired });
    const barley = cropping(CropId.SpringBarley, { targetYield: 6, residue: CropResidue.Incorporated });
    expect(figure(NutrientType.P2O5, barley, 2).value).toBe(44);
  });

  it('gives no figure for baled rye straw, which has no printed offtake', () =>
    expect(
      requirementBasis(
        NutrientType.K2O,
        RecommendationMethod.Rb209,
        cropping(CropId.WinterRye, { targetYield: 6, residue: CropResidue.Baled }),
      ),
    ).toEqual({ problem: RequirementProblem.StrawRemovedNoFigure }));

  it('keeps linseed at its table yield: the guide prints no linseed offtake', () => {
    const linseed = cropping(CropId.Linseed, { targetYield: 2.5 });
    expect(figure(NutrientType.P2O5, linseed, 1).value).toBe(60);
  });
});

describe('crops and methods', () => {
  it('gives each crop its own table and none to crops without one', () => {
    expect(recommendationGroupOf(CropId.SpringOilseedRape)).toBe('springOilseedRape');
    expect(recommendationGroupOf(CropId.Linseed)).toBe('linseed');
    expect(recommendationGroupOf(CropId.Maize, CropPurpose.Forage)).toBe('forageMaize');
    expect(recommendationGroupOf(CropId.Maize, CropPurpose.Grain)).toBeNull();
    for (const cropId of [CropId.WinterBeans, CropId.SpringBeans, CropId.Peas, CropId.FodderBeet])
      expect(requirementBasis(NutrientType.P2O5, RecommendationMethod.Rb209, cropping(cropId))).toEqual({
        problem: RequirementProblem.NoPublishedRecommendation,
      });
  });

  it('follows the holding PK model: SRUC figures are not given from the English tables', () => {
    expect(methodOfPkModel(PkModel.Adas)).toBe('RB209');
    expect(methodOfPkModel(PkModel.Sruc)).toBe('SRUC');
    expect(
      requirementBasis(NutrientType.P2O5, RecommendationMethod.Sruc, cropping(CropId.WinterWheat)),
    ).toEqual({ problem: RequirementProblem.SrucFiguresNotHeld });
  });

  it('refuses soil readings without a unit, in a unit it cannot read, or out of range', () => {
    const p = NutrientType.P2O5;
    expect(requirementProblemOfSoil(p, [12], null)).toBe(RequirementProblem.UnitMissing);
    expect(requirementProblemOfSoil(p, [12], 'furlongs')).toBe(RequirementProblem.UnitNotRead);
    expect(requirementProblemOfSoil(p, [12], 'Morgan')).toBe(RequirementProblem.UnitNotRead);
    expect(requirementProblemOfSoil(p, [10], 'Index')).toBe(RequirementProblem.IndexOutOfRange);
    expect(requirementProblemOfSoil(p, [-1], 'Ppm')).toBe(RequirementProblem.IndexOutOfRange);
    expect(requirementProblemOfSoil(p, [9, null], 'Index')).toBeNull();
    expect(requirementProblemOfSoil(NutrientType.Lime, [15], null)).toBe(RequirementProblem.IndexOutOfRange);
    expect(requirementProblemOfSoil(NutrientType.Lime, [6.2], null)).toBeNull();
  });
});

describe('nitrogen', () => {
  it('is not offered: a requirement layer is for P2O5, K2O, MgO or lime only', () => {
    const request = { SoilLayerId: 1, CroppingId: 1 };
    expect(requirementRequestSchema.safeParse({ ...request, NutrientId: NutrientType.N }).success).toBe(
      false,
    );
    expect(requirementRequestSchema.safeParse({ ...request, NutrientId: NutrientType.P2O5 }).success).toBe(
      true,
    );
  });
});

describe('index edges through measured values', () => {
  const wheat = cropping(CropId.WinterWheat, { residue: CropResidue.Incorporated });
  const measured = (nutrient: RequirementNutrient, mgPerLitre: number) => {
    const result = requirementBasis(nutrient, RecommendationMethod.Rb209, wheat);
    if (!('basis' in result)) throw new Error(result.problem);
    return zoneFigure(nutrient, result.basis, mgPerLitre, 'Ppm', () => 0).value;
  };

  it.each([
    [9, 120],
    [9.1, 90],
    [15, 90],
    [16, 60],
    [25, 60],
    [26, 0],
  ])('Olsen P %s mg/l gives %s kg P2O5/ha for wheat', (value, kg) =>
    expect(measured(NutrientType.P2O5, value)).toBe(kg),
  );

  it.each([
    [60, 105],
    [61, 75],
    [120, 75],
    [121, 45],
    [180, 45],
    [181, 20],
    [240, 20],
    [241, 0],
  ])('K %s mg/l gives %s kg K2O/ha for wheat (2- to 2+ at 180)', (value, kg) =>
    expect(measured(NutrientType.K2O, value)).toBe(kg),
  );

  it.each([
    [25, 150],
    [26, 100],
    [50, 100],
    [51, 0],
  ])('Mg %s mg/l gives %s kg MgO/ha for wheat', (value, kg) =>
    expect(measured(NutrientType.MgO, value)).toBe(kg),
  );
});
