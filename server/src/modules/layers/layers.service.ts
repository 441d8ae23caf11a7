import type {
  CreateLayerRequest,
  DataLayer,
  EditLayerRequest,
  GeometryQuery,
  LayerZone,
} from '@headland/domain/api/layersApi';
import { EventAction } from '@headland/domain/enumerations';
import { layerTypeOf, MapScope } from '@headland/domain/layers/layerTypes';
import { maxZonesPerLayer } from '@headland/domain/layers/zoneRules';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { preparePolygon } from './geometryInput.ts';
import {
  checkDocuments,
  checkHolding,
  checkTypeWrite,
  layerProblem,
  recordLayerEvent,
  requireLayer,
} from './layerAccess.ts';
import { numericGeometry, presentGeometry, presentLayer, presentZone } from './layers.presenters.ts';
import {
  deleteLayerRow,
  fieldOfHolding,
  fieldYearHidden,
  insertLayer,
  refreshLayerStats,
  selectLayer,
  selectLayers,
  selectPoints,
  selectZones,
  updateLayer,
  visibleCropping,
} from './layers.queries.ts';
import { ewkbSql, insertZone } from './zones.queries.ts';

// The data layers of a holding's crop year: reading them with their zones and points, creating, editing and
// deleting them. Zone operations are in zones.service.ts, calculated layers in recommendations.service.ts.

// -------------------------------------------------------------------------------------------- reading

export async function listLayers(
  db: Db,
  caller: Caller,
  holdingId: number,
  yearId: number,
): Promise<DataLayer[]> {
  checkHolding(caller, holdingId);
  return (await selectLayers(db, caller.access, yearId)).map(presentLayer);
}

/** One layer of the caller's holding that the caller may see, without its zones; refused as not found otherwise. */
export async function visibleLayer(db: Db, caller: Caller, id: number): Promise<DataLayer> {
  return presentLayer(await requireLayer(db, caller, id));
}

export async function loadZones(
  db: Db,
  caller: Caller,
  id: number,
  query: GeometryQuery,
): Promise<{ layer: DataLayer; zones: LayerZone[]; geometries: number[][][][][] | null }> {
  const layer = await requireLayer(db, caller, id);
  const rows = await selectZones(db, id, query.geometryFormat, query.srid);
  const zones = rows.map((row) => presentZone(row, query.geometryFormat, query.srid));
  const geometries =
    query.geometryFormat === 'binary1' ? rows.map((row) => numericGeometry(row.geometry)) : null;
  return { layer: presentLayer(layer), zones, geometries };
}

export async function loadPoints(db: Db, caller: Caller, id: number, query: GeometryQuery) {
  await requireLayer(db, caller, id);
  const rows = await selectPoints(db, id, query.geometryFormat, query.srid);
  return {
    points: rows.map((row) => ({
      Id: row.id,
      Value: row.value,
      Geometry: presentGeometry(row.geometry, query.geometryFormat, query.srid),
    })),
    geometries: query.geometryFormat === 'binary1' ? rows.map((row) => numericGeometry(row.geometry)) : null,
  };
}

// -------------------------------------------------------------------------------------------- writing

/** Checks a new layer's scope: its field and cropping belong to the holding and are visible to the caller. */
async function checkScope(
  db: Db,
  caller: Caller,
  scope: number,
  fieldId: number | null,
  croppingId: number | null,
  yearId: number,
): Promise<{ fieldId: number | null; croppingId: number | null; cropId: number | null }> {
  if (scope === MapScope.Holding) return { fieldId: null, croppingId: null, cropId: null };
  if (scope === MapScope.Cropping) {
    if (!croppingId) throw layerProblem('required', 'CroppingId', 'Choose the cropping of the layer.');
    const cropping = await visibleCropping(db, caller.access, croppingId);
    if (!cropping) throw notFound('croppingNotShared');
    return { fieldId: cropping.fieldId, croppingId, cropId: cropping.cropId };
  }
  if (!fieldId) throw layerProblem('required', 'FieldId', 'Choose the field of the layer.');
  if (!(await fieldOfHolding(db, caller.holdingId, fieldId))) throw notFound('fieldDoesNotExist');
  if (await fieldYearHidden(db, caller.access, fieldId, yearId)) throw forbidden('fieldYearHidden');
  return { fieldId, croppingId: null, cropId: null };
}

export async function createLayer(db: Db, caller: Caller, body: CreateLayerRequest): Promise<DataLayer> {
  checkHolding(caller, body.HoldingId);
  checkTypeWrite(caller, body.TypeId);
  const scope = await checkScope(
    db,
    caller,
    body.Scope,
    body.FieldId ?? null,
    body.CroppingId ?? null,
    body.Year,
  );
  const zones = body.Zones ?? [];
  if (zones.length > maxZonesPerLayer)
    throw layerProblem('tooManyZones', 'Zones', `A layer may have at most ${maxZonesPerLayer} zones.`, {
      max: maxZonesPerLayer,
    });
  await checkDocuments(
    db,
    caller,
    zones.map((zone) => zone.DocumentId),
  );
  // Every geometry is read before the transaction, so a bad one is a 400 and nothing is stored.
  const prepared: string[] = [];
  for (const [index, zone] of zones.entries())
    prepared.push(
      await preparePolygon(db, `Zones.${index}.Geometry`, zone.Geometry, zone.RegularShape, false),
    );
  const id = await db.transaction(async (tx) => {
    const layerId = await insertLayer(tx, {
      holdingId: caller.holdingId,
      typeId: body.TypeId,
      subtypeId: body.SubtypeId ?? null,
      scope: body.Scope,
      fieldId: scope.fieldId,
      croppingId: scope.croppingId,
      cropId: scope.cropId,
      yearId: body.Year,
      layerDate: body.Date ?? null,
      name: body.Name,
      unit: body.Unit ?? layerTypeOf(body.TypeId)?.Units[0] ?? null,
      nutrientId: body.NutrientId ?? null,
      showZoneNumbers: body.ShowZoneNumbers ?? false,
      showStroke: body.ShowStroke ?? true,
      ranges: body.Ranges ? body.Ranges : null,
      style: body.Style ? body.Style : null,
    });
    for (const [index, zone] of zones.entries()) {
      await insertZone(
        tx,
        layerId,
        {
          zoneNumber: zone.Number,
          value: zone.Value,
          initValue: zone.Value,
          label: zone.Label,
          documentId: zone.DocumentId,
          fieldId: scope.fieldId,
          buffer: zone.Buffer,
          userDefined: zone.UserDefined,
          regularShape: zone.RegularShape,
          style: zone.Style,
          productRate: zone.ProductRate,
          initProductRate: zone.ProductRate,
        },
        ewkbSql(prepared[index]!),
      );
    }
    await refreshLayerStats(tx, layerId);
    await recordLayerEvent(tx, caller, EventAction.Create, {
      id: layerId,
      name: body.Name,
      croppingId: scope.croppingId,
      fieldId: scope.fieldId,
      yearId: body.Year,
    });
    return layerId;
  });
  return presentLayer((await selectLayer(db, caller.access, id))!);
}

export async function editLayer(
  db: Db,
  caller: Caller,
  id: number,
  body: EditLayerRequest,
): Promise<DataLayer> {
  await db.transaction(async (tx) => {
    const layer = await requireLayer(tx, caller, id, true);
    checkTypeWrite(caller, layer.typeId);
    await updateLayer(tx, id, {
      name: body.Name,
      unit: body.Unit,
      layerDate: body.Date,
      inactive: body.Inactive,
      showZoneNumbers: body.ShowZoneNumbers,
      showStroke: body.ShowStroke,
      ranges: body.Ranges === undefined ? undefined : body.Ranges ? body.Ranges : null,
      style: body.Style === undefined ? undefined : body.Style ? body.Style : null,
      planName: body.PlanName,
    });
    await recordLayerEvent(tx, caller, EventAction.Update, { ...layer, name: body.Name ?? layer.name });
  });
  return presentLayer((await selectLayer(db, caller.access, id))!);
}

export async function deleteLayer(db: Db, caller: Caller, id: number): Promise<number> {
  await db.transaction(async (tx) => {
    const layer = await requireLayer(tx, caller, id, true);
    checkTypeWrite(caller, layer.typeId);
    await recordLayerEvent(tx, caller, EventAction.Delete, layer);
    await deleteLayerRow(tx, id);
  });
  return id;
}
