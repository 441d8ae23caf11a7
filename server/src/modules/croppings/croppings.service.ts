import type { CroppingCreate } from '@headland/domain/api/croppingCreateApi';
import type { CroppingWrite, Srid } from '@headland/domain/api/fieldsApi';
import {
  cropAttributeProblems,
  cropManagementOptionsRule,
  nCropGroupWarning,
  toCropDescriptor,
  type CropAttribute,
} from '@headland/domain/cropAttributes';
import { croppingEndDate, croppingStartDate, isDestroyed, type Cropping } from '@headland/domain/cropping';
import {
  CroppingDateError,
  concurrentCropsExcess,
  concurrentCropsMessage,
  croppingDateErrorMessage,
  validateCroppingDates,
} from '@headland/domain/croppingDates';
import { CropId, cropDefinitionById, cropLabel } from '@headland/domain/crops';
import { EventAction, Module } from '@headland/domain/enumerations';
import { fieldArea, isFieldDisabledIn } from '@headland/domain/field';
import { Region } from '@headland/domain/region';
import { perennialContinuation } from '@headland/domain/rotation';
import { formatHectares, roundArea } from '@headland/domain/units';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { notFound, validationFailed, type FieldError } from '../../http/httpErrors.ts';
import { prepareBoundary, type StoredBoundary } from '../fields/boundaryGeometry.ts';
import type { FieldsCaller } from '../fields/fieldsCaller.ts';
import { selectFieldRows, selectHoldingYears, type FieldRow } from '../fields/fields.queries.ts';
import { fullCroppingAccess } from './croppingAccess.ts';
import { croppingAttributeKeys, croppingFromRow, isPerennialCrop } from './croppingResponses.ts';
import {
  deleteCroppingRow,
  insertCroppingRow,
  selectCroppingRows,
  selectHoldingRules,
  selectVariety,
  shrinkCroppingRow,
  updateCroppingRow,
  type CroppingValues,
} from './croppings.queries.ts';

export const croppingNotFoundMessage = 'The cropping was not found.';

const attributeFields: Record<CropAttribute, keyof Cropping> = {
  residue: 'Residue',
  growingSeasonLength: 'GrowingSeasonLength',
  protection: 'ProtectionStatus',
  grassManagement: 'GrassManagement',
  grassCuts: 'GrassCuts',
  purpose: 'Purpose',
};

const dateErrorFields: Record<CroppingDateError, keyof Cropping> = {
  date: 'SowingDate',
  invalidYear: 'SowingDate',
  twoYears: 'HarvestDate',
  minYear: 'SowingDate',
  maxYear: 'HarvestDate',
  destructionAfterNextYear: 'DestructionDate',
  perennialOutsideHolding: 'SowingDate',
};

/** A cropping about to be written: the stored one (or blanks) with the request's members laid over it. */
type Draft = Omit<
  Cropping,
  'CroppingId' | 'StartDate' | 'EndDate' | 'PreviousIds' | 'NextIds' | 'InSeedsPlan' | 'InNutritionPlan'
>;

const blankDraft = (fieldId: number, yearId: number): Draft => ({
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
});

const trimmed = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** Lays the request over the current values: absent members keep theirs, null clears. */
function mergeDraft(current: Draft, body: CroppingWrite): Draft {
  const draft = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'Boundary' || key === 'srid' || value === undefined) continue;
    draft[key] = typeof value === 'string' ? trimmed(value) : value;
  }
  const merged = draft as Draft;
  // A destruction date means the crop was destroyed; clearing it leaves the flag to the caller.
  merged.Destroyed = body.Destroyed ?? (body.DestructionDate ? true : merged.Destroyed);
  return merged;
}

interface RuleContext {
  field: FieldRow;
  holdingYears: number[];
  region: number;
  managementOptionsFeature: boolean;
  boundary: StoredBoundary | null | undefined;
  /** The stored boundary's area when the request leaves the boundary as it is. */
  keptBoundaryArea: number | null;
}

/** Every rule a cropping must pass before it is written; all failures are reported together. */
async function checkDraft(
  db: Db,
  caller: FieldsCaller,
  croppingId: number,
  draft: Draft,
  context: RuleContext,
) {
  const errors: FieldError[] = [];
  const { field } = context;
  const yearId = draft.YearId;
  const definition = cropDefinitionById(draft.CropId);
  if (!definition) errors.push({ Field: 'CropId', Message: 'The crop is not known.' });
  if (draft.CropId === CropId.Other && !draft.CropName) {
    errors.push({ Field: 'CropName', Message: "The crop name is required for the crop 'Other'." });
  }
  if (context.holdingYears.length > 0 && !context.holdingYears.includes(yearId)) {
    errors.push({ Field: 'YearId', Message: `${yearId} is not one of the holding's crop years.` });
  }
  if (isFieldDisabledIn({ Years: field.years }, yearId)) {
    errors.push({ Field: 'FieldId', Message: `Field ${field.name} is disabled during year ${yearId}.` });
  }
  if (draft.VarietyId !== null) {
    const variety = await selectVariety(db, draft.VarietyId);
    if (!variety) errors.push({ Field: 'VarietyId', Message: 'The variety is not known.' });
    else if (variety.crop_id !== draft.CropId) {
      errors.push({ Field: 'VarietyId', Message: 'The variety is not a variety of the chosen crop.' });
    }
  }

  const perennial = definition?.perennial ?? false;
  const years = context.holdingYears.length > 0 ? context.holdingYears : [yearId];
  const dateContext = { holdingYears: { first: Math.min(...years), last: Math.max(...years) } };
  for (const error of validateCroppingDates({ ...draft, perennial }, dateContext)) {
    errors.push({
      Field: dateErrorFields[error],
      Message: croppingDateErrorMessage(error, draft, dateContext),
    });
  }

  const rulesContext = {
    crop: definition ? toCropDescriptor(definition) : undefined,
    region: context.region,
    destructionDate: draft.DestructionDate,
    cropManagementOptionsEnabled: context.managementOptionsFeature,
  };
  for (const problem of cropAttributeProblems(rulesContext, draft)) {
    errors.push({ Field: attributeFields[problem.attribute], Message: problem.message });
  }
  const nCropGroupProblem =
    context.region === Region.Scotland ? nCropGroupWarning(draft.NCropGroup) : undefined;
  if (nCropGroupProblem) errors.push({ Field: 'NCropGroup', Message: nCropGroupProblem });

  const areaOfField = fieldArea({
    AreaType: field.area_type,
    BoundaryArea: field.boundary_area,
    WorkingArea: field.working_area,
    WholeArea: field.whole_area,
  });
  const area = draft.Area ?? 0;
  if (roundArea(area) > areaOfField) {
    errors.push({
      Field: 'Area',
      Message: `The cropping area (${formatHectares(area)} ha) cannot be larger than the field area (${formatHectares(areaOfField)} ha).`,
    });
  }
  const management = cropManagementOptionsRule(context.region, context.managementOptionsFeature);
  if (!management.enabled && draft.ManagementOptions.length > 0) {
    errors.push({
      Field: 'ManagementOptions',
      Message: "Crop management options are not available in the holding's region.",
    });
  }
  if (draft.ManagementOptions.some((option) => roundArea(option.Area) > roundArea(area))) {
    errors.push({
      Field: 'ManagementOptions',
      Message: 'A management option cannot cover more than the cropping area.',
    });
  }

  // The field's other croppings count whoever may see them: the field's area is shared by all.
  const others = await selectCroppingRows(db, {
    holdingId: caller.holdingId,
    access: fullCroppingAccess(caller.access),
    fieldIds: [field.id],
  });
  const excess = concurrentCropsExcess(
    { ...draft, CroppingId: croppingId, perennial },
    others
      .filter((row) => row.id !== croppingId)
      .map((row) => ({ ...croppingFromRow(row), perennial: isPerennialCrop(row.crop_id) })),
    areaOfField,
  );
  if (excess)
    errors.push({ Field: 'Area', Message: concurrentCropsMessage(excess.overallArea, excess.fieldArea) });

  if (errors.length > 0) throw validationFailed(errors);
}

async function loadRuleContext(
  db: Db,
  caller: FieldsCaller,
  draft: Draft,
  boundary: StoredBoundary | null | undefined,
  keptBoundaryArea: number | null,
): Promise<RuleContext> {
  const [field] = await selectFieldRows(db, caller.holdingId, { fieldId: draft.FieldId, srid: null });
  if (!field) throw validationFailed([{ Field: 'FieldId', Message: 'The field was not found.' }]);
  const holding = await selectHoldingRules(db, caller.holdingId);
  return {
    field,
    holdingYears: await selectHoldingYears(db, caller.holdingId),
    region: holding.region_id ?? Region.England,
    // The management-options switch is on unless the holding turns it off.
    managementOptionsFeature: holding.features?.cropManagementOptions !== false,
    boundary,
    keptBoundaryArea,
  };
}

/** The area a cropping gets when none is given: its own boundary's, or else the whole field area. */
function settleArea(draft: Draft, context: RuleContext): Draft {
  if (draft.Area !== null) return draft;
  const boundaryArea = context.boundary
    ? context.boundary.areaHa
    : context.boundary === undefined
      ? context.keptBoundaryArea
      : null;
  const area =
    boundaryArea ??
    fieldArea({
      AreaType: context.field.area_type,
      BoundaryArea: context.field.boundary_area,
      WorkingArea: context.field.working_area,
      WholeArea: context.field.whole_area,
    });
  return { ...draft, Area: roundArea(area) };
}

function valuesOf(draft: Draft, boundary: StoredBoundary | null | undefined): CroppingValues {
  const attributes: Record<string, unknown> = {};
  for (const key of croppingAttributeKeys) {
    const value = draft[key];
    if (value !== null && value !== undefined) attributes[key] = value;
  }
  return {
    fieldId: draft.FieldId,
    yearId: draft.YearId,
    plotId: draft.PlotId,
    batchId: draft.BatchId,
    startDate: croppingStartDate(draft) ?? null,
    endDate: croppingEndDate(draft) ?? null,
    sowingDate: draft.SowingDate,
    harvestDate: draft.HarvestDate,
    destructionDate: draft.DestructionDate,
    destroyed: isDestroyed(draft),
    cropId: draft.CropId,
    cropName: draft.CropName,
    cropDescr: draft.CropDescr,
    varietyId: draft.VarietyId,
    varietyName: draft.VarietyName,
    market: draft.Market,
    area: draft.Area,
    boundary,
    managementOptions: draft.ManagementOptions,
    manureSpreadArea: draft.ManureSpreadArea,
    attributes,
  };
}

function eventData(draft: Draft, croppingId: number, fieldName: string) {
  const crop = cropLabel(draft);
  return {
    Name: crop,
    Field: fieldName,
    Crop: crop,
    CroppingId: croppingId,
    YearId: draft.YearId,
    Area: draft.Area,
  };
}

async function boundaryOf(
  db: Db,
  body: CroppingWrite,
  srid: Srid,
): Promise<StoredBoundary | null | undefined> {
  if (body.Boundary === undefined) return undefined;
  if (body.Boundary === null) return null;
  return prepareBoundary(db, body.Boundary, body.srid ?? srid);
}

/**
 * Creates a cropping. A perennial that goes on past its year is carried into the holding's following crop years
 * where its field has no cropping yet, so that the chain of a perennial exists without retyping it each year.
 */
export async function createCropping(
  db: Db,
  caller: FieldsCaller,
  body: CroppingCreate,
  srid: Srid,
): Promise<number> {
  if (body.FieldId === undefined)
    throw validationFailed([{ Field: 'FieldId', Message: 'Field is required.' }]);
  const boundary = (await boundaryOf(db, body, srid)) ?? null;
  const merged = mergeDraft(blankDraft(body.FieldId, body.YearId ?? caller.yearId), body);
  const context = await loadRuleContext(db, caller, merged, boundary, null);
  const draft = settleArea(merged, context);
  const donors = [...new Set(body.TakeAreaFrom ?? [])];

  return db.transaction(async (tx) => {
    // The donors give up their area first, so the new cropping is checked against what they keep.
    for (const donorId of donors) await takeAreaFrom(tx, caller, donorId, draft, boundary, context);
    await checkDraft(tx, caller, 0, draft, context);
    const croppingId = await insertCroppingRow(tx, caller.holdingId, valuesOf(draft, boundary));
    await recordEvent(tx, caller.actor, {
      action: EventAction.Create,
      source: Module.Fields,
      objectType: 'Cropping',
      data: eventData(draft, croppingId, context.field.name),
    });
    if (isPerennialCrop(draft.CropId))
      await carryPerennialForward(tx, caller, { ...draft, croppingId }, boundary, context);
    return croppingId;
  });
}

/**
 * Takes a new cropping's area out of another cropping of the same field and year: its area shrinks by as
 * much, and its boundary, when both have one, loses the new cropping's boundary (PostGIS difference).
 */
async function takeAreaFrom(
  tx: Db,
  caller: FieldsCaller,
  donorId: number,
  draft: Draft,
  boundary: StoredBoundary | null,
  context: RuleContext,
): Promise<void> {
  const row = await visibleCropping(tx, caller, donorId);
  const donor = croppingFromRow(row);
  const fail = (message: string) => validationFailed([{ Field: 'TakeAreaFrom', Message: message }]);
  if (row.field_id !== draft.FieldId || row.year_id !== draft.YearId)
    throw fail('The area can only be taken from a cropping of the same field and crop year.');
  const given = draft.Area ?? 0;
  const kept = roundArea((donor.Area ?? 0) - given);
  if (kept <= 0) {
    throw fail(
      `${cropLabel(donor)} (${formatHectares(donor.Area ?? 0)} ha) is not larger than the new cropping (${formatHectares(given)} ha).`,
    );
  }
  if (donor.ManagementOptions.some((option) => roundArea(option.Area) > kept))
    throw fail(`A management option of ${cropLabel(donor)} would cover more than its remaining area.`);
  await shrinkCroppingRow(tx, donorId, kept, boundary);
  await recordEvent(tx, caller.actor, {
    action: EventAction.Update,
    source: Module.Fields,
    objectType: 'Cropping',
    data: eventData({ ...donor, Area: kept }, donorId, context.field.name),
  });
}

async function carryPerennialForward(
  tx: Db,
  caller: FieldsCaller,
  start: Draft & { croppingId: number },
  boundary: StoredBoundary | null,
  context: RuleContext,
): Promise<void> {
  const lastYear = Math.max(...context.holdingYears, start.YearId);
  let previous: Cropping = {
    ...start,
    CroppingId: start.croppingId,
    StartDate: null,
    EndDate: null,
    PreviousIds: [],
    NextIds: [],
    InSeedsPlan: false,
    InNutritionPlan: false,
  };
  while (previous.YearId < lastYear) {
    const next = perennialContinuation(previous, true);
    if (!next || !context.holdingYears.includes(next.YearId)) return;
    if (isFieldDisabledIn({ Years: context.field.years }, next.YearId)) return;
    const taken = await selectCroppingRows(tx, {
      holdingId: caller.holdingId,
      access: fullCroppingAccess(caller.access),
      fieldIds: [next.FieldId],
      yearIds: [next.YearId],
    });
    if (taken.length > 0) return;
    const croppingId = await insertCroppingRow(tx, caller.holdingId, valuesOf(next, boundary));
    previous = {
      ...next,
      CroppingId: croppingId,
      StartDate: null,
      EndDate: null,
      PreviousIds: [],
      NextIds: [],
    };
  }
}

async function visibleCropping(db: Db, caller: FieldsCaller, croppingId: number) {
  const [row] = await selectCroppingRows(db, {
    holdingId: caller.holdingId,
    access: caller.access,
    croppingIds: [croppingId],
  });
  if (!row) throw notFound(croppingNotFoundMessage);
  return row;
}

export async function updateCropping(
  db: Db,
  caller: FieldsCaller,
  croppingId: number,
  body: CroppingWrite,
  srid: Srid,
): Promise<void> {
  const row = await visibleCropping(db, caller, croppingId);
  const boundary = await boundaryOf(db, body, srid);
  const {
    CroppingId: _id,
    StartDate: _s,
    EndDate: _e,
    PreviousIds: _p,
    NextIds: _n,
    InSeedsPlan: _i,
    InNutritionPlan: _j,
    ...stored
  } = croppingFromRow(row);
  const merged = mergeDraft(stored, body);
  const context = await loadRuleContext(db, caller, merged, boundary, row.boundary_area);
  const draft = settleArea(merged, context);
  await checkDraft(db, caller, croppingId, draft, context);
  await db.transaction(async (tx) => {
    await updateCroppingRow(tx, croppingId, valuesOf(draft, boundary));
    await recordEvent(tx, caller.actor, {
      action: EventAction.Update,
      source: Module.Fields,
      objectType: 'Cropping',
      data: eventData(draft, croppingId, context.field.name),
    });
  });
}

export async function deleteCropping(db: Db, caller: FieldsCaller, croppingId: number): Promise<void> {
  const row = await visibleCropping(db, caller, croppingId);
  const cropping = croppingFromRow(row);
  await db.transaction(async (tx) => {
    await recordEvent(tx, caller.actor, {
      action: EventAction.Delete,
      source: Module.Fields,
      objectType: 'Cropping',
      data: eventData(cropping, croppingId, row.field_name),
    });
    await deleteCroppingRow(tx, croppingId);
  });
}
