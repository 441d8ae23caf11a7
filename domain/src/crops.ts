import { z } from 'zod';

/** Crop categories 1-14. */
export const CropCategory = {
  Cereal: 1,
  Mixed: 2,
  Root: 3,
  FieldVeg: 4,
  Fruit: 5,
  Forage: 6,
  CoverCrop: 7,
  Other: 8,
  Salad: 9,
  Grass: 10,
  Herbs: 11,
  Ornamentals: 12,
  Forestry: 13,
  Amenity: 14,
} as const;
export type CropCategory = (typeof CropCategory)[keyof typeof CropCategory];
export const cropCategorySchema = z.enum(CropCategory);

export const cropCategoryLabels: Record<CropCategory, string> = {
  1: 'Cereal',
  2: 'Mixed',
  3: 'Root',
  4: 'Field vegetables',
  5: 'Fruit',
  6: 'Forage',
  7: 'Cover crop',
  8: 'Other',
  9: 'Salad',
  10: 'Grass',
  11: 'Herbs',
  12: 'Ornamentals',
  13: 'Forestry',
  14: 'Amenity',
};

/**
 * Crop ids. Ids below 1000 are the spec's own; the others were chosen here, from 1001 up, so that they can never
 * clash with a shared id below 1000.
 */
export const CropId = {
  Uncropped: 0,
  WinterWheat: 1,
  SpringWheat: 2,
  WinterBarley: 4,
  Potatoes: 13,
  SugarBeet: 18,
  Grass: 54,
  Maize: 161,
  SpringBarley: 1001,
  WinterOats: 1002,
  SpringOats: 1003,
  WinterRye: 1004,
  Triticale: 1005,
  MixedCereals: 1010,
  ArableSilage: 1011,
  WinterOilseedRape: 1020,
  SpringOilseedRape: 1021,
  Linseed: 1022,
  WinterBeans: 1023,
  SpringBeans: 1024,
  Peas: 1025,
  FodderBeet: 1030,
  Swedes: 1031,
  Carrots: 1040,
  Parsnips: 1041,
  Onions: 1042,
  Leeks: 1043,
  Cabbage: 1044,
  Cauliflower: 1045,
  BrusselsSprouts: 1046,
  Broccoli: 1047,
  Asparagus: 1048,
  Rhubarb: 1049,
  Strawberries: 1050,
  Raspberries: 1051,
  Blackcurrants: 1052,
  Apples: 1053,
  Pears: 1054,
  Cherries: 1055,
  Grapes: 1056,
  Plums: 1057,
  Kale: 1060,
  StubbleTurnips: 1061,
  ForageRye: 1062,
  Lucerne: 1063,
  RedClover: 1064,
  CoverCrop: 1070,
  CatchCrop: 1071,
  Other: 1080,
  Fallow: 1081,
  Efa: 1082,
  GrassMargin: 1083,
  OutdoorPigs: 1084,
  OutdoorPoultry: 1085,
  NonFarmedArea: 1086,
  HerbageSeed: 1087,
  Miscanthus: 1088,
  SetAside: 1089,
  Lettuce: 1090,
  BabyLeaf: 1091,
  Radish: 1092,
  PermanentGrass: 1100,
  RoughGrazing: 1101,
  GrassClover: 1102,
  Mint: 1110,
  Coriander: 1111,
  Parsley: 1112,
  Bulbs: 1120,
  CutFlowers: 1121,
  NurseryStock: 1122,
  Woodland: 1130,
  ShortRotationCoppice: 1131,
  AmenityGrass: 1140,
  SportsTurf: 1141,
} as const;
export type CropId = (typeof CropId)[keyof typeof CropId];

/** The spec names purposes without numbers, so they travel and are stored as their names. */
export const CropPurpose = {
  Feed: 'Feed',
  Malting: 'Malting',
  Milling: 'Milling',
  Dessert: 'Dessert',
  Culinary: 'Culinary',
  Cider: 'Cider',
  Forage: 'Forage',
  Grain: 'Grain',
  Maincrop: 'Maincrop',
  FirstEarly: 'FirstEarly',
  SecondEarly: 'SecondEarly',
  Seed: 'Seed',
  Winter: 'Winter',
  Summer: 'Summer',
  Wine: 'Wine',
  Table: 'Table',
  Dry: 'Dry',
  Fresh: 'Fresh',
} as const;
export type CropPurpose = (typeof CropPurpose)[keyof typeof CropPurpose];
export const cropPurposeSchema = z.enum(CropPurpose);

export const cropPurposeLabels: Record<CropPurpose, string> = {
  Feed: 'Feed',
  Malting: 'Malting',
  Milling: 'Milling',
  Dessert: 'Dessert',
  Culinary: 'Culinary',
  Cider: 'Cider',
  Forage: 'Forage',
  Grain: 'Grain',
  Maincrop: 'Maincrop',
  FirstEarly: '1st Early',
  SecondEarly: '2nd Early',
  Seed: 'Seed',
  Winter: 'Winter',
  Summer: 'Summer',
  Wine: 'Wine',
  Table: 'Table',
  Dry: 'Dry',
  Fresh: 'Fresh',
};

export const MaltingOption = { Brewing: 'Brewing', Distilling: 'Distilling' } as const;
export type MaltingOption = (typeof MaltingOption)[keyof typeof MaltingOption];
export const maltingOptionSchema = z.enum(MaltingOption);

/** What happens to straw and other crop residue. The ids are the spec's; 2 is not used. */
export const CropResidue = { Incorporated: 1, Baled: 3 } as const;
export type CropResidue = (typeof CropResidue)[keyof typeof CropResidue];
export const cropResidueSchema = z.enum(CropResidue);
export const cropResidueLabels: Record<CropResidue, string> = { 1: 'Incorporated', 3: 'Baled' };

export const ProtectionStatus = { Outdoor: 1, PermanentProtection: 2, TemporaryProtection: 3 } as const;
export type ProtectionStatus = (typeof ProtectionStatus)[keyof typeof ProtectionStatus];
export const protectionStatusSchema = z.enum(ProtectionStatus);
export const protectionStatusLabels: Record<ProtectionStatus, string> = {
  1: 'Outdoor',
  2: 'Permanent protection',
  3: 'Temporary protection',
};

export const GrassCuts = { One: 1, Two: 2, Three: 3, FourOrMore: 4 } as const;
export type GrassCuts = (typeof GrassCuts)[keyof typeof GrassCuts];
export const grassCutsSchema = z.enum(GrassCuts);
export const grassCutsLabels: Record<GrassCuts, string> = { 1: '1', 2: '2', 3: '3', 4: '4 or more' };

/**
 * Grass managements of both regions in one numbering; which of them a region offers is decided in
 * cropAttributes (England and Scotland lists differ).
 */
export const GrassManagement = {
  Grazed: 1,
  Cut: 2,
  CutGrazed: 3,
  Dehydrated: 4,
  DehydratedIrrigated: 5,
  Seed: 6,
  Silage: 7,
  Hay: 8,
} as const;
export type GrassManagement = (typeof GrassManagement)[keyof typeof GrassManagement];
export const grassManagementSchema = z.enum(GrassManagement);
export const grassManagementLabels: Record<GrassManagement, string> = {
  1: 'Grazed',
  2: 'Cut',
  3: 'Cut and grazed',
  4: 'Dehydrated',
  5: 'Dehydrated with irrigation',
  6: 'Seed',
  7: 'Silage',
  8: 'Hay',
};

/** Potato growing season length bands; the 60-90 day band has plain, seed and ware variants. */
export const GrowingSeasonLength = {
  Under60: 1,
  From60To90: 2,
  From60To90Seed: 3,
  From60To90Ware: 4,
  From90To120: 5,
  Over120: 6,
} as const;
export type GrowingSeasonLength = (typeof GrowingSeasonLength)[keyof typeof GrowingSeasonLength];
export const growingSeasonLengthSchema = z.enum(GrowingSeasonLength);
export const growingSeasonLengthLabels: Record<GrowingSeasonLength, string> = {
  1: '<60 days',
  2: '60-90 days',
  3: '60-90 days (seed)',
  4: '60-90 days (ware)',
  5: '90-120 days',
  6: '>120 days',
};

/** Which of a field's areas counts as the field area. Stored and sent by name, as the spec names them. */
export const FieldAreaType = { Whole: 'Whole', Working: 'Working', Boundary: 'Boundary' } as const;
export type FieldAreaType = (typeof FieldAreaType)[keyof typeof FieldAreaType];
export const fieldAreaTypeSchema = z.enum(FieldAreaType);

export const BiomassLevel = { Low: 1, Average: 2, High: 3 } as const;
export type BiomassLevel = (typeof BiomassLevel)[keyof typeof BiomassLevel];
export const biomassLevelSchema = z.enum(BiomassLevel);
export const biomassLevelLabels: Record<BiomassLevel, string> = { 1: 'Low', 2: 'Average', 3: 'High' };

export const NLeafAnalysis = { TooLow: 1, Low: 2, Normal: 3, High: 4, TooHigh: 5 } as const;
export type NLeafAnalysis = (typeof NLeafAnalysis)[keyof typeof NLeafAnalysis];
export const nLeafAnalysisSchema = z.enum(NLeafAnalysis);
export const nLeafAnalysisLabels: Record<NLeafAnalysis, string> = {
  1: 'Too low',
  2: 'Low',
  3: 'Normal',
  4: 'High',
  5: 'Too high',
};

export const Drainage = { LandDrains: 1, MoleDrained: 2, NoDrainage: 3 } as const;
export type Drainage = (typeof Drainage)[keyof typeof Drainage];
export const drainageSchema = z.enum(Drainage);
export const drainageLabels: Record<Drainage, string> = {
  1: 'Land drains',
  2: 'Mole drained',
  3: 'No drainage',
};

export const siteClassSchema = z.number().int().min(1).max(5);
export type SiteClass = 1 | 2 | 3 | 4 | 5;

/** Crop-style modes of the cropping layer; crop is the default. */
export const CroppingStyleMode = {
  Crop: 'crop',
  Variety: 'variety',
  PurposeAndGrass: 'purposeAndGrass',
  Description: 'description',
} as const;
export type CroppingStyleMode = (typeof CroppingStyleMode)[keyof typeof CroppingStyleMode];
export const croppingStyleModeSchema = z.enum(CroppingStyleMode);

export type Rgb = readonly [number, number, number];

/** Shown for a crop with no colour of its own. */
export const missingCropColour: Rgb = [255, 255, 255];

/**
 * One row of the crop table, in the shape the crop table is stored in. The three `requires*` flags say which
 * cropping attributes the crop asks for besides residue and purpose.
 */
export interface CropDefinition {
  id: number;
  name: string;
  category: CropCategory;
  perennial: boolean;
  hidden: boolean;
  coverCrop: boolean;
  /** The crop leaves residue (straw) whose fate must be recorded. */
  residue: boolean;
  purposes: { userSelection: boolean; list: CropPurpose[] };
  colour: Rgb;
  /** A fill pattern file under /images/map/patterns/. */
  pattern?: string;
  requiresGrowingSeasonLength: boolean;
  requiresProtection: boolean;
  requiresGrassManagement: boolean;
}

type CropOptions = Partial<Omit<CropDefinition, 'id' | 'name' | 'category' | 'colour'>>;

// Protected cropping (tunnels, glass) is common for these, so their croppings must say how they are grown.
const protectedCategories: ReadonlySet<CropCategory> = new Set([
  CropCategory.Fruit,
  CropCategory.Salad,
  CropCategory.Herbs,
  CropCategory.Ornamentals,
]);

function crop(id: number, name: string, category: CropCategory, colour: Rgb, options: CropOptions = {}) {
  const definition: CropDefinition = {
    id,
    name,
    category,
    perennial: false,
    hidden: false,
    coverCrop: category === CropCategory.CoverCrop,
    residue: false,
    purposes: { userSelection: false, list: [] },
    colour,
    requiresGrowingSeasonLength: false,
    requiresProtection: protectedCategories.has(category),
    requiresGrassManagement: category === CropCategory.Grass,
    ...options,
  };
  return definition;
}

const P = CropPurpose;
const choose = (...list: CropPurpose[]) => ({ userSelection: true, list });
const straw = { residue: true } as const;
const perennial = { perennial: true } as const;
const C = CropCategory;

/** The crop table. */
export const cropDefinitions: readonly CropDefinition[] = [
  crop(CropId.Uncropped, 'Uncropped', C.Other, [255, 255, 255]),
  crop(CropId.WinterWheat, 'Winter wheat', C.Cereal, [230, 190, 90], {
    ...straw,
    purposes: choose(P.Feed, P.Milling, P.Seed),
  }),
  crop(CropId.SpringWheat, 'Spring wheat', C.Cereal, [240, 215, 130], {
    ...straw,
    purposes: choose(P.Feed, P.Milling, P.Seed),
  }),
  crop(CropId.WinterBarley, 'Winter barley', C.Cereal, [200, 160, 60], {
    ...straw,
    purposes: choose(P.Feed, P.Malting, P.Seed),
  }),
  crop(CropId.SpringBarley, 'Spring barley', C.Cereal, [245, 230, 160], {
    ...straw,
    purposes: choose(P.Feed, P.Malting, P.Seed),
  }),
  crop(CropId.WinterOats, 'Winter oats', C.Cereal, [215, 200, 150], {
    ...straw,
    purposes: choose(P.Feed, P.Milling, P.Seed),
  }),
  crop(CropId.SpringOats, 'Spring oats', C.Cereal, [225, 215, 175], {
    ...straw,
    purposes: choose(P.Feed, P.Milling, P.Seed),
  }),
  crop(CropId.WinterRye, 'Winter rye', C.Cereal, [180, 150, 100], {
    ...straw,
    purposes: choose(P.Feed, P.Milling),
  }),
  crop(CropId.Triticale, 'Triticale', C.Cereal, [190, 170, 110], {
    ...straw,
    purposes: choose(P.Feed, P.Seed),
  }),
  crop(CropId.Maize, 'Maize', C.Cereal, [255, 200, 0], { purposes: choose(P.Forage, P.Grain) }),
  crop(CropId.MixedCereals, 'Mixed cereals', C.Mixed, [205, 185, 120], { ...straw }),
  crop(CropId.ArableSilage, 'Arable silage', C.Mixed, [150, 180, 90]),
  crop(CropId.WinterOilseedRape, 'Winter oilseed rape', C.Other, [255, 240, 0], { ...straw }),
  crop(CropId.SpringOilseedRape, 'Spring oilseed rape', C.Other, [255, 250, 120], { ...straw }),
  crop(CropId.Linseed, 'Linseed', C.Other, [120, 150, 220], { ...straw }),
  crop(CropId.WinterBeans, 'Winter beans', C.Other, [110, 90, 60], {
    ...straw,
    purposes: choose(P.Feed, P.Seed),
  }),
  crop(CropId.SpringBeans, 'Spring beans', C.Other, [140, 115, 80], {
    ...straw,
    purposes: choose(P.Feed, P.Seed),
  }),
  crop(CropId.Peas, 'Peas', C.Other, [120, 200, 120], { ...straw, purposes: choose(P.Dry, P.Fresh) }),
  crop(CropId.Potatoes, 'Potatoes', C.Root, [160, 82, 45], {
    purposes: choose(P.Maincrop, P.FirstEarly, P.SecondEarly, P.Seed),
    requiresGrowingSeasonLength: true,
  }),
  crop(CropId.SugarBeet, 'Sugar beet', C.Root, [220, 120, 170]),
  crop(CropId.FodderBeet, 'Fodder beet', C.Root, [190, 90, 140]),
  crop(CropId.Swedes, 'Swedes', C.Root, [170, 120, 200]),
  crop(CropId.Carrots, 'Carrots', C.FieldVeg, [255, 140, 0]),
  crop(CropId.Parsnips, 'Parsnips', C.FieldVeg, [240, 225, 190]),
  crop(CropId.Onions, 'Onions', C.FieldVeg, [200, 130, 90]),
  crop(CropId.Leeks, 'Leeks', C.FieldVeg, [100, 170, 100]),
  crop(CropId.Cabbage, 'Cabbage', C.FieldVeg, [80, 160, 80], { purposes: choose(P.Winter, P.Summer) }),
  crop(CropId.Cauliflower, 'Cauliflower', C.FieldVeg, [235, 235, 210], {
    purposes: choose(P.Winter, P.Summer),
  }),
  crop(CropId.BrusselsSprouts, 'Brussels sprouts', C.FieldVeg, [60, 130, 60]),
  crop(CropId.Broccoli, 'Broccoli', C.FieldVeg, [40, 110, 70]),
  crop(CropId.Asparagus, 'Asparagus', C.FieldVeg, [130, 170, 90], { ...perennial }),
  crop(CropId.Rhubarb, 'Rhubarb', C.FieldVeg, [200, 60, 80], { ...perennial }),
  crop(CropId.Strawberries, 'Strawberries', C.Fruit, [230, 30, 60], { ...perennial }),
  crop(CropId.Raspberries, 'Raspberries', C.Fruit, [200, 20, 100], { ...perennial }),
  crop(CropId.Blackcurrants, 'Blackcurrants', C.Fruit, [70, 20, 90], { ...perennial }),
  crop(CropId.Apples, 'Apples', C.Fruit, [150, 200, 60], {
    ...perennial,
    purposes: choose(P.Dessert, P.Culinary, P.Cider),
  }),
  crop(CropId.Pears, 'Pears', C.Fruit, [190, 210, 90], {
    ...perennial,
    purposes: choose(P.Dessert, P.Culinary),
  }),
  crop(CropId.Cherries, 'Cherries', C.Fruit, [150, 0, 40], { ...perennial }),
  crop(CropId.Grapes, 'Grapes', C.Fruit, [110, 40, 120], { ...perennial, purposes: choose(P.Wine, P.Table) }),
  crop(CropId.Plums, 'Plums', C.Fruit, [120, 60, 140], { ...perennial }),
  crop(CropId.Kale, 'Kale', C.Forage, [50, 120, 90]),
  crop(CropId.StubbleTurnips, 'Stubble turnips', C.Forage, [150, 110, 190]),
  crop(CropId.ForageRye, 'Forage rye', C.Forage, [140, 170, 110]),
  crop(CropId.Lucerne, 'Lucerne', C.Forage, [140, 120, 200], { ...perennial }),
  crop(CropId.RedClover, 'Red clover', C.Forage, [210, 90, 110], { ...perennial }),
  crop(CropId.CoverCrop, 'Cover crop', C.CoverCrop, [170, 210, 140]),
  crop(CropId.CatchCrop, 'Catch crop', C.CoverCrop, [190, 220, 160]),
  crop(CropId.Other, 'Other', C.Other, [200, 200, 200]),
  crop(CropId.Fallow, 'Fallow', C.Other, [210, 190, 160], { pattern: 'diagonal.png' }),
  crop(CropId.Efa, 'EFA', C.Other, [180, 220, 200], { pattern: 'cross.png' }),
  crop(CropId.GrassMargin, 'Grass margin', C.Other, [150, 210, 120], {
    ...perennial,
    pattern: 'horizontal.png',
  }),
  crop(CropId.OutdoorPigs, 'Outdoor pigs', C.Other, [240, 170, 170], { pattern: 'dots.png' }),
  crop(CropId.OutdoorPoultry, 'Outdoor poultry', C.Other, [240, 220, 170], { pattern: 'dots.png' }),
  crop(CropId.NonFarmedArea, 'Non-farmed area', C.Other, [170, 170, 170], {
    ...perennial,
    pattern: 'grid.png',
  }),
  crop(CropId.HerbageSeed, 'Herbage seed', C.Other, [120, 190, 80], { requiresGrassManagement: true }),
  crop(CropId.Miscanthus, 'Miscanthus', C.Other, [100, 140, 60], { ...perennial }),
  crop(CropId.SetAside, 'Set-aside', C.Other, [225, 225, 200], { hidden: true }),
  crop(CropId.Lettuce, 'Lettuce', C.Salad, [150, 230, 100]),
  crop(CropId.BabyLeaf, 'Baby leaf', C.Salad, [170, 240, 130]),
  crop(CropId.Radish, 'Radish', C.Salad, [230, 80, 110]),
  crop(CropId.Grass, 'Grass', C.Grass, [60, 180, 75], {
    ...perennial,
    purposes: { userSelection: false, list: [P.Forage] },
  }),
  crop(CropId.PermanentGrass, 'Permanent grass', C.Grass, [40, 150, 60], { ...perennial }),
  crop(CropId.RoughGrazing, 'Rough grazing', C.Grass, [130, 160, 90], { ...perennial }),
  crop(CropId.GrassClover, 'Grass and clover', C.Grass, [90, 190, 110], { ...perennial }),
  crop(CropId.Mint, 'Mint', C.Herbs, [60, 200, 160], { ...perennial }),
  crop(CropId.Coriander, 'Coriander', C.Herbs, [110, 200, 140]),
  crop(CropId.Parsley, 'Parsley', C.Herbs, [80, 170, 100]),
  crop(CropId.Bulbs, 'Bulbs', C.Ornamentals, [250, 220, 60]),
  crop(CropId.CutFlowers, 'Cut flowers', C.Ornamentals, [240, 120, 200]),
  crop(CropId.NurseryStock, 'Nursery stock', C.Ornamentals, [120, 150, 120], { ...perennial }),
  crop(CropId.Woodland, 'Woodland', C.Forestry, [30, 100, 40], { ...perennial, pattern: 'trees.png' }),
  crop(CropId.ShortRotationCoppice, 'Short rotation coppice', C.Forestry, [80, 120, 50], { ...perennial }),
  crop(CropId.AmenityGrass, 'Amenity grass', C.Amenity, [120, 200, 120], { ...perennial }),
  crop(CropId.SportsTurf, 'Sports turf', C.Amenity, [100, 210, 100], { ...perennial }),
];

const byId = new Map(cropDefinitions.map((definition) => [definition.id, definition]));

export function cropDefinitionById(cropId: number): CropDefinition | undefined {
  return byId.get(cropId);
}

/** The crop's display colour, or white when the crop is unknown. */
export function cropColour(cropId: number): Rgb {
  return byId.get(cropId)?.colour ?? missingCropColour;
}

/**
 * The label of a cropping's crop: 'Uncropped' when no crop is set, the cropping's own crop name for the crop
 * 'Other' (falling back to 'Other' when it has none), and otherwise the crop's name.
 */
export function cropLabel(
  cropping: { CropId: number | null; CropName?: string | null },
  cropName: (cropId: number) => string | undefined = (id) => byId.get(id)?.name,
  /** The words for no crop, another crop without a name and an unknown crop (English by default). */
  words: { uncropped: string; other: string; unknown: string } = {
    uncropped: 'Uncropped',
    other: 'Other',
    unknown: 'Unknown crop',
  },
): string {
  const id = cropping.CropId;
  if (id === null || id === CropId.Uncropped) return words.uncropped;
  if (id === CropId.Other) return cropping.CropName?.trim() || words.other;
  return cropName(id) ?? (cropping.CropName?.trim() || words.unknown);
}
