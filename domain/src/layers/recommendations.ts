import { CropCategory, CropId, cropDefinitionById } from '../crops.ts';
import { NutrientType, type RequirementNutrient } from './nutrients.ts';
import { morganIndexBands, SoilCategory, SoilUnit } from './soil.ts';

/**
 * Phosphate, potash, magnesium and lime recommendations from a soil analysis and a crop, after the UK's
 * published fertiliser recommendations: AHDB Nutrient Management Guide (RB209), Section 1 (principles: soil
 * index tables for Olsen P, ammonium nitrate extractable K and Mg; lime), Section 3 (grassland) and Sections 4
 * and 5 (arable crops, potatoes), in the figures of the Fertiliser Manual (RB209, 8th edition, 2010) for the
 * standard yields stated below. Values are kg/ha of P2O5, K2O and MgO; lime is t/ha of CaCO3 (neutralising
 * value 56). Soil values are mg/l (ppm is taken as mg/l, as RB209 does for mineral soils).
 *
 * Soil indices travel as numbers: 0 to 9, with the potash sub-indices 2- written 2 and 2+ written 2.5.
 */

/** Upper limits (mg/l, inclusive) of indices 0-8 of Olsen P (RB209 Section 1); above is 9. */
export const olsenPIndexLimits = [9, 15, 25, 45, 70, 100, 140, 200, 280] as const;
/** Upper limits (mg/l) of K indices 0, 1, 2-, 2+, 3-8 (ammonium nitrate extraction); above is 9. */
export const potassiumIndexLimits = [60, 120, 180, 240, 400, 600, 900, 1500, 2400, 3600] as const;
/** Upper limits (mg/l) of Mg indices 0-8; above is 9. */
export const magnesiumIndexLimits = [25, 50, 100, 175, 250, 350, 600, 1000, 1500] as const;

/** The soil index of an Olsen P value in mg/l. */
export function phosphorusIndex(mgPerLitre: number): number {
  const index = olsenPIndexLimits.findIndex((limit) => mgPerLitre <= limit);
  return index === -1 ? 9 : index;
}

/** The soil index of a potash value in mg/l: 2 for 2- and 2.5 for 2+. */
export function potassiumIndex(mgPerLitre: number): number {
  const position = potassiumIndexLimits.findIndex((limit) => mgPerLitre <= limit);
  const indices = [0, 1, 2, 2.5, 3, 4, 5, 6, 7, 8];
  return position === -1 ? 9 : (indices[position] ?? 9);
}

export function magnesiumIndex(mgPerLitre: number): number {
  const index = magnesiumIndexLimits.findIndex((limit) => mgPerLitre <= limit);
  return index === -1 ? 9 : index;
}

/**
 * A Morgan mg/l value (Scotland) as the nearest RB209 index, through the Morgan bands of §9: VL 0, L 1,
 * M- 2, M+ 2.5, H 3, VH 4.
 */
export function morganIndex(nutrient: 'P2O5' | 'K2O' | 'MgO', mgPerLitre: number): number {
  const bands = morganIndexBands[nutrient];
  const indices = [0, 1, 2, 2.5, 3, 4];
  const position = bands.findIndex((limit) => mgPerLitre < limit);
  // MgO has no M+ band: its four limits are VL, L, M, H.
  if (nutrient === 'MgO') return position === -1 ? 4 : ([0, 1, 2, 3] as const)[position]!;
  return position === -1 ? 4 : (indices[position] ?? 4);
}

/** A lab's index text ('2-', '2+', '3') as a number, or null. */
export function parseSoilIndex(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '2-') return 2;
  if (trimmed === '2+') return 2.5;
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) && value >= 0 && value <= 9 ? value : null;
}

/** The index of a soil value in the given unit; null for a unit the nutrient cannot be read in. */
export function soilIndexOf(nutrient: 'P2O5' | 'K2O' | 'MgO', value: number, unit: string): number | null {
  let mgPerLitre: number;
  switch (unit) {
    case SoilUnit.Index:
      return value;
    case SoilUnit.Morgan:
      return morganIndex(nutrient, value);
    case SoilUnit.Ppm:
    case 'mg/l':
      mgPerLitre = value;
      break;
    case SoilUnit.Mg100g:
      mgPerLitre = value * 10;
      break;
    case SoilUnit.KgHa:
      // A 20 cm layer of soil at about 1 kg/l: 2 kg/ha per mg/l.
      mgPerLitre = value / 2;
      break;
    default:
      return null;
  }
  if (nutrient === 'P2O5') return phosphorusIndex(mgPerLitre);
  if (nutrient === 'K2O') return potassiumIndex(mgPerLitre);
  return magnesiumIndex(mgPerLitre);
}

/** Which recommendation table a crop follows. */
export type RecommendationCropGroup = 'cereals' | 'oilseedRape' | 'potatoes' | 'sugarBeet' | 'grass';

/** Standard yields the tables are for, as RB209 states them. */
export const recommendationYields: Record<RecommendationCropGroup, string> = {
  cereals: 'winter wheat 8 t/ha, straw incorporated',
  oilseedRape: 'oilseed rape 3.5 t/ha',
  potatoes: 'potatoes, all types',
  sugarBeet: 'sugar beet 60 t/ha',
  grass: 'grazed grass',
};

/**
 * kg/ha by index. P2O5: indices 0, 1, 2, 3, 4 and above. K2O: 0, 1, 2-, 2+, 3, 4 and above. MgO: 0, 1, 2 and
 * above.
 */
export const recommendationTables: Record<
  RecommendationCropGroup,
  { P2O5: readonly number[]; K2O: readonly number[]; MgO: readonly number[] }
> = {
  cereals: { P2O5: [120, 90, 60, 0, 0], K2O: [105, 75, 45, 20, 0, 0], MgO: [150, 100, 0] },
  oilseedRape: { P2O5: [110, 80, 50, 0, 0], K2O: [100, 70, 40, 20, 0, 0], MgO: [150, 100, 0] },
  potatoes: { P2O5: [250, 210, 170, 100, 0], K2O: [360, 300, 250, 210, 110, 0], MgO: [120, 80, 0] },
  sugarBeet: { P2O5: [100, 75, 50, 0, 0], K2O: [175, 145, 120, 100, 0, 0], MgO: [150, 100, 0] },
  grass: { P2O5: [80, 50, 20, 0, 0], K2O: [60, 30, 0, 0, 0, 0], MgO: [100, 50, 0] },
};

/** The table a crop follows: cereals for arable crops without a table of their own. */
export function recommendationGroupOf(cropId: number): RecommendationCropGroup {
  if (cropId === CropId.Potatoes) return 'potatoes';
  if (cropId === CropId.SugarBeet || cropId === CropId.FodderBeet) return 'sugarBeet';
  if (cropId === CropId.WinterOilseedRape || cropId === CropId.SpringOilseedRape) return 'oilseedRape';
  const category = cropDefinitionById(cropId)?.category;
  if (category === CropCategory.Grass) return 'grass';
  return 'cereals';
}

/** kg/ha of P2O5, K2O or MgO for a soil index and crop. */
export function nutrientRecommendation(
  nutrient: 'P2O5' | 'K2O' | 'MgO',
  index: number,
  cropId: number,
): number {
  const table = recommendationTables[recommendationGroupOf(cropId)][nutrient];
  let position: number;
  if (nutrient === 'K2O')
    position = index < 2 ? Math.floor(index) : index < 2.5 ? 2 : index < 3 ? 3 : index < 4 ? 4 : 5;
  else position = Math.min(Math.floor(index), table.length - 1);
  return table[Math.max(0, Math.min(position, table.length - 1))]!;
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
  const grass = recommendationGroupOf(cropId) === 'grass';
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

/** The requirement of one zone: kg/ha (t/ha for lime), or null when the soil value cannot be read. */
export function zoneRequirement(
  nutrient: RequirementNutrient,
  soilValue: number,
  soilUnit: string,
  cropId: number,
): number | null {
  const source = requirementSources[nutrient];
  if (source === 'pH') return limeRecommendation(soilValue, cropId);
  const index = soilIndexOf(source, soilValue, soilUnit);
  return index === null ? null : nutrientRecommendation(source, index, cropId);
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
