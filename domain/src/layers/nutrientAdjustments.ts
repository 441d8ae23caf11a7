import {
  cerealGrainOfftake,
  cerealOfftakes,
  productOfftakes,
  type Offtake,
  type RecommendationCropGroup,
} from './rb209Tables.ts';

/**
 * The Fertiliser Manual's adjustment of phosphate and potash at the target index and below (8th edition, notes to
 * each crop table): the difference between the expected and the table's yield times the offtake per tonne, with
 * the cereal straw incorporated (grain offtake) or removed (grain-and-straw offtake, Appendix 5). Its examples:
 * wheat 10 t/ha at P Index 1, straw incorporated, 90 + (2 × 7.8) = 106; winter oilseed rape 4.5 t/ha at P
 * Index 1, 80 + (1 × 14) = 94 kg P2O5/ha.
 */

/** What happens to the straw of the cropping, as the requirement used it. */
export const StrawUse = { Incorporated: 'incorporated', Removed: 'removed', NotGiven: 'notGiven' } as const;
export type StrawUse = (typeof StrawUse)[keyof typeof StrawUse];

/** The offtake per tonne the adjustment uses; null where the guide prints none for the crop and straw. */
export function adjustmentOfftake(
  group: RecommendationCropGroup,
  cropId: number,
  straw: StrawUse,
): Offtake | null {
  if (group !== 'cereals') return productOfftakes[group];
  if (straw !== StrawUse.Removed) return cerealGrainOfftake;
  return cerealOfftakes[cropId] ?? null;
}

/**
 * kg/ha at a table position below or at the target, adjusted for yield and straw. The cereal table is printed
 * for straw incorporated; with the straw removed the guide adds the straw's offtake of the table's yield, which
 * is the grain-and-straw offtake less the grain's, per tonne of grain.
 */
export function adjustedFigure(
  figure: number,
  nutrient: 'P2O5' | 'K2O',
  args: {
    group: RecommendationCropGroup;
    cropId: number;
    straw: StrawUse;
    standardYield: number;
    expectedYield: number;
  },
): number {
  const offtake = adjustmentOfftake(args.group, args.cropId, args.straw);
  if (!offtake) return figure;
  let value = figure + (args.expectedYield - args.standardYield) * offtake[nutrient];
  if (args.group === 'cereals' && args.straw === StrawUse.Removed)
    value += args.standardYield * (offtake[nutrient] - cerealGrainOfftake[nutrient]);
  return Math.max(0, Math.round(value));
}
