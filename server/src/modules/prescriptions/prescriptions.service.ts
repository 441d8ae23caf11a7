import type {
  PlanCreate,
  PlanSummary,
  PlanUpdate,
  PlanValidateResponse,
  PrescriptionPlan,
} from '@headland/domain/api/plansApi';
import { EventAction, Module, PlanType, type PlanStatus } from '@headland/domain/enumerations';
import { rateUnitOf, totalForRate } from '@headland/domain/layers/rateUnits';
import {
  planNameMaxLength,
  productKeyKnown,
  rateProblem,
  readOnlyPlanCode,
  type PrescriptionFormat,
} from '@headland/domain/plans/prescriptionRules';
import { isNameTaken, uniqueName } from '@headland/domain/uniqueName';
import type { Caller } from '../../auth/caller.ts';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { badRequest, forbidden, notFound } from '../../http/httpErrors.ts';
import type { ExportFile } from '../exports/exports.service.ts';
import { visibleLayer } from '../layers/layers.service.ts';
import { prescriptionFile } from './prescriptionFiles.ts';
import {
  deletePlanRow,
  holdingTitle,
  insertClippedZones,
  insertPlan,
  planNames,
  rateBounds,
  selectPlan,
  selectPlanFileRows,
  selectPlanZones,
  selectPlans,
  updatePlanRow,
  updateZoneRates,
  type PlanRow,
  type PlanZoneRow,
} from './prescriptions.queries.ts';

/**
 * Prescription plans of the session's holding (issue 21 parts 3 and 4). The route has checked map-layers read
 * or write; the brand must offer the module and the prescription plans feature. Totals are the zones' PostGIS
 * areas times their rates, in the rate unit's total unit.
 */

function checkOffered(caller: Caller): void {
  if (!caller.brand.modules.prescriptions || !caller.brand.features.prescriptionPlans)
    throw forbidden('prescriptionsOff');
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function present(plan: PlanRow, zones: readonly PlanZoneRow[]): PrescriptionPlan {
  const unit = rateUnitOf(plan.rateUnitId);
  const fields = new Map<number, PrescriptionPlan['Fields'][number]>();
  for (const zone of zones) {
    let field = fields.get(zone.fieldId);
    if (!field) {
      field = { FieldId: zone.fieldId, FieldName: zone.fieldName, AreaHa: 0, Total: 0, Zones: [] };
      fields.set(zone.fieldId, field);
    }
    field.Zones.push({
      Id: zone.id,
      Number: zone.zoneNumber,
      Rate: zone.rate,
      AreaHa: round(zone.areaHa, 4),
    });
    field.AreaHa += zone.areaHa;
    field.Total += totalForRate(zone.rate, zone.areaHa, plan.rateUnitId);
  }
  const list = [...fields.values()].map((field) => ({
    ...field,
    AreaHa: round(field.AreaHa, 4),
    Total: round(field.Total, 3),
  }));
  return {
    Id: plan.id,
    Name: plan.name,
    Year: plan.yearId,
    PlanType: PlanType.PrescriptionPlan,
    Status: plan.status as PlanStatus,
    ProductKey: plan.productKey,
    ProductName: plan.productName,
    RateUnitId: plan.rateUnitId,
    TotalUnit: unit?.TotalUnit ?? '',
    LayerId: plan.layerId,
    HeadlandMetres: plan.headlandM,
    AreaHa: round(
      list.reduce((sum, field) => sum + field.AreaHa, 0),
      4,
    ),
    Total: round(
      list.reduce((sum, field) => sum + field.Total, 0),
      3,
    ),
    Fields: list,
  };
}

export async function listPlans(db: Db, caller: Caller, year: number | undefined): Promise<PlanSummary[]> {
  checkOffered(caller);
  const plans = await selectPlans(db, caller.holdingId, year);
  const zones = await selectPlanZones(
    db,
    caller.access,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => {
    const { Fields: _fields, ...summary } = present(
      plan,
      zones.filter((zone) => zone.planId === plan.id),
    );
    return summary;
  });
}

async function loadPlan(db: Db, caller: Caller, id: number): Promise<PrescriptionPlan> {
  const plan = await selectPlan(db, caller.holdingId, id);
  if (!plan) throw notFound('planNotFound');
  return present(plan, await selectPlanZones(db, caller.access, [plan.id]));
}

export async function readPlan(db: Db, caller: Caller, id: number): Promise<PrescriptionPlan> {
  checkOffered(caller);
  return loadPlan(db, caller, id);
}

function checkProduct(key: string): void {
  if (!productKeyKnown(key)) throw badRequest('planProductUnknown');
}

function checkName(name: string, others: readonly { id: number; name: string }[], self: number | null): void {
  const names = others.filter((other) => other.id !== self).map((other) => other.name);
  if (isNameTaken(name, names))
    throw badRequest('planNameTaken', { name, suggestion: uniqueName(name, names) });
}

async function checkRates(tx: Db, planId: number, rateUnitId: number): Promise<void> {
  const { min, max } = await rateBounds(tx, planId);
  const problem = rateProblem(min, rateUnitId) ?? rateProblem(max, rateUnitId);
  if (problem) throw badRequest('planRateOutOfRange', problem);
}

export async function createPlan(db: Db, caller: Caller, input: PlanCreate): Promise<PrescriptionPlan> {
  checkOffered(caller);
  checkProduct(input.ProductKey);
  // The layer must be of the session's holding and visible to the caller: another holding's is not found.
  const layer = await visibleLayer(db, caller, input.LayerId);
  const id = await db.transaction(async (tx) => {
    checkName(input.Name, await planNames(tx, caller.holdingId), null);
    const planId = await insertPlan(tx, caller.holdingId, caller.actor.userId, {
      name: input.Name,
      yearId: input.Year,
      productKey: input.ProductKey,
      productName: input.ProductName,
      rateUnitId: input.RateUnitId,
      layerId: layer.DataLayerId,
      headlandM: input.HeadlandMetres,
    });
    const zones = await insertClippedZones(
      tx,
      caller.access,
      planId,
      layer.DataLayerId,
      input.Year,
      input.HeadlandMetres,
    );
    if (zones === 0) throw badRequest('planNoZones');
    await checkRates(tx, planId, input.RateUnitId);
    await recordPlanEvent(tx, caller, EventAction.Create, planId, input.Name);
    return planId;
  });
  return loadPlan(db, caller, id);
}

export async function changePlan(
  db: Db,
  caller: Caller,
  id: number,
  input: PlanUpdate,
): Promise<PrescriptionPlan> {
  checkOffered(caller);
  if (input.ProductKey !== undefined) checkProduct(input.ProductKey);
  await db.transaction(async (tx) => {
    const plan = await selectPlan(tx, caller.holdingId, id, true);
    if (!plan) throw notFound('planNotFound');
    const readOnly = readOnlyPlanCode(plan.status as PlanStatus);
    if (readOnly) throw badRequest(readOnly, { name: plan.name });
    if (input.Name !== undefined) checkName(input.Name, await planNames(tx, caller.holdingId), plan.id);
    const changed: PlanRow = {
      ...plan,
      name: input.Name ?? plan.name,
      status: input.Status ?? plan.status,
      productKey: input.ProductKey ?? plan.productKey,
      productName: input.ProductName ?? plan.productName,
      rateUnitId: input.RateUnitId ?? plan.rateUnitId,
    };
    await updatePlanRow(tx, changed);
    const zones = input.Zones ?? [];
    for (const zone of zones) {
      const problem = rateProblem(zone.Rate, changed.rateUnitId);
      if (problem) throw badRequest('planRateOutOfRange', problem);
    }
    const ids = new Set(zones.map((zone) => zone.Id));
    if (ids.size !== zones.length) throw badRequest('planZoneUnknown');
    if ((await updateZoneRates(tx, caller.access, plan, zones)) !== zones.length)
      throw badRequest('planZoneUnknown');
    await checkRates(tx, plan.id, changed.rateUnitId);
    await recordPlanEvent(tx, caller, EventAction.Update, plan.id, changed.name);
  });
  return loadPlan(db, caller, id);
}

export async function removePlan(db: Db, caller: Caller, id: number): Promise<void> {
  checkOffered(caller);
  await db.transaction(async (tx) => {
    const plan = await selectPlan(tx, caller.holdingId, id, true);
    if (!plan) throw notFound('planNotFound');
    await deletePlanRow(tx, caller.holdingId, id);
    await recordPlanEvent(tx, caller, EventAction.Delete, plan.id, plan.name);
  });
}

/**
 * holdings-permissions-sync §7: the plans whose names cannot be kept, each with the reason and a free name. A
 * plan's key is its id as text, or any other text for a plan not yet saved; a name is taken when another
 * plan of the holding, or an earlier plan of the same request, has it in any case.
 */
export async function validatePlans(
  db: Db,
  caller: Caller,
  plans: readonly { Key: string; Name: string }[],
): Promise<PlanValidateResponse> {
  checkOffered(caller);
  const stored = await planNames(db, caller.holdingId);
  const storedKeys = new Set(stored.map((plan) => String(plan.id)));
  const keys = new Set(plans.map((plan) => plan.Key));
  const kept = stored.filter((plan) => !keys.has(String(plan.id))).map((plan) => plan.name);
  // Saved plans named in the request keep their names first; new plans then give way to them.
  const order = [...plans.entries()].sort(
    ([a, first], [b, second]) =>
      Number(storedKeys.has(second.Key)) - Number(storedKeys.has(first.Key)) || a - b,
  );
  const problems = new Map<number, PlanValidateResponse['Plans'][number]>();
  for (const [index, plan] of order) {
    const name = plan.Name.trim();
    if (name.length === 0) {
      problems.set(index, { Key: plan.Key, Name: plan.Name, Code: 'planNameRequired', Suggestion: null });
    } else if (name.length > planNameMaxLength) {
      problems.set(index, { Key: plan.Key, Name: plan.Name, Code: 'planNameTooLong', Suggestion: null });
    } else if (isNameTaken(name, kept)) {
      problems.set(index, {
        Key: plan.Key,
        Name: plan.Name,
        Code: 'planNameTaken',
        Suggestion: uniqueName(name, kept),
      });
    }
    kept.push(name);
  }
  return { Plans: [...problems.entries()].sort(([a], [b]) => a - b).map(([, problem]) => problem) };
}

/** The plan as a file a terminal reads (see prescriptionFiles.ts); also what a send to a connected app uses. */
export async function planFile(
  db: Db,
  caller: Caller,
  id: number,
  format: PrescriptionFormat,
  cellSize: number,
): Promise<ExportFile> {
  checkOffered(caller);
  const plan = await selectPlan(db, caller.holdingId, id);
  if (!plan) throw notFound('planNotFound');
  const [fields, holding] = await Promise.all([
    selectPlanFileRows(db, caller.access, plan),
    holdingTitle(db, caller.holdingId),
  ]);
  if (fields.length === 0) throw badRequest('planNoZones');
  if (format === 'shapefile') {
    const largest = Math.max(...fields.map((field) => field.zones.length));
    if (largest > 100) throw badRequest('planTooManyZonesFlat', { count: largest, max: 100 });
  }
  return prescriptionFile(
    {
      fileName:
        plan.name
          .normalize('NFKD')
          .replace(/[^\w-]+/g, '_')
          .slice(0, 40) || 'plan',
      holdingName: holding.name,
      planName: plan.name,
      productName: plan.productName,
      rateUnitId: plan.rateUnitId,
      rateUnitName: rateUnitOf(plan.rateUnitId)?.Name ?? '',
      cellSize,
      fields,
    },
    format,
  );
}

function recordPlanEvent(tx: Db, caller: Caller, action: EventAction, id: number, name: string) {
  return recordEvent(tx, caller.actor, {
    action,
    source: Module.Prescriptions,
    objectType: 'PrescriptionPlan',
    data: { Id: id, Name: name },
  });
}
