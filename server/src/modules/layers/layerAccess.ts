import { EventAction, Module } from '@headland/domain/enumerations';
import { LayerTypeId } from '@headland/domain/layers/layerTypes';
import { isAdminOrHigher } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { HttpError, forbidden, notFound, type FieldError } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { documentsOfHolding, selectLayer, type LayerRow } from './layers.queries.ts';

// Who may read and change a layer, the refusals of the layers area, and the event every layer change records;
// shared by the layers, zones and recommendations services.

/** A 400 with one field at fault, carrying a code the translations turn into words (en.layersServer.json). */
export function layerProblem(
  code: string,
  field: string,
  message: string,
  params: Record<string, string | number | boolean> = {},
): HttpError {
  const error: FieldError = { Field: field, Message: message, Code: code, Params: params };
  return new HttpError(400, `layers.${code}`, params, { Errors: [error] }, {}, message);
}

/** The layer of a path must be the session's holding: a layer is read and changed from its holding only. */
export function checkHolding(caller: Caller, holdingId: number): void {
  if (holdingId !== caller.holdingId) throw forbidden('layersOtherHolding');
}

/** A layer of the caller's holding visible to the caller; `lock` takes it FOR UPDATE (inside a transaction). */
export async function requireLayer(db: Db, caller: Caller, id: number, lock = false): Promise<LayerRow> {
  const row = await selectLayer(db, caller.access, id, lock);
  if (!row) throw notFound('layerNotFound');
  return row;
}

/** A zone's picture must be a document of the caller's holding: refused by name otherwise, never a 500. */
export async function checkDocuments(
  db: Db,
  caller: Caller,
  ids: readonly (number | null | undefined)[],
): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const found = await documentsOfHolding(db, caller.holdingId, wanted);
  if (found.length !== wanted.length)
    throw layerProblem('unknownDocument', 'DocumentId', 'This picture is not in the holding’s library.');
}

export function checkTypeWrite(caller: Caller, typeId: number): void {
  if (typeId === LayerTypeId.TerraMapVariant && !isAdminOrHigher(caller.role))
    throw forbidden('layerVariantsAdminOnly');
}

export async function recordLayerEvent(
  tx: Db,
  caller: Caller,
  action: (typeof EventAction)[keyof typeof EventAction],
  layer: Pick<LayerRow, 'id' | 'name' | 'croppingId' | 'fieldId' | 'yearId'>,
): Promise<void> {
  await recordEvent(tx, caller.actor, {
    action,
    source: Module.Layers,
    objectType: 'DataLayer',
    data: {
      Id: layer.id,
      Name: layer.name,
      Field: layer.fieldId,
      YearId: layer.yearId,
      ...(layer.croppingId ? { CroppingId: layer.croppingId } : {}),
    },
  });
}
