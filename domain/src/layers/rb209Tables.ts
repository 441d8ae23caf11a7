import { CropCategory, CropId, CropPurpose, cropDefinitionById } from '../crops.ts';

/**
 * The RB209 phosphate, potash and magnesium tables Headland holds, one per crop group, each with where it is
 * printed. The figures are those of the Fertiliser Manual (RB209), 8th edition (Defra, 2010): the current AHDB
 * Nutrient Management Guide (RB209) changed the cereal offtakes and tables in 2020, and its worked examples (wheat
 * 10 t/ha at P Index 1: 106 kg P2O5/ha) are the 8th edition's, so one edition is used throughout. docs/
 * nutrient-sources.md lists every table with its section. A crop without a table here gets no figure: never
 * another crop's.
 *
 * P2O5 by P Index 0, 1, 2, 3, 4 and above; K2O by K Index 0, 1, 2-, 2+, 3, 4 and above; MgO by Mg Index 0, 1, 2, 3
 * and above. null: the printed table gives no figure Headland could verify for that index.
 */
export type RecommendationCropGroup =
  | 'cereals'
  | 'oilseedRape'
  | 'springOilseedRape'
  | 'linseed'
  | 'forageMaize'
  | 'potatoes'
  | 'sugarBeet'
  | 'grass';

/** A magnesium rule the guide gives as a dressing every few years rather than a yearly figure. */
export const MagnesiumRule = { EveryThreeOrFourYears: 'mgO50to100Every3or4Years' } as const;
export type MagnesiumRule = (typeof MagnesiumRule)[keyof typeof MagnesiumRule];

export interface NutrientTable {
  /** Section and table of the Fertiliser Manual, 8th edition. */
  source: string;
  /** The yield (t/ha) the figures at the target index replace; null where the table is not for a yield. */
  standardYield: number | null;
  P2O5: readonly (number | null)[];
  K2O: readonly (number | null)[];
  /** Yearly figures, or the guide's every-three-or-four-years rule at Mg Index 0 and 1; null: none printed. */
  MgO: readonly number[] | MagnesiumRule | null;
  /** Highest K position (of 0, 1, 2-, 2+, ...) at the target index: 2 (2-), or 3 where the table has one K 2. */
  kTargetPosition: 2 | 3;
  /** Whether the guide adjusts phosphate for yield (potatoes: "should not be adjusted"). */
  adjustPhosphate: boolean;
}

export const edition = 'Fertiliser Manual (RB209), 8th edition, Defra 2010';

export const recommendationTables: Record<RecommendationCropGroup, NutrientTable> = {
  // Section 4, "All cereals – phosphate, potash, magnesium and sulphur": winter wheat 8 t/ha, straw incorporated.
  cereals: {
    source: 'Section 4, All cereals: phosphate, potash, magnesium (winter wheat 8 t/ha, straw incorporated)',
    standardYield: 8,
    P2O5: [120, 90, 60, 0, 0],
    K2O: [105, 75, 45, 20, 0, 0],
    MgO: [150, 100, 0, 0],
    kTargetPosition: 2,
    adjustPhosphate: true,
  },
  // Section 4, "Oilseed rape and linseed": winter oilseed rape 3.5 t/ha. The archived text reads 40 kg P2O5/ha at P
  // Index 3 and above, against 0 for every other arable crop; unverified, so no figure is given there.
  oilseedRape: {
    source:
      'Section 4, Oilseed rape and linseed: phosphate, potash, magnesium (winter oilseed rape 3.5 t/ha)',
    standardYield: 3.5,
    P2O5: [110, 80, 50, null, null],
    K2O: [100, 70, 40, 20, 0, 0],
    MgO: MagnesiumRule.EveryThreeOrFourYears,
    kTargetPosition: 2,
    adjustPhosphate: true,
  },
  springOilseedRape: {
    source: 'Section 4, Oilseed rape and linseed: phosphate, potash, magnesium (spring oilseed rape 2 t/ha)',
    standardYield: 2,
    P2O5: [90, 60, 30, 0, 0],
    K2O: [80, 50, 20, 0, 0, 0],
    MgO: MagnesiumRule.EveryThreeOrFourYears,
    kTargetPosition: 2,
    adjustPhosphate: true,
  },
  linseed: {
    source: 'Section 4, Oilseed rape and linseed: phosphate, potash, magnesium (linseed 1.5 t/ha)',
    standardYield: 1.5,
    P2O5: [90, 60, 30, 0, 0],
    K2O: [80, 50, 20, 0, 0, 0],
    MgO: MagnesiumRule.EveryThreeOrFourYears,
    kTargetPosition: 2,
    adjustPhosphate: true,
  },
  // Section 4, "Forage maize": 40 t/ha fresh. The table prints no magnesium row.
  forageMaize: {
    source: 'Section 4, Forage maize: phosphate and potash (40 t/ha fresh yield)',
    standardYield: 40,
    P2O5: [115, 85, 55, 20, 0],
    K2O: [235, 205, 175, 145, 110, 0],
    MgO: null,
    kTargetPosition: 2,
    adjustPhosphate: true,
  },
  // Section 5, "Potatoes – phosphate, potash and magnesium": 50 t/ha; one K Index 2 column.
  potatoes: {
    source: 'Section 5, Potatoes: phosphate, potash and magnesium (50 t/ha total yield)',
    standardYield: 50,
    P2O5: [250, 210, 170, 100, 0],
    K2O: [360, 330, 300, 300, 150, 0],
    MgO: [120, 80, 40, 0],
    kTargetPosition: 3,
    adjustPhosphate: false,
  },
  // Section 4, "Sugar beet": 60 t/ha with tops ploughed in; one K Index 2 column.
  sugarBeet: {
    source: 'Section 4, Sugar beet: phosphate, potash, magnesium and sodium (60 t/ha, tops ploughed in)',
    standardYield: 60,
    P2O5: [110, 80, 50, 0, 0],
    K2O: [160, 130, 100, 100, 0, 0],
    MgO: [150, 75, 0, 0],
    kTargetPosition: 3,
    adjustPhosphate: true,
  },
  // Section 8, grazed grass. Kept from Headland's earlier table; see docs/nutrient-sources.md on its checking.
  grass: {
    source: 'Section 8, Grassland: phosphate, potash and magnesium for grazed grass',
    standardYield: null,
    P2O5: [80, 50, 20, 0, 0],
    K2O: [60, 30, 0, 0, 0, 0],
    MgO: [100, 50, 0, 0],
    kTargetPosition: 2,
    adjustPhosphate: false,
  },
};

/**
 * The table a crop follows, or null where Headland holds no published table for it (field beans, peas, fodder
 * beet, grain maize, vegetables and the rest): such a crop gets no figure. Maize follows the forage maize table
 * unless its cropping is grown for grain.
 */
export function recommendationGroupOf(
  cropId: number,
  purpose?: string | null,
): RecommendationCropGroup | null {
  switch (cropId) {
    case CropId.Potatoes:
      return 'potatoes';
    case CropId.SugarBeet:
      return 'sugarBeet';
    case CropId.WinterOilseedRape:
      return 'oilseedRape';
    case CropId.SpringOilseedRape:
      return 'springOilseedRape';
    case CropId.Linseed:
      return 'linseed';
    case CropId.Maize:
      return purpose === CropPurpose.Grain ? null : 'forageMaize';
  }
  const category = cropDefinitionById(cropId)?.category;
  if (category === CropCategory.Grass) return 'grass';
  if (category === CropCategory.Cereal && cerealOfftakes[cropId] !== undefined) return 'cereals';
  return null;
}

/** kg per tonne of harvested product (Fertiliser Manual, 8th edition, Appendix 5). */
export interface Offtake {
  P2O5: number;
  K2O: number;
}

/** Cereal grain (all cereals) and grain with straw removed, per tonne of grain (Appendix 5). */
export const cerealGrainOfftake: Offtake = { P2O5: 7.8, K2O: 5.6 };
const winterWithStraw: Offtake = { P2O5: 8.4, K2O: 10.4 };
const springWithStraw: Offtake = { P2O5: 8.6, K2O: 11.8 };
const oatsWithStraw: Offtake = { P2O5: 8.8, K2O: 17.3 };

/**
 * The cereals the table serves, with their grain-and-straw offtake where Appendix 5 prints one (winter wheat or
 * barley, spring wheat or barley, oats); rye and triticale have none, so their straw removed has no figure.
 */
export const cerealOfftakes: Partial<Record<number, Offtake | null>> = {
  [CropId.WinterWheat]: winterWithStraw,
  [CropId.WinterBarley]: winterWithStraw,
  [CropId.SpringWheat]: springWithStraw,
  [CropId.SpringBarley]: springWithStraw,
  [CropId.WinterOats]: oatsWithStraw,
  [CropId.SpringOats]: oatsWithStraw,
  [CropId.WinterRye]: null,
  [CropId.Triticale]: null,
};

/** Offtake per tonne of the harvested product of the other tables; null: none printed (linseed, grass). */
export const productOfftakes: Record<Exclude<RecommendationCropGroup, 'cereals'>, Offtake | null> = {
  oilseedRape: { P2O5: 14, K2O: 11 },
  springOilseedRape: { P2O5: 14, K2O: 11 },
  linseed: null,
  forageMaize: { P2O5: 1.4, K2O: 4.4 },
  potatoes: { P2O5: 1, K2O: 5.8 },
  sugarBeet: { P2O5: 0.8, K2O: 1.7 },
  grass: null,
};

/**
 * The yield the table's figures are for, for this crop: the cereal table is printed for winter wheat at 8 t/ha,
 * so other cereals have no standard yield of their own in it and need the cropping's expected yield.
 */
export function standardYieldFor(group: RecommendationCropGroup, cropId: number): number | null {
  if (group === 'cereals') return cropId === CropId.WinterWheat ? 8 : null;
  return recommendationTables[group].standardYield;
}

/** The table position of a P or Mg index (0, 1, 2, ...) or of a K index (0, 1, 2-, 2+, 3, 4+). */
export function tablePosition(nutrient: 'P2O5' | 'K2O' | 'MgO', index: number): number {
  if (nutrient === 'K2O')
    return index < 2 ? Math.floor(index) : index < 2.5 ? 2 : index < 3 ? 3 : index < 4 ? 4 : 5;
  const last = nutrient === 'P2O5' ? 4 : 3;
  return Math.max(0, Math.min(Math.floor(index), last));
}
