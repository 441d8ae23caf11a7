/**
 * Soil analysis enumerations (fields-croppings-maps §9 Units and areas, Soil): soil units, the P2O5 method and
 * the laboratories. Mg/l and ppm: UK labs report extractable P, K and Mg in mg/l of soil (volume), which the
 * recommendations' index tables use; ppm (mg/kg) is taken as mg/l here, as RB209 does for mineral soils.
 */
export const SoilUnit = {
  Ppm: 'Ppm',
  Index: 'Index',
  KgHa: 'KgHa',
  Morgan: 'Morgan',
  Mg100g: 'Mg100g',
} as const;
export type SoilUnit = (typeof SoilUnit)[keyof typeof SoilUnit];
export const soilUnits = Object.values(SoilUnit) as SoilUnit[];

/** How a lab measured phosphate. Olsen is the England and Wales standard, Morgan Scotland's and Ireland's. */
export const PhosphateMethod = { Olsen: 'Olsen', Morgan: 'Morgan' } as const;
export type PhosphateMethod = (typeof PhosphateMethod)[keyof typeof PhosphateMethod];

export const AnalysisProvider = { Lancrop: 'Lancrop', NRM: 'NRM', RAA: 'RAA', SSM: 'SSM' } as const;

/** Soil categories of §9. */
export const SoilCategory = { Light: 1, Medium: 2, Heavy: 3, Silt: 4, Organic: 5, Peat: 6 } as const;
export type SoilCategory = (typeof SoilCategory)[keyof typeof SoilCategory];

/** The soil index bands for Morgan mg/l of §9 Colours: upper limits of VL, L, M-, M+, H (VH is above). */
export const morganIndexBands = {
  P2O5: [1.8, 4.5, 9.5, 13.5, 30.1],
  K2O: [40, 76, 141, 201, 400.1],
  MgO: [20, 61, 201, 1000.1],
} as const;
export const morganIndexLabels = ['VL', 'L', 'M-', 'M+', 'H', 'VH'] as const;
