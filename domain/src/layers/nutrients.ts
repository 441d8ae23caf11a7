/**
 * Nutrients (fields-croppings-maps §9): the nutrient types, as oxides the UK fertiliser recommendations use, and
 * the nutrient groups (bit masks of the types).
 */
export const NutrientType = { N: 1, SO3: 2, P2O5: 3, K2O: 4, MgO: 5, Lime: 6 } as const;
export type NutrientType = (typeof NutrientType)[keyof typeof NutrientType];
export const nutrientTypeIds = Object.values(NutrientType) as NutrientType[];

/** The name each nutrient is shown with (chemical formulas get subscripts on screen). */
export const nutrientNames: Record<NutrientType, string> = {
  [NutrientType.N]: 'N',
  [NutrientType.SO3]: 'SO3',
  [NutrientType.P2O5]: 'P2O5',
  [NutrientType.K2O]: 'K2O',
  [NutrientType.MgO]: 'MgO',
  [NutrientType.Lime]: 'Lime',
};

/** Nutrient groups: NS 3 (N and SO3), PK 28, Lime 32, AllNutrients 63 (§9). */
export const NutrientGroup = { NS: 3, PK: 28, Lime: 32, AllNutrients: 63 } as const;
export type NutrientGroup = (typeof NutrientGroup)[keyof typeof NutrientGroup];

/** Whether `nutrient` belongs to `group` (bit 1 << (type - 1)). */
export function nutrientInGroup(nutrient: NutrientType, group: NutrientGroup): boolean {
  return (group & (1 << (nutrient - 1))) !== 0;
}

/** The nutrients a requirement layer can be calculated for from a soil analysis. */
export const requirementNutrients = [
  NutrientType.P2O5,
  NutrientType.K2O,
  NutrientType.MgO,
  NutrientType.Lime,
] as const;
export type RequirementNutrient = (typeof requirementNutrients)[number];
