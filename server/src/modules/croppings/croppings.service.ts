import type { OwnRefusalCode, RefusalParams } from '@headland/domain/api/refusalCodes';
import { sql } from 'drizzle-orm';
import type { CroppingCreate } from '@headland/domain/api/croppingCreateApi';
import type { CroppingWrite, Srid } from '@headland/domain/api/fieldsApi';
import type { Cropping } from '@headland/domain/cropping';
import {
  blankCroppingDraft,
  croppingProblems,
  mergeCroppingWrite,
  settledCroppingArea,
  type CroppingDraft,
  type CroppingRulesContext,
} from '@headland/domain/croppingRules';
import { cropLabel } from '@headland/domain/crops';
import { EventAction, Module } from '@headland/domain/enumerations';
import { fieldArea, isFieldDisabledIn } from '@headland/domain/field';
import { Region } from '@headland/domain/region';
import { perennialContinuation } from '@headland/domain/rotation';
import { formatHectares, roundArea } from '@headland/domain/units';
import type { Db } from '../../db/database.ts';
import { assertCurrentVersion, markChangeAuthor } from '../../events/changeAuthor.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { notFound, validationFailed } from '../../http/httpErrors.ts';
import { prepareBoundary, type StoredBoundary } from '../../db/boundaryGeometry.ts';
import type { Caller } from '../../auth/caller.ts';
import { lockFields, selectFieldRows, selectHoldingYears, type FieldRow } from '../fields/fields.service.ts';
import { fullCroppingAccess } from '../../auth/croppingAccess.ts';
import { croppingProblemError } from './croppingProblemText.ts';
import { croppingFromRow, isPerennialCrop } from './croppingResponses.ts';
import {
  deleteCroppingRow,
  holdingCropManagementOptionsEnabled,
  insertCroppingRow,
  selectCroppingRows,
  selectHoldingRules,
  selectVariety,
  shrinkCroppingRow,
  updateCroppingRow,
  type CroppingRow,
  type CroppingValues,
} from './croppings.queries.ts';

type Draft = CroppingDraft;

/** What the rules read besides the draft, loaded inside the write's transaction with the field locked. */
interface RuleContext {
  field: FieldRow;
  holdingYears: number[];
  rules: CroppingRulesContext;
  boundary: StoredBoundary | null | undefined;
  /** The stored boundary's area when the request leaves the boundary as it is. */
  keptBoundaryArea: number | null;
}

const areaOfField = (field: FieldRow) =>
  fieldArea({
    AreaType: field.area_type,
    BoundaryArea: field.boundary_area,
    WorkingArea: field.working_area,
    WholeArea: field.whole_area,
  });

/**
 * Locks the field (and a field the cropping moves away from) until the transaction ends, then reads what the
 * rules need. Two saves on one field so wait for each other, and the second is checked against the first.
 */
async function loadRuleContext(
  tx: Db,
  caller: Caller,
  draft: Draft,
  croppingId: number | undefined,
  boundary: StoredBoundary | null | undefined,
  keptBoundaryArea: number | null,
  alsoLock: number[] = [],
): Promise<RuleContext> {
  await lockFields(tx, caller.holdingId, [draft.FieldId, ...alsoLock]);
  const [field] = await selectFieldRows(tx, caller.holdingId, { fieldId: draft.FieldId, srid: null });
  if (!field) throw validationFailed([{ Field: 'FieldId', Code: 'fieldNotFound' }]);
  const holding = await selectHoldingRules(tx, caller.holdingId);
  // The field's area is shared by all its croppings, whoever may see them: hidden ones count without their areas.
  const [all, visible] = await Promise.all([
    selectCroppingRows(tx, {
      holdingId: caller.holdingId,
      access: fullCroppingAccess(caller.access),
      fieldIds: [field.id],
    }),
    caller.access.restricted
      ? selectCroppingRows(tx, { holdingId: caller.holdingId, access: caller.access, fieldIds: [field.id] })
      : undefined,
  ]);
  const visibleIds = new Set((visible ?? all).map((row) => row.id));
  const concurrent = (row: CroppingRow) => ({
    ...croppingFromRow(row),
    perennial: isPerennialCrop(row.crop_id),
  });
  const others = all.filter((row) => row.id !== croppingId);
  const variety = draft.VarietyId === null ? undefined : await selectVariety(tx, draft.VarietyId);
  const holdingYears = await selectHoldingYears(tx, caller.holdingId);
  return {
    field,
    holdingYears,
    boundary,
    keptBoundaryArea,
    rules: {
      field: { Name: field.name, ...fieldAreasOf(field), Years: field.years },
      others: others.filter((row) => visibleIds.has(row.id)).map(concurrent),
      hiddenOthers: others.filter((row) => !visibleIds.has(row.id)).map(concurrent),
      croppingId,
      holdingYears,
      region: holding.region_id ?? Region.England,
      cropManagementOptionsEnabled: await holdingCropManagementOptionsEnabled(tx, caller.holdingId),
      varietyCropId: draft.VarietyId === null ? undefined : (variety?.crop_id ?? null),
    },
  };
}

const fieldAreasOf = (field: FieldRow) => ({
  AreaType: field.area_type,
  BoundaryArea: field.boundary_area,
  WorkingArea: field.working_area,
  WholeArea: field.whole_area,
});

/** Refuses the draft with every problem the domain's rule set finds, as codes with English words. */
function checkDraft(draft: Draft, context: RuleContext): void {
  const problems = croppingProblems(draft, context.rules);
  if (problems.length > 0) throw validationFailed(problems.map(croppingProblemError), 'cropping');
}

/** The area a cropping gets when none is given: its own boundary's, or else the whole field area. */
function settleArea(draft: Draft, context: RuleContext): Draft {
  const boundaryArea = context.boundary
    ? context.boundary.areaHa
    : context.boundary === undefined
      ? context.keptBoundaryArea
      : null;
  return { ...draft, Area: settledCroppingArea(draft, boundaryArea, areaOfField(context.field)) };
}

const valuesOf = (draft: Draft, boundary: StoredBoundary | null | undefined): CroppingValues => ({
  draft,
  boundary,
});

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
  caller: Caller,
  body: CroppingCreate,
  srid: Srid,
): Promise<number> {
  if (body.FieldId === undefined) throw validationFailed([{ Field: 'FieldId', Code: 'fieldRequired' }]);
  const fieldId = body.FieldId;
  const boundary = (await boundaryOf(db, body, srid)) ?? null;
  const merged = mergeCroppingWrite(blankCroppingDraft(fieldId, body.YearId ?? caller.yearId), body);
  const donors = [...new Set(body.TakeAreaFrom ?? [])];

  return db.transaction(async (tx) => {
    const settled = await loadRuleContext(tx, caller, merged, undefined, boundary, null);
    const draft = settleArea(merged, settled);
    // The donors give up their area first, so the new cropping is checked against what they keep.
    for (const donorId of donors) await takeAreaFrom(tx, caller, donorId, draft, boundary, settled);
    const context =
      donors.length > 0 ? await loadRuleContext(tx, caller, draft, undefined, boundary, null) : settled;
    checkDraft(draft, context);
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
  caller: Caller,
  donorId: number,
  draft: Draft,
  boundary: StoredBoundary | null,
  context: RuleContext,
): Promise<void> {
  const row = await visibleCropping(tx, caller, donorId);
  const donor = croppingFromRow(row);
  const fail = (code: OwnRefusalCode, params: RefusalParams = {}) =>
    validationFailed([{ Field: 'TakeAreaFrom', Code: code, Params: params }]);
  if (row.field_id !== draft.FieldId || row.year_id !== draft.YearId) throw fail('takeAreaSameFieldYear');
  const given = draft.Area ?? 0;
  const kept = roundArea((donor.Area ?? 0) - given);
  if (kept <= 0) {
    throw fail('takeAreaTooSmall', {
      crop: cropLabel(donor),
      area: formatHectares(donor.Area ?? 0),
      given: formatHectares(given),
    });
  }
  if (donor.ManagementOptions.some((option) => roundArea(option.Area) > kept))
    throw fail('takeAreaManagementOption', { crop: cropLabel(donor) });
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
  caller: Caller,
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
    Version: 1,
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
      InSeedsPlan: false,
      InNutritionPlan: false,
      Version: 1,
    };
  }
}

async function visibleCropping(db: Db, caller: Caller, croppingId: number) {
  const [row] = await selectCroppingRows(db, {
    holdingId: caller.holdingId,
    access: caller.access,
    croppingIds: [croppingId],
  });
  if (!row) throw notFound('croppingNotFound');
  return row;
}

/** The stored cropping as a draft: what a write is laid over. */
function storedDraft(row: CroppingRow): Draft {
  const {
    CroppingId: _id,
    StartDate: _s,
    EndDate: _e,
    PreviousIds: _p,
    NextIds: _n,
    InSeedsPlan: _i,
    InNutritionPlan: _j,
    Version: _v,
    ...stored
  } = croppingFromRow(row);
  return stored;
}

/**
 * Updates a cropping in one transaction with its field locked: the version check, the rules and the write see
 * the same state, so neither a concurrent save nor a stale form can slip past them.
 */
export async function updateCropping(
  db: Db,
  caller: Caller,
  croppingId: number,
  body: CroppingWrite,
  srid: Srid,
): Promise<void> {
  const boundary = await boundaryOf(db, body, srid);
  await db.transaction(async (tx) => {
    await markChangeAuthor(tx, caller.actor.userId);
    const before = await visibleCropping(tx, caller, croppingId);
    const merged = mergeCroppingWrite(storedDraft(before), body);
    const moved = merged.FieldId === before.field_id ? [] : [before.field_id];
    const context = await loadRuleContext(
      tx,
      caller,
      merged,
      croppingId,
      boundary,
      before.boundary_area,
      moved,
    );
    // Read again under the field's lock: a save that committed meanwhile is what this one is laid over.
    const row = await visibleCropping(tx, caller, croppingId);
    await assertCurrentVersion(
      tx,
      `cropping:${croppingId}`,
      body.Version,
      row.version,
      sql`SELECT changed_by FROM croppings WHERE id = ${croppingId}`,
    );
    const draft = settleArea(
      row.version === before.version ? merged : mergeCroppingWrite(storedDraft(row), body),
      context,
    );
    checkDraft(draft, context);
    await updateCroppingRow(tx, croppingId, valuesOf(draft, boundary));
    await recordEvent(tx, caller.actor, {
      action: EventAction.Update,
      source: Module.Fields,
      objectType: 'Cropping',
      data: eventData(draft, croppingId, context.field.name),
    });
  });
}

export async function deleteCropping(db: Db, caller: Caller, croppingId: number): Promise<void> {
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

// The part of this area that other areas use, besides the functions above: they import nothing else from it.
export {
  holdingCropManagementOptionsEnabled,
  selectCroppingRows,
  keepCroppingsInsideField,
} from './croppings.queries.ts';
export { isPerennialCrop, rotationCroppingOf, loadCroppingResponses } from './croppingResponses.ts';
