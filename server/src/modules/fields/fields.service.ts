import type { FieldResponse, FieldWrite, Srid } from '@headland/domain/api/fieldsApi';
import { FieldAreaType } from '@headland/domain/crops';
import { EventAction, Module } from '@headland/domain/enumerations';
import { fieldArea } from '@headland/domain/field';
import { uniqueName } from '@headland/domain/uniqueName';
import { roundArea } from '@headland/domain/units';
import type { Db } from '../../db/database.ts';
import { assertCurrentVersion, markChangeAuthor } from '../../events/changeAuthor.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { forbidden, notFound, validationFailed, type FieldError } from '../../http/httpErrors.ts';
import { countHiddenCroppings, selectHiddenCroppingYears } from '../../auth/croppingAccess.ts';
import { keepCroppingsInsideField } from '../croppings/croppings.service.ts';
import { loadCroppingResponses } from '../croppings/croppings.service.ts';
import { asMultiPolygon, prepareBoundary, type StoredBoundary } from '../../db/boundaryGeometry.ts';
import type { Caller } from '../../auth/caller.ts';
import {
  deleteFieldRow,
  fieldAuthorSql,
  insertField,
  lockFields,
  lockHoldingFields,
  selectFieldNames,
  selectFieldRows,
  selectHoldingYears,
  updateFieldRow,
  upsertFieldYears,
  type FieldRow,
  type FieldValues,
} from './fields.queries.ts';

const area2 = (value: number | null) => (value === null ? null : roundArea(value));

function presentField(
  row: FieldRow,
  croppings: FieldResponse['Croppings'],
  hiddenCroppingYears: number[] = [],
): FieldResponse {
  return {
    FieldId: row.id,
    Name: row.name,
    FieldNumber: row.field_number,
    FieldGroup: row.field_group,
    Boundary: asMultiPolygon(row.boundary),
    AreaType: row.area_type,
    BoundaryArea: area2(row.boundary_area),
    WorkingArea: area2(row.working_area),
    WholeArea: area2(row.whole_area),
    ManureSpreadArea: area2(row.manure_spread_area),
    Years: row.years,
    IgnoreBoundary: row.ignore_boundary,
    Version: row.version,
    Croppings: croppings,
    HiddenCroppingYears: hiddenCroppingYears,
  };
}

/** The holding's fields, each with its visible croppings of `yearId`. */
export async function listFields(
  db: Db,
  caller: Caller,
  yearId: number,
  srid: Srid,
): Promise<FieldResponse[]> {
  const [rows, croppings, hidden] = await Promise.all([
    selectFieldRows(db, caller.holdingId, { srid, access: caller.access }),
    loadCroppingResponses(db, caller, { yearIds: [yearId], srid }),
    selectHiddenCroppingYears(db, caller.access, { yearIds: [yearId] }),
  ]);
  const byField = new Map<number, FieldResponse['Croppings']>();
  for (const cropping of croppings) {
    const list = byField.get(cropping.FieldId);
    if (list) list.push(cropping);
    else byField.set(cropping.FieldId, [cropping]);
  }
  return rows.map((row) => presentField(row, byField.get(row.id) ?? [], hidden.get(row.id)));
}

/** One field with its visible croppings of every year. */
export async function getField(db: Db, caller: Caller, fieldId: number, srid: Srid): Promise<FieldResponse> {
  const [row] = await selectFieldRows(db, caller.holdingId, { fieldId, srid, access: caller.access });
  if (!row) throw notFound('fieldNotFound');
  const croppings = await loadCroppingResponses(db, caller, { fieldIds: [fieldId], srid });
  const hidden = await selectHiddenCroppingYears(db, caller.access, { fieldId });
  return presentField(row, croppings, hidden.get(fieldId));
}

interface FieldDraft {
  name: string | null | undefined;
  fieldNumber: string | null;
  fieldGroup: string | null;
  boundary: StoredBoundary | null;
  areaType: FieldAreaType | undefined;
  workingArea: number | null;
  wholeArea: number | null;
}

const blankToNull = (text: string | null | undefined) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
};

/**
 * Checks a field's values and settles its area type: when none is given, the boundary's when there is one,
 * otherwise the whole or working area that was entered.
 */
function checkField(draft: FieldDraft): FieldAreaType {
  const errors: FieldError[] = [];
  if (!draft.name?.trim()) errors.push({ Field: 'Name', Code: 'fieldNameRequired' });
  const areaType =
    draft.areaType ??
    (draft.boundary
      ? FieldAreaType.Boundary
      : draft.wholeArea !== null
        ? FieldAreaType.Whole
        : draft.workingArea !== null
          ? FieldAreaType.Working
          : undefined);
  if (areaType === undefined) {
    errors.push({ Field: 'Boundary', Code: 'fieldNeedsBoundaryOrArea' });
  } else if (areaType === FieldAreaType.Boundary && !draft.boundary) {
    errors.push({ Field: 'Boundary', Code: 'boundaryRequiredForType' });
  } else if (areaType === FieldAreaType.Whole && draft.wholeArea === null) {
    errors.push({ Field: 'WholeArea', Code: 'wholeAreaRequiredForType' });
  } else if (areaType === FieldAreaType.Working && draft.workingArea === null) {
    errors.push({ Field: 'WorkingArea', Code: 'workingAreaRequiredForType' });
  }
  if (draft.workingArea !== null && draft.wholeArea !== null && draft.workingArea > draft.wholeArea) {
    errors.push({ Field: 'WorkingArea', Code: 'workingAreaAboveWhole' });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return areaType!;
}

async function boundaryOf(db: Db, body: FieldWrite, srid: Srid): Promise<StoredBoundary | null | undefined> {
  if (body.Boundary === undefined) return undefined;
  if (body.Boundary === null) return null;
  return prepareBoundary(db, body.Boundary, body.srid ?? srid);
}

function eventData(
  name: string,
  values: { areaType: FieldAreaType; boundaryArea: number | null } & FieldDraft,
  yearId: number,
) {
  const area = fieldArea({
    AreaType: values.areaType,
    BoundaryArea: values.boundaryArea,
    WorkingArea: values.workingArea,
    WholeArea: values.wholeArea,
  });
  return { Name: name, Field: name, Area: area, YearId: yearId };
}

export async function createField(db: Db, caller: Caller, body: FieldWrite, srid: Srid): Promise<number> {
  const boundary = (await boundaryOf(db, body, srid)) ?? null;
  const draft: FieldDraft = {
    name: body.Name,
    fieldNumber: blankToNull(body.FieldNumber),
    fieldGroup: blankToNull(body.FieldGroup),
    boundary,
    areaType: body.AreaType,
    workingArea: body.WorkingArea ?? null,
    wholeArea: body.WholeArea ?? null,
  };
  const areaType = checkField(draft);
  return db.transaction(async (tx) => {
    await lockHoldingFields(tx, caller.holdingId);
    const name = uniqueName(draft.name!, await selectFieldNames(tx, caller.holdingId));
    const values: FieldValues = {
      ...draft,
      name,
      areaType,
      manureSpreadArea: body.ManureSpreadArea ?? null,
      ignoreBoundary: body.IgnoreBoundary ?? false,
    };
    const fieldId = await insertField(tx, caller.holdingId, values);
    // A new field takes part in every crop year of the holding unless the caller says otherwise.
    const given = new Map((body.Years ?? []).map((year) => [year.YearId, year.Disabled]));
    const holdingYears = await selectHoldingYears(tx, caller.holdingId);
    const years = [...new Set([...holdingYears, ...given.keys()])].map((YearId) => ({
      YearId,
      Disabled: given.get(YearId) ?? false,
    }));
    await upsertFieldYears(tx, fieldId, years);
    await recordEvent(tx, caller.actor, {
      action: EventAction.Create,
      source: Module.Fields,
      objectType: 'Field',
      data: eventData(name, { ...draft, areaType, boundaryArea: boundary?.areaHa ?? null }, caller.yearId),
    });
    return fieldId;
  });
}

export async function updateField(
  db: Db,
  caller: Caller,
  fieldId: number,
  body: FieldWrite,
  srid: Srid,
): Promise<void> {
  const [current] = await selectFieldRows(db, caller.holdingId, { fieldId, srid: null });
  if (!current) throw notFound('fieldNotFound');
  const newBoundary = await boundaryOf(db, body, srid);
  const keeps = <T>(value: T | undefined, stored: T) => (value === undefined ? stored : value);
  const hasBoundary = newBoundary === undefined ? current.boundary_area !== null : newBoundary !== null;
  const draft: FieldDraft = {
    name: keeps(body.Name, current.name),
    fieldNumber: blankToNull(keeps(body.FieldNumber, current.field_number)),
    fieldGroup: blankToNull(keeps(body.FieldGroup, current.field_group)),
    // Only whether a boundary exists matters to the checks; the stored one stays in the database.
    boundary: newBoundary ?? (hasBoundary ? { ewkbHex: '', areaHa: current.boundary_area ?? 0 } : null),
    areaType: keeps(body.AreaType, current.area_type),
    workingArea: keeps(body.WorkingArea, current.working_area),
    wholeArea: keeps(body.WholeArea, current.whole_area),
  };
  const areaType = checkField(draft);
  await db.transaction(async (tx) => {
    await markChangeAuthor(tx, caller.actor.userId);
    await lockHoldingFields(tx, caller.holdingId);
    await lockFields(tx, caller.holdingId, [fieldId]);
    const [locked] = await selectFieldRows(tx, caller.holdingId, { fieldId, srid: null });
    if (!locked) throw notFound('fieldNotFound');
    await assertCurrentVersion(tx, `field:${fieldId}`, body.Version, locked.version, fieldAuthorSql(fieldId));
    const wanted = draft.name!.trim();
    const name =
      wanted === current.name
        ? wanted
        : uniqueName(wanted, await selectFieldNames(tx, caller.holdingId, fieldId));
    await updateFieldRow(tx, fieldId, {
      ...draft,
      name,
      boundary: newBoundary,
      areaType,
      manureSpreadArea: keeps(body.ManureSpreadArea, current.manure_spread_area),
      ignoreBoundary: keeps(body.IgnoreBoundary, current.ignore_boundary),
    });
    if (body.Years) await upsertFieldYears(tx, fieldId, body.Years);
    const boundaryArea = newBoundary === undefined ? current.boundary_area : (newBoundary?.areaHa ?? null);
    // A smaller boundary or area never leaves a cropping larger than its field, or reaching outside it.
    await keepCroppingsInsideField(
      tx,
      fieldId,
      fieldArea({
        AreaType: areaType,
        BoundaryArea: boundaryArea,
        WorkingArea: draft.workingArea,
        WholeArea: draft.wholeArea,
      }),
    );
    await recordEvent(tx, caller.actor, {
      action: EventAction.Update,
      source: Module.Fields,
      objectType: 'Field',
      data: eventData(name, { ...draft, areaType, boundaryArea }, caller.yearId),
    });
  });
}

/**
 * Deletes a field with its croppings. A restricted member may not delete a field holding croppings hidden from
 * them: that would destroy work they cannot see.
 */
export async function deleteField(db: Db, caller: Caller, fieldId: number): Promise<void> {
  const [current] = await selectFieldRows(db, caller.holdingId, { fieldId, srid: null });
  if (!current) throw notFound('fieldNotFound');
  if ((await countHiddenCroppings(db, caller.access, { fieldId })) > 0) {
    throw forbidden('fieldHasHiddenCroppings');
  }
  await db.transaction(async (tx) => {
    await deleteFieldRow(tx, fieldId);
    await recordEvent(tx, caller.actor, {
      action: EventAction.Delete,
      source: Module.Fields,
      objectType: 'Field',
      data: {
        Name: current.name,
        Field: current.name,
        Area: fieldArea({
          AreaType: current.area_type,
          BoundaryArea: current.boundary_area,
          WorkingArea: current.working_area,
          WholeArea: current.whole_area,
        }),
        YearId: caller.yearId,
      },
    });
  });
}

// The part of this area that other areas use, besides the functions above: they import nothing else from it.
export {
  lockHoldingFields,
  selectFieldNames,
  selectFieldRows,
  selectHoldingYears,
  lockFields,
} from './fields.queries.ts';
export type { FieldRow } from './fields.queries.ts';
