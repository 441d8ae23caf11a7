import type { CroppingResponse, CroppingWrite, FieldResponse } from '@headland/domain/api/fieldsApi';
import {
  cropAttributeRules,
  toCropDescriptor,
  type CropAttributeRules,
  type CropDescriptor,
} from '@headland/domain/cropAttributes';
import {
  CroppingProblemCode,
  blankCroppingDraft,
  croppingProblems,
  mergeCroppingWrite,
  type CroppingDraft,
  type CroppingProblem,
} from '@headland/domain/croppingRules';
import {
  CropId,
  cropDefinitionById,
  type BiomassLevel,
  type CropPurpose,
  type CropResidue,
  type GrassCuts,
  type GrassManagement,
  type GrowingSeasonLength,
  type NLeafAnalysis,
  type ProtectionStatus,
} from '@headland/domain/crops';
import { isDestroyed } from '@headland/domain/cropping';
import type { IsoDate } from '@headland/domain/isoDate';

/** What the cropping editor edits. Texts are '' when empty and numbers undefined, as the inputs hold them. */
export interface CroppingFormValues {
  FieldId: number;
  YearId: number;
  CropId: number | null;
  CropName: string;
  CropDescr: string;
  VarietyId: number | null;
  VarietyName: string;
  SowingDate: IsoDate | null;
  HarvestDate: IsoDate | null;
  DestructionDate: IsoDate | null;
  Destroyed: boolean;
  Area: number | undefined;
  ManureSpreadArea: number | undefined;
  Purpose: CropPurpose | null;
  Residue: CropResidue | null;
  GrowingSeasonLength: GrowingSeasonLength | null;
  ProtectionStatus: ProtectionStatus | null;
  GrassManagement: GrassManagement | null;
  GrassCuts: GrassCuts | null;
  NCropGroup: number | undefined;
  BiomassLevel: BiomassLevel | null;
  NLeafAnalysis: NLeafAnalysis | null;
  TargetYield: number | undefined;
  TargetpH: number | undefined;
  StrawMulch: boolean;
  Undersown: boolean;
  ManagementOptions: { Code: string; Area: number | undefined }[];
}

export function newCroppingForm(fieldId: number, yearId: number): CroppingFormValues {
  return {
    FieldId: fieldId,
    YearId: yearId,
    CropId: null,
    CropName: '',
    CropDescr: '',
    VarietyId: null,
    VarietyName: '',
    SowingDate: null,
    HarvestDate: null,
    DestructionDate: null,
    Destroyed: false,
    Area: undefined,
    ManureSpreadArea: undefined,
    Purpose: null,
    Residue: null,
    GrowingSeasonLength: null,
    ProtectionStatus: null,
    GrassManagement: null,
    GrassCuts: null,
    NCropGroup: undefined,
    BiomassLevel: null,
    NLeafAnalysis: null,
    TargetYield: undefined,
    TargetpH: undefined,
    StrawMulch: false,
    Undersown: false,
    ManagementOptions: [],
  };
}

const orUndefined = (value: number | null) => (value === null ? undefined : value);

export function croppingFormFromResponse(cropping: CroppingResponse): CroppingFormValues {
  return {
    FieldId: cropping.FieldId,
    YearId: cropping.YearId,
    CropId: cropping.CropId,
    CropName: cropping.CropName ?? '',
    CropDescr: cropping.CropDescr ?? '',
    VarietyId: cropping.VarietyId,
    VarietyName: cropping.VarietyName ?? '',
    SowingDate: cropping.SowingDate,
    HarvestDate: cropping.HarvestDate,
    DestructionDate: cropping.DestructionDate,
    Destroyed: cropping.Destroyed,
    Area: orUndefined(cropping.Area),
    // Negative means not set, which the input shows as empty.
    ManureSpreadArea:
      cropping.ManureSpreadArea !== null && cropping.ManureSpreadArea >= 0
        ? cropping.ManureSpreadArea
        : undefined,
    Purpose: cropping.Purpose,
    Residue: cropping.Residue,
    GrowingSeasonLength: cropping.GrowingSeasonLength,
    ProtectionStatus: cropping.ProtectionStatus,
    GrassManagement: cropping.GrassManagement,
    GrassCuts: cropping.GrassCuts,
    NCropGroup: orUndefined(cropping.NCropGroup),
    BiomassLevel: cropping.BiomassLevel,
    NLeafAnalysis: cropping.NLeafAnalysis,
    TargetYield: orUndefined(cropping.TargetYield),
    TargetpH: orUndefined(cropping.TargetpH),
    StrawMulch: cropping.StrawMulch ?? false,
    Undersown: cropping.Undersown ?? false,
    ManagementOptions: cropping.ManagementOptions.map((option) => ({ ...option })),
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body of the create or update call. Every member is sent, so that what the form cleared is cleared. */
export function croppingWriteFromForm(values: CroppingFormValues): CroppingWrite {
  return {
    FieldId: values.FieldId,
    YearId: values.YearId,
    CropId: values.CropId ?? CropId.Uncropped,
    CropName: values.CropId === CropId.Other ? textOrNull(values.CropName) : null,
    CropDescr: textOrNull(values.CropDescr),
    VarietyId: values.VarietyId,
    VarietyName: textOrNull(values.VarietyName),
    SowingDate: values.SowingDate,
    HarvestDate: values.HarvestDate,
    DestructionDate: values.DestructionDate,
    Destroyed: isDestroyed(values),
    Area: values.Area ?? null,
    ManureSpreadArea: values.ManureSpreadArea ?? null,
    Purpose: values.Purpose,
    Residue: values.Residue,
    GrowingSeasonLength: values.GrowingSeasonLength,
    ProtectionStatus: values.ProtectionStatus,
    GrassManagement: values.GrassManagement,
    GrassCuts: values.GrassCuts,
    NCropGroup: values.NCropGroup ?? null,
    BiomassLevel: values.BiomassLevel,
    NLeafAnalysis: values.NLeafAnalysis,
    TargetYield: values.TargetYield ?? null,
    TargetpH: values.TargetpH ?? null,
    StrawMulch: values.StrawMulch,
    Undersown: values.Undersown,
    ManagementOptions: values.ManagementOptions.filter((option) => option.Code.trim() !== '').map(
      (option) => ({
        Code: option.Code.trim(),
        Area: option.Area ?? 0,
      }),
    ),
  };
}

export function cropDescriptorOf(cropId: number | null): CropDescriptor | undefined {
  const definition = cropId === null ? undefined : cropDefinitionById(cropId);
  return definition ? toCropDescriptor(definition) : undefined;
}

export interface CroppingFormContext {
  /** The field with its croppings of every year: the concurrent-crops check needs them all. */
  field: Pick<
    FieldResponse,
    'Name' | 'AreaType' | 'BoundaryArea' | 'WorkingArea' | 'WholeArea' | 'Years' | 'Croppings'
  >;
  /** The cropping being edited, left out of the field's other croppings; undefined for a new one. */
  croppingId: number | undefined;
  /** The holding's crop years. */
  holdingYears: readonly number[];
  region: number;
  /** The holding's crop-management options switch (shared data). */
  cropManagementOptionsEnabled: boolean;
  /** The varieties the picker knows, to check the chosen one against the crop. */
  varieties?: readonly { VarietyId: number | null; CropId: number }[];
}

export interface CroppingFormMessages {
  rules: CropAttributeRules;
  /** Every problem of the form, from the domain's rule set that the server applies on save. */
  problems: CroppingProblem[];
}

/** The cropping the form would save, as the rules and the server see it. */
export function croppingDraftFromForm(values: CroppingFormValues): CroppingDraft {
  return mergeCroppingWrite(blankCroppingDraft(values.FieldId, values.YearId), croppingWriteFromForm(values));
}

/** The rules of fields-croppings-maps §5 applied to the form: the same rule set the server refuses a save with. */
export function croppingFormMessages(
  values: CroppingFormValues,
  context: CroppingFormContext,
): CroppingFormMessages {
  const crop = cropDescriptorOf(values.CropId);
  const varietyCropId =
    values.VarietyId === null
      ? undefined
      : context.varieties?.find((variety) => variety.VarietyId === values.VarietyId)?.CropId;
  const problems = croppingProblems(croppingDraftFromForm(values), {
    field: context.field,
    others: context.field.Croppings.map((other) => ({ ...other, perennial: other.Crop.Perennial })),
    croppingId: context.croppingId,
    holdingYears: context.holdingYears,
    region: context.region,
    cropManagementOptionsEnabled: context.cropManagementOptionsEnabled,
    varietyCropId,
  });
  if (values.CropId === null)
    problems.unshift({ code: CroppingProblemCode.CropRequired, field: 'CropId', params: {} });
  return {
    rules: cropAttributeRules({
      crop,
      region: context.region,
      grassManagement: values.GrassManagement,
      destructionDate: values.DestructionDate,
      cropManagementOptionsEnabled: context.cropManagementOptionsEnabled,
    }),
    problems,
  };
}

/** The problems of the form about `fields`, in the rule set's order. */
export function problemsAt(
  messages: CroppingFormMessages,
  ...fields: (keyof CroppingDraft)[]
): CroppingProblem[] {
  return messages.problems.filter((problem) => fields.includes(problem.field));
}

/** Whether any problem stands in the way of saving. */
export function hasBlockingMessage(messages: CroppingFormMessages): boolean {
  return messages.problems.length > 0;
}

/**
 * The form after a crop change: attributes the new crop does not ask for are cleared, so that a value chosen
 * for the old crop is not saved against the new one.
 */
export function withCrop(
  values: CroppingFormValues,
  cropId: number | null,
  context: CroppingFormContext,
): CroppingFormValues {
  const rules = cropAttributeRules({
    crop: cropDescriptorOf(cropId),
    region: context.region,
    grassManagement: values.GrassManagement,
    destructionDate: values.DestructionDate,
    cropManagementOptionsEnabled: context.cropManagementOptionsEnabled,
  });
  const keep = <T>(shown: boolean, options: readonly T[], value: T | null) =>
    shown && value !== null && options.includes(value) ? value : null;
  const changed = cropId !== values.CropId;
  const grassManagement = keep(
    rules.grassManagement.shown,
    rules.grassManagement.options,
    values.GrassManagement,
  );
  return {
    ...values,
    CropId: cropId,
    VarietyId: changed ? null : values.VarietyId,
    VarietyName: changed ? '' : values.VarietyName,
    Purpose: keep(rules.purpose.shown, rules.purpose.options, values.Purpose),
    Residue: keep(rules.residue.shown, rules.residue.options, values.Residue),
    GrowingSeasonLength: keep(
      rules.growingSeasonLength.shown,
      rules.growingSeasonLength.options,
      values.GrowingSeasonLength,
    ),
    ProtectionStatus: keep(rules.protection.shown, rules.protection.options, values.ProtectionStatus),
    GrassManagement: grassManagement,
    GrassCuts:
      grassManagement === null
        ? null
        : keep(rules.grassCuts.shown, rules.grassCuts.options, values.GrassCuts),
  };
}
