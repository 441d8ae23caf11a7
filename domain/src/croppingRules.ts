import { z } from 'zod';
import type { CroppingWrite } from './api/fieldsApi';
import {
  cropAttributeProblems,
  cropManagementOptionsRule,
  nCropGroupMinValid,
  toCropDescriptor,
} from './cropAttributes';
import { isDestroyed, type CroppingDraft } from './cropping';
import {
  concurrentCropsExcess,
  defaultMinDateYear,
  validateCroppingDates,
  type ConcurrentCropping,
  type CroppingDatesContext,
} from './croppingDates';
import { CropId, cropDefinitionById } from './crops';

export type { CroppingDraft } from './cropping';
import { fieldArea, isFieldDisabledIn, type Field } from './field';
import { harvestYearEnd, harvestYearStart } from './harvestYear';
import { Region } from './region';
import { roundArea } from './units';

/** A new cropping of `fieldId` in `yearId` before anything is chosen. */
export function blankCroppingDraft(fieldId: number, yearId: number): CroppingDraft {
  return {
    FieldId: fieldId,
    YearId: yearId,
    PlotId: null,
    BatchId: null,
    SowingDate: null,
    HarvestDate: null,
    DestructionDate: null,
    Destroyed: false,
    CropId: CropId.Uncropped,
    CropName: null,
    CropDescr: null,
    VarietyId: null,
    VarietyName: null,
    Market: null,
    Purpose: null,
    Area: null,
    ManureSpreadArea: null,
    ManagementOptions: [],
    ProtectionStatus: null,
    GrassManagement: null,
    GrassCuts: null,
    GrowingSeasonLength: null,
    NCropGroup: null,
    BiomassLevel: null,
    NLeafAnalysis: null,
    Residue: null,
    TargetYield: null,
    StrawMulch: null,
    Undersown: null,
    TargetpH: null,
  };
}

/** The members of a cropping write that are not cropping values: geometry, its system, the version read. */
const writeOnlyKeys: ReadonlySet<string> = new Set(['Boundary', 'srid', 'Version', 'TakeAreaFrom']);

const trimmed = (text: string) => (text.trim() ? text.trim() : null);

/**
 * Lays a write over the current values: absent members keep theirs, null clears, texts are trimmed (blank is
 * null). Whether the cropping is destroyed is `isDestroyed` of the result: a destruction date means destroyed.
 */
export function mergeCroppingWrite(current: CroppingDraft, write: CroppingWrite): CroppingDraft {
  const draft: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(write)) {
    if (writeOnlyKeys.has(key) || value === undefined || !(key in current)) continue;
    draft[key] = typeof value === 'string' ? trimmed(value) : value;
  }
  const merged = draft as CroppingDraft;
  merged.Destroyed = isDestroyed(merged);
  return merged;
}

/**
 * The area a cropping is saved with when none is given: its own boundary's (`boundaryArea`), or else the whole
 * field area.
 */
export function settledCroppingArea(
  draft: Pick<CroppingDraft, 'Area'>,
  boundaryArea: number | null,
  areaOfField: number,
) {
  return draft.Area !== null ? draft.Area : roundArea(boundaryArea ?? areaOfField);
}

/** Every problem a cropping draft can have, as a code; the translations (`croppingProblems.*`) give the words. */
export const CroppingProblemCode = {
  /** Only a form can lack a crop (a draft without one is 'Uncropped'): the editor adds this one itself. */
  CropRequired: 'cropRequired',
  CropUnknown: 'cropUnknown',
  CropNameRequired: 'cropNameRequired',
  YearNotInHolding: 'yearNotInHolding',
  FieldDisabled: 'fieldDisabled',
  VarietyUnknown: 'varietyUnknown',
  VarietyNotOfCrop: 'varietyNotOfCrop',
  DateOrder: 'dateOrder',
  DateOutsideYear: 'dateOutsideYear',
  DatesTwoYears: 'datesTwoYears',
  DateBeforeMinYear: 'dateBeforeMinYear',
  DateAfterMaxYear: 'dateAfterMaxYear',
  DestructionAfterNextYear: 'destructionAfterNextYear',
  PerennialOutsideHolding: 'perennialOutsideHolding',
  AttributeRequired: 'attributeRequired',
  AttributeNotOffered: 'attributeNotOffered',
  NCropGroupInvalid: 'nCropGroupInvalid',
  AreaAboveField: 'areaAboveField',
  ManagementOptionsUnavailable: 'managementOptionsUnavailable',
  ManagementOptionAboveArea: 'managementOptionAboveArea',
  ConcurrentCrops: 'concurrentCrops',
  /** The same, for a caller who may not see some of the croppings involved: their areas are not told. */
  ConcurrentCropsWithHidden: 'concurrentCropsWithHidden',
} as const;
export type CroppingProblemCode = (typeof CroppingProblemCode)[keyof typeof CroppingProblemCode];
export const croppingProblemCodeSchema = z.enum(CroppingProblemCode);

/** Parameters that the words of a problem are filled in with: numbers, dates (ISO) and names, never sentences. */
export type CroppingProblemParams = Record<string, string | number>;

export interface CroppingProblem {
  code: CroppingProblemCode;
  /** The cropping member at fault, as the wire names it. */
  field: keyof CroppingDraft;
  params: CroppingProblemParams;
}

/** What of the field, holding and reference data the rules need beside the draft. */
export interface CroppingRulesContext {
  field: Pick<Field, 'Name' | 'AreaType' | 'BoundaryArea' | 'WorkingArea' | 'WholeArea' | 'Years'>;
  /** The field's other croppings, of every year, that the caller may see (the draft itself may be among them). */
  others: readonly ConcurrentCropping[];
  /** The field's croppings the caller may not see (restricted members); empty for everyone else. */
  hiddenOthers?: readonly ConcurrentCropping[];
  /** The id of the cropping being edited, so that it is not counted twice; undefined for a new one. */
  croppingId: number | undefined;
  holdingYears: readonly number[];
  region: number;
  /** The holding's crop-management options switch. */
  cropManagementOptionsEnabled: boolean;
  /**
   * The crop of the chosen variety: undefined when no variety is chosen or it is not known to the caller, null
   * when a chosen variety id does not exist.
   */
  varietyCropId?: number | null;
}

/** The date rules' context of a cropping of a holding with `holdingYears`. */
export function croppingDatesContext(holdingYears: readonly number[], yearId: number): CroppingDatesContext {
  const years = holdingYears.length > 0 ? holdingYears : [yearId];
  return { holdingYears: { first: Math.min(...years), last: Math.max(...years) } };
}

const dateProblems = {
  date: CroppingProblemCode.DateOrder,
  invalidYear: CroppingProblemCode.DateOutsideYear,
  twoYears: CroppingProblemCode.DatesTwoYears,
  minYear: CroppingProblemCode.DateBeforeMinYear,
  maxYear: CroppingProblemCode.DateAfterMaxYear,
  destructionAfterNextYear: CroppingProblemCode.DestructionAfterNextYear,
  perennialOutsideHolding: CroppingProblemCode.PerennialOutsideHolding,
} as const;

const dateProblemFields = {
  date: 'SowingDate',
  invalidYear: 'SowingDate',
  twoYears: 'HarvestDate',
  minYear: 'SowingDate',
  maxYear: 'HarvestDate',
  destructionAfterNextYear: 'DestructionDate',
  perennialOutsideHolding: 'SowingDate',
} as const;

const attributeFields = {
  residue: 'Residue',
  growingSeasonLength: 'GrowingSeasonLength',
  protection: 'ProtectionStatus',
  grassManagement: 'GrassManagement',
  grassCuts: 'GrassCuts',
  purpose: 'Purpose',
} as const;

/**
 * Every problem of a cropping draft, in the order of the form: crop, year and field, variety, dates, crop
 * attributes, area, management options, crops at the same time. The editor shows them as the user types and
 * the server refuses a save with the same list. No problems means the draft may be saved.
 */
export function croppingProblems(draft: CroppingDraft, context: CroppingRulesContext): CroppingProblem[] {
  const problems: CroppingProblem[] = [];
  const add = (code: CroppingProblemCode, field: keyof CroppingDraft, params: CroppingProblemParams = {}) =>
    problems.push({ code, field, params });
  const definition = cropDefinitionById(draft.CropId);
  const yearId = draft.YearId;

  if (!definition) add(CroppingProblemCode.CropUnknown, 'CropId', { cropId: draft.CropId });
  if (draft.CropId === CropId.Other && !draft.CropName?.trim())
    add(CroppingProblemCode.CropNameRequired, 'CropName');
  if (context.holdingYears.length > 0 && !context.holdingYears.includes(yearId))
    add(CroppingProblemCode.YearNotInHolding, 'YearId', { year: yearId });
  if (isFieldDisabledIn(context.field, yearId))
    add(CroppingProblemCode.FieldDisabled, 'FieldId', { name: context.field.Name, year: yearId });
  if (draft.VarietyId !== null && context.varietyCropId === null)
    add(CroppingProblemCode.VarietyUnknown, 'VarietyId');
  else if (
    draft.VarietyId !== null &&
    context.varietyCropId !== undefined &&
    context.varietyCropId !== draft.CropId
  )
    add(CroppingProblemCode.VarietyNotOfCrop, 'VarietyId');

  const perennial = definition?.perennial ?? false;
  const datesContext = croppingDatesContext(context.holdingYears, yearId);
  for (const error of validateCroppingDates({ ...draft, perennial }, datesContext)) {
    add(dateProblems[error], dateProblemFields[error], {
      year: yearId,
      sowingFrom: harvestYearStart(yearId),
      sowingTo: harvestYearEnd(yearId),
      endBy: harvestYearEnd(yearId + 1),
      minYear: datesContext.dateRange?.minYear ?? defaultMinDateYear,
      firstYear: datesContext.holdingYears.first,
      lastYear: datesContext.holdingYears.last,
    });
  }

  const attributeContext = {
    crop: definition ? toCropDescriptor(definition) : undefined,
    region: context.region,
    destructionDate: draft.DestructionDate,
    cropManagementOptionsEnabled: context.cropManagementOptionsEnabled,
  };
  for (const problem of cropAttributeProblems(attributeContext, draft)) {
    add(
      problem.kind === 'required'
        ? CroppingProblemCode.AttributeRequired
        : CroppingProblemCode.AttributeNotOffered,
      attributeFields[problem.attribute],
      { attribute: problem.attribute },
    );
  }
  if (
    context.region === Region.Scotland &&
    draft.NCropGroup !== null &&
    draft.NCropGroup < nCropGroupMinValid
  )
    add(CroppingProblemCode.NCropGroupInvalid, 'NCropGroup', { value: draft.NCropGroup });

  const areaOfField = fieldArea(context.field);
  const area = draft.Area ?? areaOfField;
  if (roundArea(area) > areaOfField)
    add(CroppingProblemCode.AreaAboveField, 'Area', { area, fieldArea: areaOfField });

  const management = cropManagementOptionsRule(context.region, context.cropManagementOptionsEnabled);
  if (!management.enabled && draft.ManagementOptions.length > 0)
    add(CroppingProblemCode.ManagementOptionsUnavailable, 'ManagementOptions');
  else if (draft.ManagementOptions.some((option) => roundArea(option.Area) > roundArea(area)))
    add(CroppingProblemCode.ManagementOptionAboveArea, 'ManagementOptions', { area });

  const current: ConcurrentCropping = {
    ...draft,
    CroppingId: context.croppingId ?? -1,
    Area: area,
    perennial,
  };
  const visible = concurrentCropsExcess(current, context.others, areaOfField);
  if (visible) {
    add(CroppingProblemCode.ConcurrentCrops, 'Area', {
      overallArea: visible.overallArea,
      fieldArea: visible.fieldArea,
    });
  } else if (context.hiddenOthers && context.hiddenOthers.length > 0) {
    const all = concurrentCropsExcess(current, [...context.others, ...context.hiddenOthers], areaOfField);
    if (all) add(CroppingProblemCode.ConcurrentCropsWithHidden, 'Area', { fieldArea: areaOfField });
  }
  return problems;
}
