import { morganIndexBands, SoilUnit } from './soil.ts';

/**
 * Soil indices of the RB209 system (Fertiliser Manual, 8th edition, 2010, Section 1 "Soil analysis" and Appendix 4;
 * the same bands in the AHDB Nutrient Management Guide (RB209), Section 1): Olsen P, ammonium nitrate extractable
 * K and Mg, all in mg/l. Indices travel as numbers 0 to 9, with the potash sub-indices 2- written 2 and 2+ 2.5.
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

/** Why a soil value gives no index: no unit, a unit the method cannot read, or an index outside 0-9. */
export const SoilReadingProblem = {
  UnitMissing: 'soilUnitMissing',
  UnitNotRead: 'soilUnitNotRead',
  IndexOutOfRange: 'soilIndexOutOfRange',
} as const;
export type SoilReadingProblem = (typeof SoilReadingProblem)[keyof typeof SoilReadingProblem];

/**
 * The index of a soil value for the RB209 tables, or the reason there is none (Morgan values among them). A value given as an index must be
 * 0 to 9; a negative or non-finite measurement is not a reading either.
 */
export function readSoilIndex(
  nutrient: 'P2O5' | 'K2O' | 'MgO',
  value: number,
  unit: string | null | undefined,
): { index: number } | { problem: SoilReadingProblem } {
  if (unit === null || unit === undefined || unit.trim() === '')
    return { problem: SoilReadingProblem.UnitMissing };
  if (!Number.isFinite(value) || value < 0) return { problem: SoilReadingProblem.IndexOutOfRange };
  if (unit === SoilUnit.Index && value > 9) return { problem: SoilReadingProblem.IndexOutOfRange };
  // Morgan extracts are SRUC's measure: the RB209 tables are for Olsen P and ammonium nitrate K and Mg, and the
  // conversion between them is not published, so a Morgan value is not read as an RB209 index.
  if (unit === SoilUnit.Morgan) return { problem: SoilReadingProblem.UnitNotRead };
  const index = soilIndexOf(nutrient, value, unit);
  return index === null ? { problem: SoilReadingProblem.UnitNotRead } : { index };
}
