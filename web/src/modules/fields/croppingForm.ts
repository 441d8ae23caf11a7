import type { CroppingResponse, CroppingWrite, FieldResponse } from '@headland/domain/api/fieldsApi';
import {
  cropAttributeProblems,
  cropAttributeRules,
  nCropGroupWarning,
  toCropDescriptor,
  type CropAttributeProblem,
  type CropAttributeRules,
  type CropDescriptor,
} from '@headland/domain/cropAttributes';
import {
  concurrentCropsExcess,
  concurrentCropsMessage,
  croppingDateErrorMessage,
  validateCroppingDates,
  type CroppingDatesContext,
} from '@headland/domain/croppingDates';
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
import { fieldArea } from '@headland/domain/field';
import type { IsoDate } from '@headland/domain/isoDate';
import { Region } from '@headland/domain/region';

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
    Destroyed: values.Destroyed || values.DestructionDate !== null,
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
  field: Pick<FieldResponse, 'AreaType' | 'BoundaryArea' | 'WorkingArea' | 'WholeArea' | 'Croppings'>;
  /** The cropping being edited, left out of the field's other croppings; undefined for a new one. */
  croppingId: number | undefined;
  /** The holding's crop years. */
  holdingYears: readonly number[];
  region: number;
  cropManagementOptionsEnabled: boolean;
}

export interface CroppingFormMessages {
  rules: CropAttributeRules;
  /** The date errors' messages, in the order the rules report them. */
  dateErrors: string[];
  concurrentCrops: string | undefined;
  attributeProblems: CropAttributeProblem[];
  nCropGroup: string | undefined;
  cropMissing: boolean;
  cropNameMissing: boolean;
}

/** The rules of fields-croppings-maps §5 applied to the form, as the server will apply them on save. */
export function croppingFormMessages(
  values: CroppingFormValues,
  context: CroppingFormContext,
): CroppingFormMessages {
  const crop = cropDescriptorOf(values.CropId);
  const perennial = crop?.Perennial ?? false;
  const years = context.holdingYears.length > 0 ? context.holdingYears : [values.YearId];
  const dateContext: CroppingDatesContext = {
    holdingYears: { first: Math.min(...years), last: Math.max(...years) },
  };
  const dates = { ...values, Destroyed: values.Destroyed || values.DestructionDate !== null };
  const dateErrors = validateCroppingDates({ ...dates, perennial }, dateContext).map((error) =>
    croppingDateErrorMessage(error, values, dateContext),
  );

  const area = fieldArea(context.field);
  const others = context.field.Croppings.filter((other) => other.CroppingId !== context.croppingId).map(
    (other) => ({
      ...other,
      perennial: other.Crop.Perennial,
    }),
  );
  const excess = concurrentCropsExcess(
    // A cropping saved without an area takes the whole field, so it is checked as such.
    {
      ...dates,
      CroppingId: context.croppingId ?? -1,
      YearId: values.YearId,
      Area: values.Area ?? area,
      perennial,
    },
    others,
    area,
  );

  const attributeContext = {
    crop,
    region: context.region,
    grassManagement: values.GrassManagement,
    destructionDate: values.DestructionDate,
    cropManagementOptionsEnabled: context.cropManagementOptionsEnabled,
  };
  return {
    rules: cropAttributeRules(attributeContext),
    dateErrors,
    concurrentCrops: excess ? concurrentCropsMessage(excess.overallArea, excess.fieldArea) : undefined,
    attributeProblems: crop ? cropAttributeProblems(attributeContext, values) : [],
    nCropGroup: context.region === Region.Scotland ? nCropGroupWarning(values.NCropGroup) : undefined,
    cropMissing: values.CropId === null,
    cropNameMissing: values.CropId === CropId.Other && values.CropName.trim() === '',
  };
}

/** Whether any message stands in the way of saving. */
export function hasBlockingMessage(messages: CroppingFormMessages): boolean {
  return (
    messages.dateErrors.length > 0 ||
    messages.concurrentCrops !== undefined ||
    messages.attributeProblems.length > 0 ||
    messages.nCropGroup !== undefined ||
    messages.cropMissing ||
    messages.cropNameMissing
  );
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
