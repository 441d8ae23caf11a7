import type {
  AddZoneRequest,
  EditZoneRequest,
  GeometryInput,
  RegularShape,
  RestoreZonesRequest,
  ZoneChangeResponse,
} from '@headland/domain/api/layersApi';
import { EventAction } from '@headland/domain/enumerations';
import { fertiliserProductOf } from '@headland/domain/layers/fertiliserProducts';
import { LayerTypeId } from '@headland/domain/layers/layerTypes';
import {
  isUserDefined,
  maxZonesPerLayer,
  mergeRetryBufferMetres,
  minZonePartSquareMetres,
} from '@headland/domain/layers/zoneRules';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../auth/caller.ts';
import { notFound } from '../../http/httpErrors.ts';
import { prepareLine, preparePolygon } from './geometryInput.ts';
import {
  checkDocuments,
  checkTypeWrite,
  layerProblem,
  recordLayerEvent,
  requireLayer,
} from './layerAccess.ts';
import { presentLayer, presentZone } from './layers.presenters.ts';
import {
  refreshLayerStats,
  selectLayer,
  selectZones,
  type LayerRow,
  type ZoneRow,
} from './layers.queries.ts';
import { suppliedNutrient } from './productRates.ts';
import {
  deleteZones,
  ewkbSql,
  insertZone,
  insertZoneCopy,
  mergeUnion,
  resetZoneRate,
  resetZoneValues,
  splitParts,
  updateZoneGeometry,
  updateZoneValues,
  zoneCount,
  zoneIdsOfLayer,
  zoneInitialRates,
  zonesLessGeometry,
  type GeometryPart,
  type ZoneValueChanges,
} from './zones.queries.ts';

// The zone editor's operations on a layer (§4): add, cut, edit, delete, split, merge, restore and reset, each in
// one transaction on the locked layer, answering what it changed.

interface ZoneChanges {
  changed: Set<number>;
  added: number[];
  removed: number[];
}

/**
 * §4: subtracts `cutter` from every zone of the layer it overlaps (not `except`). A zone left with no part
 * (parts under 0.1 m² count as none) is removed; a zone left in several parts keeps its largest and each other
 * part becomes a new zone with its values.
 */
async function subtractFromZones(
  tx: Db,
  layerId: number,
  cutterEwkb: string,
  except: number | null,
  changes: ZoneChanges,
): Promise<void> {
  const rests = await zonesLessGeometry(tx, layerId, ewkbSql(cutterEwkb), except);
  for (const [zoneId, parts] of rests) {
    const kept = parts.filter((part) => part.valid && part.squareMetres >= minZonePartSquareMetres);
    if (kept.length === 0) {
      await deleteZones(tx, [zoneId]);
      changes.removed.push(zoneId);
      continue;
    }
    await updateZoneGeometry(tx, zoneId, ewkbSql(kept[0]!.ewkb));
    changes.changed.add(zoneId);
    for (const part of kept.slice(1))
      changes.added.push(await insertZoneCopy(tx, zoneId, ewkbSql(part.ewkb)));
  }
}

async function zoneRow(tx: Db, layerId: number, zoneId: number): Promise<ZoneRow> {
  const [row] = await selectZones(tx, layerId, 'wkt', 4326, [zoneId]);
  if (!row) throw notFound('zoneNotFound');
  return row;
}

/** Runs one zone operation on a locked layer and answers what it changed. */
async function zoneOperation(
  db: Db,
  caller: Caller,
  layerId: number,
  format: 'wkt' | 'wkb',
  operate: (tx: Db, layer: LayerRow, changes: ZoneChanges) => Promise<void>,
): Promise<ZoneChangeResponse> {
  const changes: ZoneChanges = { changed: new Set(), added: [], removed: [] };
  await db.transaction(async (tx) => {
    const layer = await requireLayer(tx, caller, layerId, true);
    checkTypeWrite(caller, layer.typeId);
    await operate(tx, layer, changes);
    if ((await zoneCount(tx, layerId)) > maxZonesPerLayer)
      throw layerProblem('tooManyZones', 'Zones', `A layer may have at most ${maxZonesPerLayer} zones.`, {
        max: maxZonesPerLayer,
      });
    await refreshLayerStats(tx, layerId);
    await recordLayerEvent(tx, caller, EventAction.Update, layer);
  });
  const removed = new Set(changes.removed);
  const changed = [...changes.changed].filter((id) => !removed.has(id));
  const added = changes.added.filter((id) => !removed.has(id));
  const rows = await selectZones(db, layerId, format, 4326, [...changed, ...added]);
  const byId = new Map(rows.map((row) => [row.id, presentZone(row, format, 4326)]));
  return {
    Layer: presentLayer((await selectLayer(db, caller.access, layerId))!),
    Changed: changed.flatMap((id) => byId.get(id) ?? []),
    Added: added.flatMap((id) => byId.get(id) ?? []),
    Removed: changes.removed,
  };
}

/** Value fields of a zone write: user-defined follows §4 against the calculated value. */
function valueFields(
  layer: LayerRow,
  current: ZoneRow | null,
  body: AddZoneRequest | EditZoneRequest,
): ZoneValueChanges {
  const changes: ZoneValueChanges = {};
  if (body.Number !== undefined) changes.zoneNumber = body.Number;
  if (body.Label !== undefined) changes.label = body.Label;
  if (body.DocumentId !== undefined) changes.documentId = body.DocumentId;
  if (body.Buffer !== undefined) changes.buffer = body.Buffer;
  if (body.Style !== undefined) changes.style = body.Style ? body.Style : null;
  const product = layer.productId ? fertiliserProductOf(layer.productId) : undefined;
  if (layer.typeId === LayerTypeId.Application && body.ProductRate !== undefined) {
    const rate = body.ProductRate;
    const flagged = body.UserDefined ?? false;
    changes.productRate = rate;
    changes.value = rate;
    changes.nutrientRate = rate === null || !product ? null : suppliedNutrient(layer, product, rate);
    changes.userDefined = isUserDefined(flagged, rate, current?.initProductRate ?? null);
  } else if (body.Value !== undefined) {
    changes.value = body.Value;
    if (layer.calculated)
      changes.userDefined = isUserDefined(body.UserDefined ?? false, body.Value, current?.initValue ?? null);
    else if (body.UserDefined !== undefined) changes.userDefined = body.UserDefined;
  } else if (body.UserDefined !== undefined) changes.userDefined = body.UserDefined;
  return changes;
}

export function addZone(
  db: Db,
  caller: Caller,
  layerId: number,
  body: AddZoneRequest,
  format: 'wkt' | 'wkb',
) {
  return checkDocuments(db, caller, [body.DocumentId])
    .then(() => preparePolygon(db, 'Geometry', body.Geometry, body.RegularShape, true))
    .then((ewkb) =>
      zoneOperation(db, caller, layerId, format, async (tx, layer, changes) => {
        await subtractFromZones(tx, layerId, ewkb, null, changes);
        const id = await insertZone(
          tx,
          layerId,
          {
            zoneNumber: body.Number,
            value: body.Value ?? body.ProductRate,
            label: body.Label,
            documentId: body.DocumentId,
            fieldId: layer.fieldId,
            buffer: body.Buffer,
            // A drawn zone of a calculated layer has no calculated value: it is the user's.
            userDefined: layer.calculated ? true : (body.UserDefined ?? false),
            regularShape: body.RegularShape,
            style: body.Style,
            productRate: body.ProductRate,
          },
          ewkbSql(ewkb),
        );
        changes.added.push(id);
      }),
    );
}

export async function cutZones(
  db: Db,
  caller: Caller,
  layerId: number,
  body: { Geometry?: GeometryInput; RegularShape?: RegularShape },
  format: 'wkt' | 'wkb',
) {
  const ewkb = await preparePolygon(db, 'Geometry', body.Geometry, body.RegularShape, true);
  return zoneOperation(db, caller, layerId, format, (tx, _layer, changes) =>
    subtractFromZones(tx, layerId, ewkb, null, changes),
  );
}

export async function editZone(
  db: Db,
  caller: Caller,
  layerId: number,
  zoneId: number,
  body: EditZoneRequest,
  format: 'wkt' | 'wkb',
) {
  await checkDocuments(db, caller, [body.DocumentId]);
  const ewkb =
    body.Geometry || body.RegularShape
      ? await preparePolygon(db, 'Geometry', body.Geometry, body.RegularShape, true)
      : null;
  return zoneOperation(db, caller, layerId, format, async (tx, layer, changes) => {
    const current = await zoneRow(tx, layerId, zoneId);
    const values = valueFields(layer, current, body);
    if (body.RegularShape !== undefined) values.regularShape = body.RegularShape ? body.RegularShape : null;
    await updateZoneValues(tx, zoneId, values);
    if (ewkb) {
      await subtractFromZones(tx, layerId, ewkb, zoneId, changes);
      await updateZoneGeometry(tx, zoneId, ewkbSql(ewkb));
    }
    changes.changed.add(zoneId);
  });
}

export function deleteZone(db: Db, caller: Caller, layerId: number, zoneId: number, format: 'wkt' | 'wkb') {
  return zoneOperation(db, caller, layerId, format, async (tx, _layer, changes) => {
    await zoneRow(tx, layerId, zoneId);
    await deleteZones(tx, [zoneId]);
    changes.removed.push(zoneId);
  });
}

/** §4 split: the zone cut by the line; parts invalid or under 0.1 m² are dropped; the largest keeps the zone. */
export async function splitZone(
  db: Db,
  caller: Caller,
  layerId: number,
  body: { ZoneId: number; Line: GeometryInput },
  format: 'wkt' | 'wkb',
) {
  const line = await prepareLine(db, 'Line', body.Line);
  return zoneOperation(db, caller, layerId, format, async (tx, _layer, changes) => {
    await zoneRow(tx, layerId, body.ZoneId);
    const parts: GeometryPart[] = await splitParts(tx, body.ZoneId, ewkbSql(line));
    const kept = parts.filter((part) => part.valid && part.squareMetres >= minZonePartSquareMetres);
    if (parts.length < 2)
      throw layerProblem('splitLineMustCross', 'Line', 'Draw the line right across the zone.');
    if (kept.length === 0) {
      await deleteZones(tx, [body.ZoneId]);
      changes.removed.push(body.ZoneId);
      return;
    }
    await updateZoneGeometry(tx, body.ZoneId, ewkbSql(kept[0]!.ewkb));
    changes.changed.add(body.ZoneId);
    for (const part of kept.slice(1))
      changes.added.push(await insertZoneCopy(tx, body.ZoneId, ewkbSql(part.ewkb)));
  });
}

/**
 * §4 merge: two or more valid zones into one polygon; when their union is several polygons a second union of
 * the zones grown by 0.01 m is tried; otherwise the merge is refused with `invalidMerge`. The first zone named
 * keeps its values and takes the shape; the others are removed.
 */
export async function mergeZones(
  db: Db,
  caller: Caller,
  layerId: number,
  body: { ZoneIds: number[] },
  format: 'wkt' | 'wkb',
) {
  const ids = [...new Set(body.ZoneIds)];
  if (ids.length < 2) throw layerProblem('mergeNeedsTwo', 'ZoneIds', 'Select at least two zones to merge.');
  return zoneOperation(db, caller, layerId, format, async (tx, _layer, changes) => {
    const union = await mergeUnion(tx, layerId, ids, mergeRetryBufferMetres);
    if (union.found !== ids.length) throw notFound('zoneNotFound');
    if (!union.allValid)
      throw layerProblem('invalidMerge', 'ZoneIds', 'These zones cannot be merged into one zone.');
    const ewkb = union.parts === 1 ? union.ewkb : union.retryParts === 1 ? union.retryEwkb : null;
    if (!ewkb) throw layerProblem('invalidMerge', 'ZoneIds', 'These zones cannot be merged into one zone.');
    const [first, ...rest] = ids;
    await updateZoneGeometry(tx, first!, ewkbSql(ewkb));
    await deleteZones(tx, rest);
    changes.changed.add(first!);
    changes.removed.push(...rest);
  });
}

/**
 * §4 Cancel of the zone editor: the layer's zones put back to the set the editor started from, in one
 * transaction. Zones not named are removed; a named zone still in the layer gets its geometry and values back
 * (its calculated value and initial rate stay the server's); a named zone no longer there is re-created with a new
 * id. Every geometry is made valid and measured by PostGIS as in any other zone write.
 */
export async function restoreZones(
  db: Db,
  caller: Caller,
  layerId: number,
  body: RestoreZonesRequest,
  format: 'wkt' | 'wkb',
) {
  const seen = new Set<number>();
  body.Zones.forEach((zone, index) => {
    if (zone.DataLayerZoneId === null) return;
    if (seen.has(zone.DataLayerZoneId))
      throw layerProblem('duplicateZone', `Zones.${index}.DataLayerZoneId`, 'The same zone is named twice.');
    seen.add(zone.DataLayerZoneId);
  });
  await checkDocuments(
    db,
    caller,
    body.Zones.map((zone) => zone.DocumentId),
  );
  const prepared: string[] = [];
  for (const [index, zone] of body.Zones.entries())
    prepared.push(await preparePolygon(db, `Zones.${index}.Geometry`, zone.Geometry, null, false));
  return zoneOperation(db, caller, layerId, format, async (tx, layer, changes) => {
    const existing = new Set(await zoneIdsOfLayer(tx, layerId));
    const gone = [...existing].filter((id) => !seen.has(id));
    await deleteZones(tx, gone);
    changes.removed.push(...gone);
    const product = layer.productId ? fertiliserProductOf(layer.productId) : undefined;
    for (const [index, zone] of body.Zones.entries()) {
      const ewkb = prepared[index]!;
      const id = zone.DataLayerZoneId;
      if (id !== null && existing.has(id)) {
        const current = await zoneRow(tx, layerId, id);
        const values = valueFields(layer, current, {
          ...zone,
          Number: zone.Number ?? null,
          Label: zone.Label ?? null,
          DocumentId: zone.DocumentId ?? null,
          Style: zone.Style ?? null,
          Buffer: zone.Buffer ?? null,
          Value: zone.Value ?? null,
          ProductRate: layer.typeId === LayerTypeId.Application ? (zone.ProductRate ?? null) : undefined,
          UserDefined: zone.UserDefined ?? false,
        });
        values.regularShape = zone.RegularShape ? zone.RegularShape : null;
        await updateZoneValues(tx, id, values);
        await updateZoneGeometry(tx, id, ewkbSql(ewkb));
        changes.changed.add(id);
        continue;
      }
      const application = layer.typeId === LayerTypeId.Application;
      const rate = application ? (zone.ProductRate ?? null) : null;
      const initValue = zone.InitValue ?? null;
      const initRate = application ? (zone.InitProductRate ?? null) : null;
      const added = await insertZone(
        tx,
        layerId,
        {
          zoneNumber: zone.Number ?? null,
          value: application ? rate : (zone.Value ?? null),
          initValue,
          label: zone.Label ?? null,
          documentId: zone.DocumentId ?? null,
          fieldId: layer.fieldId,
          buffer: zone.Buffer ?? null,
          userDefined: application
            ? isUserDefined(zone.UserDefined ?? false, rate, initRate)
            : layer.calculated
              ? isUserDefined(zone.UserDefined ?? false, zone.Value ?? null, initValue)
              : (zone.UserDefined ?? false),
          regularShape: zone.RegularShape ?? null,
          style: zone.Style ?? null,
          productRate: rate,
          nutrientRate: rate === null || !product ? null : suppliedNutrient(layer, product, rate),
          initProductRate: initRate,
        },
        ewkbSql(ewkb),
      );
      changes.added.push(added);
    }
  });
}

/**
 * §4 reset: a requirement zone to its calculated value, an application zone to its initial product rate; any
 * other zone to its first value. Every zone of the layer when `zoneId` is null.
 */
export function resetZones(
  db: Db,
  caller: Caller,
  layerId: number,
  zoneId: number | null,
  format: 'wkt' | 'wkb',
) {
  return zoneOperation(db, caller, layerId, format, async (tx, layer, changes) => {
    if (zoneId !== null) await zoneRow(tx, layerId, zoneId);
    const product = layer.productId ? fertiliserProductOf(layer.productId) : undefined;
    if (layer.typeId === LayerTypeId.Application) {
      for (const row of await zoneInitialRates(tx, layerId, zoneId)) {
        const rate = row.initProductRate;
        await resetZoneRate(
          tx,
          row.id,
          rate,
          rate === null || !product ? null : suppliedNutrient(layer, product, Number(rate)),
        );
        changes.changed.add(row.id);
      }
      return;
    }
    for (const id of await resetZoneValues(tx, layerId, zoneId)) changes.changed.add(id);
  });
}
