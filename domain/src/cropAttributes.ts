import { z } from 'zod';
import type { Cropping } from './cropping';
import {
  CropCategory,
  CropResidue,
  GrassCuts,
  GrassManagement,
  GrowingSeasonLength,
  ProtectionStatus,
  cropCategorySchema,
  cropPurposeSchema,
  type CropDefinition,
  type CropPurpose,
} from './crops';
import type { IsoDate } from './isoDate';
import { Region } from './region';

/** A crop as the shared data sends it, with the flags that decide which cropping attributes it asks for. */
export const cropDescriptorSchema = z.object({
  CropId: z.number().int(),
  Name: z.string(),
  Category: cropCategorySchema,
  Perennial: z.boolean(),
  Hidden: z.boolean(),
  CoverCrop: z.boolean(),
  /** The crop leaves residue whose fate (incorporated or baled) must be given. */
  Residue: z.boolean(),
  Purposes: z.object({ UserSelection: z.boolean(), List: z.array(cropPurposeSchema) }),
  RequiresGrowingSeasonLength: z.boolean(),
  RequiresProtection: z.boolean(),
  RequiresGrassManagement: z.boolean(),
  YieldMapMin: z.number().nullable(),
  YieldMapMax: z.number().nullable(),
});
export type CropDescriptor = z.infer<typeof cropDescriptorSchema>;

export function toCropDescriptor(crop: CropDefinition): CropDescriptor {
  return {
    CropId: crop.id,
    Name: crop.name,
    Category: crop.category,
    Perennial: crop.perennial,
    Hidden: crop.hidden,
    CoverCrop: crop.coverCrop,
    Residue: crop.residue,
    Purposes: { UserSelection: crop.purposes.userSelection, List: [...crop.purposes.list] },
    RequiresGrowingSeasonLength: crop.requiresGrowingSeasonLength,
    RequiresProtection: crop.requiresProtection,
    RequiresGrassManagement: crop.requiresGrassManagement,
    YieldMapMin: null,
    YieldMapMax: null,
  };
}

const englandGrassManagements: readonly GrassManagement[] = [
  GrassManagement.Grazed,
  GrassManagement.Cut,
  GrassManagement.CutGrazed,
  GrassManagement.Dehydrated,
  GrassManagement.DehydratedIrrigated,
  GrassManagement.Seed,
];

const scotlandGrassManagements: readonly GrassManagement[] = [
  GrassManagement.Grazed,
  GrassManagement.Silage,
  GrassManagement.Hay,
  GrassManagement.CutGrazed,
  GrassManagement.Seed,
];

/** Grass cuts are asked only for these managements, and only in England. */
export const grassManagementsWithCuts: ReadonlySet<GrassManagement> = new Set([
  GrassManagement.Cut,
  GrassManagement.CutGrazed,
  GrassManagement.Dehydrated,
  GrassManagement.DehydratedIrrigated,
]);

/**
 * Scotland has its own list; every other region uses England's. Grass crops never offer Seed: grass grown for
 * seed is recorded as its own crop (herbage seed).
 */
export function grassManagementOptions(
  region: number,
  crop: Pick<CropDescriptor, 'Category'>,
): GrassManagement[] {
  const list = region === Region.Scotland ? scotlandGrassManagements : englandGrassManagements;
  return list.filter((option) => !(crop.Category === CropCategory.Grass && option === GrassManagement.Seed));
}

/** England hides the seed and ware variants of 60-90 days, Scotland the plain one; others follow England. */
export function growingSeasonLengthOptions(region: number): GrowingSeasonLength[] {
  const hidden: readonly GrowingSeasonLength[] =
    region === Region.Scotland
      ? [GrowingSeasonLength.From60To90]
      : [GrowingSeasonLength.From60To90Seed, GrowingSeasonLength.From60To90Ware];
  return Object.values(GrowingSeasonLength).filter((option) => !hidden.includes(option));
}

export type CropManagementOptionsRule =
  { enabled: true; scheme: 'SFI' | 'AECS'; label: string } | { enabled: false };

/** Agri-environment management options: SFI in England, AECS in Scotland, behind a feature flag. */
export function cropManagementOptionsRule(
  region: number,
  featureEnabled: boolean,
): CropManagementOptionsRule {
  if (featureEnabled && region === Region.England) {
    return { enabled: true, scheme: 'SFI', label: 'SFI management options' };
  }
  if (featureEnabled && region === Region.Scotland) {
    return { enabled: true, scheme: 'AECS', label: 'AECS management options' };
  }
  return { enabled: false };
}

/** Scotland's N crop group values start at 100; older, smaller values are no longer valid. */
export const nCropGroupMinValid = 100;

export interface AttributeRule<T> {
  shown: boolean;
  required: boolean;
  options: readonly T[];
}

export interface CropAttributeRules {
  residue: AttributeRule<CropResidue>;
  growingSeasonLength: AttributeRule<GrowingSeasonLength>;
  protection: AttributeRule<ProtectionStatus>;
  grassManagement: AttributeRule<GrassManagement>;
  grassCuts: AttributeRule<GrassCuts>;
  purpose: AttributeRule<CropPurpose>;
  /** Scotland's N crop group; its options come from the reference data. */
  nCropGroup: { shown: boolean; required: false };
  cropManagementOptions: CropManagementOptionsRule;
}

export interface CropAttributeContext {
  crop: CropDescriptor | undefined;
  region: number;
  /** The management currently chosen, which decides whether grass cuts are asked. */
  grassManagement?: GrassManagement | null;
  destructionDate?: IsoDate | null;
  /** The crop-management options feature flag. */
  cropManagementOptionsEnabled: boolean;
}

const hiddenRule = { shown: false, required: false, options: [] } as const;

/** A rule the crop asks for is shown and required. */
function asked<T>(demanded: boolean, options: readonly T[]): AttributeRule<T> {
  return demanded ? { shown: true, required: true, options } : hiddenRule;
}

/** Which cropping attributes the form shows and requires for a crop in a region, and their options. */
export function cropAttributeRules(context: CropAttributeContext): CropAttributeRules {
  const { crop, region } = context;
  const grassManagement = asked(
    crop?.RequiresGrassManagement ?? false,
    crop ? grassManagementOptions(region, crop) : [],
  );
  const showCuts =
    region === Region.England &&
    grassManagement.shown &&
    context.grassManagement !== null &&
    context.grassManagement !== undefined &&
    grassManagementsWithCuts.has(context.grassManagement);
  const purposes = crop?.Purposes;
  const choosePurpose = purposes !== undefined && purposes.UserSelection && purposes.List.length > 0;
  return {
    residue: asked(crop?.Residue ?? false, Object.values(CropResidue)),
    growingSeasonLength: asked(
      crop?.RequiresGrowingSeasonLength ?? false,
      growingSeasonLengthOptions(region),
    ),
    protection: asked(crop?.RequiresProtection ?? false, Object.values(ProtectionStatus)),
    grassManagement,
    grassCuts: showCuts ? { shown: true, required: false, options: Object.values(GrassCuts) } : hiddenRule,
    purpose: asked(choosePurpose, purposes?.List ?? []),
    nCropGroup: { shown: region === Region.Scotland && Boolean(context.destructionDate), required: false },
    cropManagementOptions: cropManagementOptionsRule(region, context.cropManagementOptionsEnabled),
  };
}

export const CropAttribute = {
  Residue: 'residue',
  GrowingSeasonLength: 'growingSeasonLength',
  Protection: 'protection',
  GrassManagement: 'grassManagement',
  GrassCuts: 'grassCuts',
  Purpose: 'purpose',
} as const;
export type CropAttribute = (typeof CropAttribute)[keyof typeof CropAttribute];

export const cropAttributeLabels: Record<CropAttribute, string> = {
  residue: 'Residue',
  growingSeasonLength: 'Growing season length',
  protection: 'Protection',
  grassManagement: 'Grass management',
  grassCuts: 'Grass cuts',
  purpose: 'Purpose',
};

export type CropAttributeValues = Pick<
  Cropping,
  'Residue' | 'GrowingSeasonLength' | 'ProtectionStatus' | 'GrassManagement' | 'GrassCuts' | 'Purpose'
>;

export interface CropAttributeProblem {
  attribute: CropAttribute;
  /** Required but empty, or holding a value the crop and region do not offer. */
  kind: 'required' | 'notOffered';
}

/**
 * The attributes that are required but empty, and those holding a value the crop and region do not offer (such
 * as a seed variant of growing season length in England, or Seed management on grass).
 */
export function cropAttributeProblems(
  context: CropAttributeContext,
  values: CropAttributeValues,
): CropAttributeProblem[] {
  const rules = cropAttributeRules({ ...context, grassManagement: values.GrassManagement });
  const checks: [CropAttribute, AttributeRule<number | string>, number | string | null][] = [
    [CropAttribute.Residue, rules.residue, values.Residue],
    [CropAttribute.GrowingSeasonLength, rules.growingSeasonLength, values.GrowingSeasonLength],
    [CropAttribute.Protection, rules.protection, values.ProtectionStatus],
    [CropAttribute.GrassManagement, rules.grassManagement, values.GrassManagement],
    [CropAttribute.GrassCuts, rules.grassCuts, values.GrassCuts],
    [CropAttribute.Purpose, rules.purpose, values.Purpose],
  ];
  const problems: CropAttributeProblem[] = [];
  for (const [attribute, rule, value] of checks) {
    if (value === null) {
      if (rule.required) problems.push({ attribute, kind: 'required' });
    } else if (rule.shown && !rule.options.includes(value)) {
      problems.push({ attribute, kind: 'notOffered' });
    }
  }
  return problems;
}
