import { z } from 'zod';
import { CropResidue } from '../crops.ts';
import { PkModel } from '../holdingRules.ts';
import { adjustedFigure, adjustmentOfftake, StrawUse } from './nutrientAdjustments.ts';
import { NutrientType, type RequirementNutrient } from './nutrients.ts';
import {
  MagnesiumRule,
  recommendationGroupOf,
  recommendationTables,
  standardYieldFor,
  tablePosition,
  type RecommendationCropGroup,
} from './rb209Tables.ts';
import { readSoilIndex, SoilReadingProblem } from './soilIndices.ts';

/**
 * What a requirement layer is worked out from, kept on the layer: the method (RB209 for holdings on the ADAS PK
 * model, SRUC for those on SRUC, holdings-permissions-sync §2.1), the table and the cropping's inputs. A layer
 * keeps them when the holding's PK model changes later: nothing is recalculated silently.
 */
export const RecommendationMethod = { Rb209: 'RB209', Sruc: 'SRUC' } as const;
export type RecommendationMethod = (typeof RecommendationMethod)[keyof typeof RecommendationMethod];

export function methodOfPkModel(pkModel: PkModel): RecommendationMethod {
  return pkModel === PkModel.Sruc ? RecommendationMethod.Sruc : RecommendationMethod.Rb209;
}

/** Why no requirement layer is made: each a code the web app puts in words. */
export const RequirementProblem = {
  ...SoilReadingProblem,
  NoPublishedRecommendation: 'noPublishedRecommendation',
  SrucFiguresNotHeld: 'srucFiguresNotHeld',
  ExpectedYieldRequired: 'expectedYieldRequired',
  StrawRemovedNoFigure: 'strawRemovedNoFigure',
} as const;
export type RequirementProblem = (typeof RequirementProblem)[keyof typeof RequirementProblem];

export const requirementBasisSchema = z.object({
  Method: z.enum(RecommendationMethod),
  /** The crop group's table (rb209Tables.ts); null for lime, which follows the arable or grassland rule. */
  Table: z.string().nullable(),
  Source: z.string(),
  CropId: z.number().int(),
  /** t/ha the figures were adjusted to, and where it came from; null where the table has no yield. */
  ExpectedYield: z.number().nullable(),
  StandardYield: z.number().nullable(),
  YieldFrom: z.enum(['target', 'standard']).nullable(),
  Straw: z.enum(StrawUse).nullable(),
  Rule: z.enum(MagnesiumRule).nullable(),
  /** Lowest and highest soil index (or pH for lime) of the zones. */
  IndexMin: z.number().nullable(),
  IndexMax: z.number().nullable(),
  /** Zones left without a figure because the table prints none Headland could verify for their index. */
  ZonesWithoutFigure: z.number().int().nonnegative(),
});
export type RequirementBasis = z.infer<typeof requirementBasisSchema>;

/** The cropping's inputs to a requirement: crop, TargetYield (t/ha), Residue and Purpose attributes. */
export interface RequirementCropping {
  cropId: number;
  targetYield: number | null;
  residue: number | null;
  purpose: string | null;
}

export type BasisResult = { basis: RequirementBasis } | { problem: RequirementProblem };

const limeSource = 'Section 1, Soil acidity and liming: target pH and lime requirement';

/** The basis of a requirement of `nutrient` for a cropping under a method, or why there is none. */
export function requirementBasis(
  nutrient: RequirementNutrient,
  method: RecommendationMethod,
  cropping: RequirementCropping,
): BasisResult {
  // SRUC's Technical Note figures are not held yet: a Scottish holding on SRUC gets none rather than England's.
  if (method === RecommendationMethod.Sruc) return { problem: RequirementProblem.SrucFiguresNotHeld };
  const empty = {
    Method: method,
    CropId: cropping.cropId,
    ExpectedYield: null,
    StandardYield: null,
    YieldFrom: null,
    Straw: null,
    Rule: null,
    IndexMin: null,
    IndexMax: null,
    ZonesWithoutFigure: 0,
  };
  if (nutrient === NutrientType.Lime) return { basis: { ...empty, Table: null, Source: limeSource } };
  const group = recommendationGroupOf(cropping.cropId, cropping.purpose);
  if (!group) return { problem: RequirementProblem.NoPublishedRecommendation };
  const table = recommendationTables[group];
  if (nutrient === NutrientType.MgO) {
    if (table.MgO === null) return { problem: RequirementProblem.NoPublishedRecommendation };
    const rule = typeof table.MgO === 'string' ? table.MgO : null;
    return { basis: { ...empty, Table: group, Source: table.source, Rule: rule } };
  }
  const straw = strawOf(group, cropping.residue);
  const standardYield = standardYieldFor(group, cropping.cropId);
  const target = cropping.targetYield !== null && cropping.targetYield > 0 ? cropping.targetYield : null;
  if (table.standardYield !== null && standardYield === null && target === null)
    return { problem: RequirementProblem.ExpectedYieldRequired };
  const offtake = adjustmentOfftake(group, cropping.cropId, straw ?? StrawUse.Incorporated);
  if (group === 'cereals' && offtake === null) return { problem: RequirementProblem.StrawRemovedNoFigure };
  // Linseed has no printed offtake: its figures stay those of its table's yield.
  const adjustable =
    table.standardYield !== null &&
    offtake !== null &&
    (nutrient !== NutrientType.P2O5 || table.adjustPhosphate);
  return {
    basis: {
      ...empty,
      Table: group,
      Source: table.source,
      StandardYield: group === 'cereals' ? table.standardYield : standardYield,
      ExpectedYield: adjustable ? (target ?? standardYield) : (standardYield ?? null),
      YieldFrom: adjustable ? (target !== null ? 'target' : 'standard') : null,
      Straw: straw,
    },
  };
}

function strawOf(group: RecommendationCropGroup, residue: number | null): StrawUse | null {
  if (group !== 'cereals' && group !== 'oilseedRape' && group !== 'springOilseedRape' && group !== 'linseed')
    return null;
  if (residue === CropResidue.Incorporated) return StrawUse.Incorporated;
  if (residue === CropResidue.Baled) return StrawUse.Removed;
  return StrawUse.NotGiven;
}

/** A zone's requirement: kg/ha (t/ha for lime), or null with the rule or reason that stands in for a figure. */
export interface ZoneFigure {
  value: number | null;
  index: number | null;
  note: MagnesiumRule | 'noPublishedFigure' | null;
}

/**
 * The requirement of one zone from its soil value, on a basis `requirementBasis` gave. Soil readings must have
 * been checked with `readSoilIndex` (requirementProblemOfSoil) first; an unreadable one gives null here.
 */
export function zoneFigure(
  nutrient: RequirementNutrient,
  basis: RequirementBasis,
  soilValue: number,
  soilUnit: string | null,
  limeOf: (ph: number) => number,
): ZoneFigure {
  if (nutrient === NutrientType.Lime) return { value: limeOf(soilValue), index: soilValue, note: null };
  const element = nutrient === NutrientType.P2O5 ? 'P2O5' : nutrient === NutrientType.K2O ? 'K2O' : 'MgO';
  const reading = readSoilIndex(element, soilValue, soilUnit);
  if (!('index' in reading) || basis.Table === null) return { value: null, index: null, note: null };
  const index = reading.index;
  const table = recommendationTables[basis.Table as RecommendationCropGroup];
  const position = tablePosition(element, index);
  if (element === 'MgO') {
    if (table.MgO === null) return { value: null, index, note: 'noPublishedFigure' };
    if (typeof table.MgO === 'string')
      return position <= 1 ? { value: null, index, note: table.MgO } : { value: 0, index, note: null };
    return { value: table.MgO[position] ?? 0, index, note: null };
  }
  const figure = table[element][position];
  if (figure === null || figure === undefined) return { value: null, index, note: 'noPublishedFigure' };
  const atOrBelowTarget = element === 'P2O5' ? position <= 2 : position <= table.kTargetPosition;
  if (
    !atOrBelowTarget ||
    basis.ExpectedYield === null ||
    basis.StandardYield === null ||
    basis.YieldFrom === null
  )
    return { value: figure, index, note: null };
  const value = adjustedFigure(figure, element, {
    group: basis.Table as RecommendationCropGroup,
    cropId: basis.CropId,
    straw: basis.Straw ?? StrawUse.Incorporated,
    standardYield: basis.StandardYield,
    expectedYield: basis.ExpectedYield,
  });
  return { value, index, note: null };
}

/** The first soil reading among `values` the method cannot use, as a problem code; null when all can be read. */
export function requirementProblemOfSoil(
  nutrient: RequirementNutrient,
  values: readonly (number | null)[],
  soilUnit: string | null,
): RequirementProblem | null {
  if (nutrient === NutrientType.Lime) {
    const bad = values.some((value) => value !== null && !(value >= 0 && value <= 14));
    return bad ? RequirementProblem.IndexOutOfRange : null;
  }
  const element = nutrient === NutrientType.P2O5 ? 'P2O5' : nutrient === NutrientType.K2O ? 'K2O' : 'MgO';
  for (const value of values) {
    if (value === null) continue;
    const reading = readSoilIndex(element, value, soilUnit);
    if ('problem' in reading) return reading.problem;
  }
  if (values.every((value) => value === null) && (soilUnit === null || soilUnit.trim() === ''))
    return RequirementProblem.UnitMissing;
  return null;
}
