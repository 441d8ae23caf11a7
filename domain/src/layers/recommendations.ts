import { CropCategory, cropDefinitionById } from '../crops.ts';
import { NutrientType, type RequirementNutrient } from './nutrients.ts';
import { recommendationGroupOf, recommendationTables, tablePosition } from './rb209Tables.ts';
import { methodOfPkModel, requirementBasis, RecommendationMethod, zoneFigure } from './requirementBasis.ts';
import { SoilCategory } from './soil.ts';

export {
  magnesiumIndex,
  morganIndex,
  parseSoilIndex,
  phosphorusIndex,
  potassiumIndex,
  soilIndexOf,
  olsenPIndexLimits,
  potassiumIndexLimits,
  magnesiumIndexLimits,
} from './soilIndices.ts';
export { recommendationGroupOf, recommendationTables, type RecommendationCropGroup } from './rb209Tables.ts';
export { methodOfPkModel, RecommendationMethod };

/**
 * Phosphate, potash, magnesium and lime recommendations from a soil analysis and a crop: soil indices in
 * soilIndices.ts, the crop tables with their sources in rb209Tables.ts, the yield and straw adjustment in
 * nutrientAdjustments.ts, the method and inputs a layer keeps in requirementBasis.ts. Values are kg/ha of P2O5,
 * K2O and MgO; lime is t/ha of CaCO3 (neutralising value 56).
 */

/** kg/ha of P2O5, K2O or MgO for a soil index and crop at the table's own yield; null where no figure is printed. */
export function nutrientRecommendation(
  nutrient: 'P2O5' | 'K2O' | 'MgO',
  index: number,
  cropId: number,
): number | null {
  const group = recommendationGroupOf(cropId);
  if (!group) return null;
  const table = recommendationTables[group][nutrient];
  if (table === null || typeof table === 'string') return null;
  return table[tablePosition(nutrient, index)] ?? (nutrient === 'MgO' ? 0 : null);
}

/** Target pH (RB209 Section 1): 6.5 for arable land, 6.0 for grassland (mineral soils). */
export const targetPh = { arable: 6.5, grass: 6.0 } as const;

/**
 * t/ha of CaCO3 to raise the topsoil by one pH unit (RB209 Section 1, lime requirement of mineral soils, 20 cm
 * arable); grassland (15 cm) needs three quarters of it.
 */
export const limePerPhUnit: Record<SoilCategory, number> = {
  [SoilCategory.Light]: 6,
  [SoilCategory.Medium]: 7,
  [SoilCategory.Heavy]: 8,
  [SoilCategory.Silt]: 7,
  [SoilCategory.Organic]: 11,
  [SoilCategory.Peat]: 16,
};

/** t/ha of CaCO3 to bring `ph` to the crop's target, rounded to 0.1; 0 at or above the target. */
export function limeRecommendation(
  ph: number,
  cropId: number,
  soil: SoilCategory = SoilCategory.Medium,
): number {
  const grass = cropDefinitionById(cropId)?.category === CropCategory.Grass;
  const target = grass ? targetPh.grass : targetPh.arable;
  if (!(ph < target)) return 0;
  const perUnit = limePerPhUnit[soil] * (grass ? 0.75 : 1);
  return Math.round((target - ph) * perUnit * 10) / 10;
}

/** The soil layer element a requirement nutrient is calculated from. */
export const requirementSources: Record<RequirementNutrient, 'P2O5' | 'K2O' | 'MgO' | 'pH'> = {
  [NutrientType.P2O5]: 'P2O5',
  [NutrientType.K2O]: 'K2O',
  [NutrientType.MgO]: 'MgO',
  [NutrientType.Lime]: 'pH',
};

/**
 * The requirement of one zone at the table's own yield (RB209, straw incorporated): kg/ha (t/ha for lime), or
 * null when the soil value cannot be read or the crop has no published figure. Layers use requirementBasis and
 * zoneFigure, which take the cropping's yield and straw.
 */
export function zoneRequirement(
  nutrient: RequirementNutrient,
  soilValue: number,
  soilUnit: string,
  cropId: number,
): number | null {
  const result = requirementBasis(nutrient, RecommendationMethod.Rb209, {
    cropId,
    targetYield: null,
    residue: null,
    purpose: null,
  });
  if (!('basis' in result)) return null;
  return zoneFigure(nutrient, result.basis, soilValue, soilUnit, (ph) => limeRecommendation(ph, cropId))
    .value;
}

/**
 * Product rate (in the product's rate unit: kg/ha, or t/ha for lime) that supplies `requirement` of the nutrient
 * from a product with `contentPercent` of it (or neutralising value for lime), rounded to whole kg or 0.1 t.
 * Null when the product holds none of it.
 */
export function productRateFor(
  nutrient: RequirementNutrient,
  requirement: number,
  contentPercent: number,
): number | null {
  if (!(contentPercent > 0)) return null;
  if (nutrient === NutrientType.Lime) return Math.round(((requirement * 56) / contentPercent) * 10) / 10;
  return Math.round(requirement / (contentPercent / 100));
}

/** kg/ha of the nutrient supplied by a product rate (kg/ha), or t/ha of CaCO3 for lime. */
export function nutrientRateFor(
  nutrient: RequirementNutrient,
  productRate: number,
  contentPercent: number,
): number {
  if (nutrient === NutrientType.Lime) return Math.round(((productRate * contentPercent) / 56) * 10) / 10;
  return Math.round(productRate * (contentPercent / 100) * 10) / 10;
}
