import {
  basemapProblemText,
  basemapsPerHolding,
  validateCustomBasemap,
  type BasemapProblem,
} from '@headland/domain/basemapRules';
import type { CustomBasemapInput, CustomBasemapRecord } from '@headland/domain/api/basemapsApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { isMasterOrHigher } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { recordEvent, type ChangeActor } from '../../events/recordEvent.ts';
import { forbidden, notFound, validationFailed } from '../../http/httpErrors.ts';
import {
  deleteBasemap,
  insertBasemap,
  listBasemaps,
  lockedBasemapCount,
  updateBasemap,
} from './basemaps.queries.ts';

/** Who calls: the session's holding, and whether the user is a Master or above (§6: they see custom base maps). */
export interface BasemapsCaller {
  holdingId: number;
  master: boolean;
  actor: ChangeActor;
}


function requireMaster(caller: BasemapsCaller): void {
  if (!caller.master) throw forbidden('basemapsMastersOnly');
}

function refuse(problems: BasemapProblem[]): never {
  throw validationFailed(
    problems.map((problem) => ({
      Field: problem.field,
      Message: basemapProblemText(problem),
      Code: `basemap.${problem.code}`,
      Params: problem.params,
    })),
  );
}

function checked(input: CustomBasemapInput): CustomBasemapInput {
  const problems = validateCustomBasemap(input);
  if (problems.length > 0) refuse(problems);
  return { ...input, Name: input.Name.trim(), Url: input.Url.trim() };
}

export function basemapsCallerOf(
  session: { holdingId: number; id: string },
  user: { id: number; role: Parameters<typeof isMasterOrHigher>[0] },
): BasemapsCaller {
  return {
    holdingId: session.holdingId,
    master: isMasterOrHigher(user.role),
    actor: { userId: user.id, holdingId: session.holdingId, sessionId: session.id },
  };
}

/** A holding's base maps, for the holding selection of a Master (who may see them, §6). */
export function basemapsOfHolding(db: Db, holdingId: number): Promise<CustomBasemapRecord[]> {
  return listBasemaps(db, holdingId);
}

/** The base maps of the session's holding. */
export async function holdingBasemaps(db: Db, caller: BasemapsCaller): Promise<CustomBasemapRecord[]> {
  requireMaster(caller);
  return listBasemaps(db, caller.holdingId);
}

export async function addBasemap(
  db: Db,
  caller: BasemapsCaller,
  input: CustomBasemapInput,
): Promise<CustomBasemapRecord[]> {
  requireMaster(caller);
  const values = checked(input);
  await db.transaction(async (tx) => {
    if ((await lockedBasemapCount(tx, caller.holdingId)) >= basemapsPerHolding)
      refuse([{ field: 'Name', code: 'tooManyBasemaps', params: { max: basemapsPerHolding } }]);
    await insertBasemap(tx, caller.holdingId, caller.actor.userId, values);
    await recordBasemapEvent(tx, caller, EventAction.Create, values.Name);
  });
  return listBasemaps(db, caller.holdingId);
}

export async function changeBasemap(
  db: Db,
  caller: BasemapsCaller,
  id: number,
  input: CustomBasemapInput,
): Promise<CustomBasemapRecord[]> {
  requireMaster(caller);
  const values = checked(input);
  await db.transaction(async (tx) => {
    if (!(await updateBasemap(tx, caller.holdingId, id, values))) throw notFound('basemapNotFound');
    await recordBasemapEvent(tx, caller, EventAction.Update, values.Name);
  });
  return listBasemaps(db, caller.holdingId);
}

export async function removeBasemap(
  db: Db,
  caller: BasemapsCaller,
  id: number,
): Promise<CustomBasemapRecord[]> {
  requireMaster(caller);
  await db.transaction(async (tx) => {
    const name = await deleteBasemap(tx, caller.holdingId, id);
    if (name === null) throw notFound('basemapNotFound');
    await recordBasemapEvent(tx, caller, EventAction.Delete, name);
  });
  return listBasemaps(db, caller.holdingId);
}

function recordBasemapEvent(tx: Db, caller: BasemapsCaller, action: EventAction, name: string) {
  return recordEvent(tx, caller.actor, {
    action,
    source: Module.Layers,
    objectType: 'Basemap',
    data: { Name: name },
  });
}
