import { sql } from 'drizzle-orm';
import type {
  AddZoneRequest,
  ApplicationRequest,
  CreateLayerRequest,
  DataLayer,
  EditLayerRequest,
  EditZoneRequest,
  GeometryFormat,
  GeometryInput,
  GeometryQuery,
  LayerZone,
  RegularShape,
  RequirementRequest,
  RestoreZonesRequest,
  TotalsResponse,
  ZoneChangeResponse,
} from '@headland/domain/api/layersApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { fertiliserProductOf, type FertiliserProduct } from '@headland/domain/layers/fertiliserProducts';
import { LayerTypeId, layerTypeOf, MapScope } from '@headland/domain/layers/layerTypes';
import { NutrientType, nutrientNames, type RequirementNutrient } from '@headland/domain/layers/nutrients';
import { nutrientRateFor, productRateFor, zoneRequirement } from '@headland/domain/layers/recommendations';
import { rateUnitOf, RateUnitId, totalForRate } from '@headland/domain/layers/rateUnits';
import { regularShapeWkt } from '@headland/domain/layers/regularShape';
import { defaultLayerName } from '@headland/domain/layers/layerName';
import {
  gridCleaningMinAngleDegrees,
  isUserDefined,
  maxZoneVertices,
  maxZonesPerLayer,
  mergeRetryBufferMetres,
  minZonePartSquareMetres,
} from '@headland/domain/layers/zoneRules';
import { isAdminOrHigher } from '@headland/domain/roles';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { HttpError, forbidden, notFound, type FieldError } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import {
  deleteZones,
  ewkbSql,
  fieldOfHolding,
  fieldYearHidden,
  insertZone,
  insertZoneCopy,
  mergeUnion,
  prepareGeometry,
  refreshLayerStats,
  selectLayer,
  selectLayers,
  selectPoints,
  selectZones,
  splitParts,
  updateZoneGeometry,
  visibleCropping,
  voronoiCells,
  zonesLessGeometry,
  type GeometryPart,
  type LayerRow,
  type ZoneRow,
} from './layers.queries.ts';

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
function checkHolding(caller: Caller, holdingId: number): void {
  if (holdingId !== caller.holdingId) throw forbidden('layersOtherHolding');
}

export function presentLayer(row: LayerRow): DataLayer {
  return {
    DataLayerId: row.id,
    TypeId: row.typeId,
    GroupId: row.groupId,
    SubtypeId: row.subtypeId,
    Scope: row.scope,
    HoldingId: row.holdingId,
    FieldId: row.fieldId,
    CroppingId: row.croppingId,
    CropId: row.cropId,
    ParentId: row.parentId,
    Year: row.yearId,
    Date: row.layerDate,
    Name: row.name,
    Unit: row.unit,
    NutrientId: row.nutrientId,
    ProductId: row.productId,
    RateUnitId: row.rateUnitId,
    PlanName: row.planName,
    Calculated: row.calculated,
    Inactive: row.inactive,
    ShowZoneNumbers: row.showZoneNumbers,
    ShowStroke: row.showStroke,
    Ranges: (row.ranges as DataLayer['Ranges']) ?? null,
    Style: (row.style as DataLayer['Style']) ?? null,
    ZoneCount: row.zoneCount,
    HasPointData: row.pointCount > 0,
    PointCount: row.pointCount,
    MinValue: row.minValue,
    MaxValue: row.maxValue,
    CreatedOn: row.createdAt,
    UpdatedOn: row.updatedAt,
  };
}

/** The geometry of an answer row in its format; null for binary1 (the numbers travel apart). */
function presentGeometry(value: unknown, format: GeometryFormat, srid: 4326 | 27700): LayerZone['Geometry'] {
  if (format === 'wkt') return { WellKnownText: value as string, CoordinateSystemId: srid };
  if (format === 'wkb') return { WellKnownBinary: value as string, CoordinateSystemId: srid };
  return null;
}

export function presentZone(row: ZoneRow, format: GeometryFormat, srid: 4326 | 27700): LayerZone {
  return {
    DataLayerZoneId: row.id,
    LayerId: row.layerId,
    Number: row.zoneNumber,
    Value: row.value,
    InitValue: row.initValue,
    Label: row.label,
    DocumentId: row.documentId,
    Area: Math.round(row.areaHa * 10_000) / 10_000,
    FieldId: row.fieldId,
    Buffer: row.buffer,
    UserDefined: row.userDefined,
    RegularShape: (row.regularShape as LayerZone['RegularShape']) ?? null,
    Style: (row.style as LayerZone['Style']) ?? null,
    ProductRate: row.productRate,
    NutrientRate: row.nutrientRate,
    InitProductRate: row.initProductRate,
    Geometry: presentGeometry(row.geometry, format, srid),
  };
}

/** GeoJSON coordinates of a (Multi)Polygon or Point as binary1's numeric geometry. */
export function numericGeometry(coordinates: unknown): number[][][][] {
  if (!Array.isArray(coordinates) || coordinates.length === 0) return [];
  if (typeof coordinates[0] === 'number') return [[[coordinates as number[]]]];
  if (Array.isArray(coordinates[0]) && typeof (coordinates[0] as unknown[])[0] === 'number')
    return [[coordinates as number[][]]];
  const first = (coordinates as unknown[][])[0]![0];
  if (Array.isArray(first) && typeof first[0] === 'number') return [coordinates as number[][][]];
  return coordinates as number[][][][];
}

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

async function requireLayer(db: Db, caller: Caller, id: number, lock = false): Promise<LayerRow> {
  const row = await selectLayer(db, caller.access, id, lock);
  if (!row) throw notFound('layerNotFound');
  return row;
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

// ------------------------------------------------------------------------------------------ geometry in

/** Positions in a WKT text, counted from its commas before anything parses it (an upper bound of one). */
function countedVertices(wkt: string): number {
  let count = 1;
  for (let index = 0; index < wkt.length; index += 1) if (wkt.charCodeAt(index) === 44) count += 1;
  return count;
}

/**
 * A drawn or sent polygon, made valid and measured by PostGIS: invalid rings are repaired (ST_MakeValid) and only
 * the polygons kept; drawn shapes are grid-cleaned. Refused when not polygonal, too large or empty after repair.
 */
async function preparePolygon(
  db: Db,
  field: string,
  geometry: GeometryInput | undefined,
  shape: RegularShape | null | undefined,
  clean: boolean,
): Promise<string> {
  let input = geometry;
  if (!input && shape) input = { WellKnownText: regularShapeWkt(shape), CoordinateSystemId: 4326 };
  if (!input) throw layerProblem('geometryRequired', field, 'Draw the zone or give its shape.');
  if (countedVertices(input.WellKnownText) > maxZoneVertices)
    throw layerProblem('tooManyVertices', field, `A zone may have at most ${maxZoneVertices} points.`, {
      max: maxZoneVertices,
    });
  let prepared;
  try {
    prepared = await prepareGeometry(db, input.WellKnownText, input.CoordinateSystemId, {
      polygon: true,
      clean,
      minRingM2: minZonePartSquareMetres,
      minAngleDegrees: gridCleaningMinAngleDegrees,
    });
  } catch {
    throw layerProblem('badGeometry', field, 'The shape could not be read as well-known text.');
  }
  if (!/POLYGON/.test(prepared.kind))
    throw layerProblem('notPolygon', field, 'A zone must be a polygon.', { kind: prepared.kind });
  if (!prepared.inRange)
    throw layerProblem('outOfRange', field, 'The shape lies outside the coordinate system.');
  if (prepared.empty) throw layerProblem('emptyGeometry', field, 'The shape has no area.');
  return prepared.ewkb;
}

async function prepareLine(db: Db, field: string, geometry: GeometryInput): Promise<string> {
  if (countedVertices(geometry.WellKnownText) > maxZoneVertices)
    throw layerProblem('tooManyVertices', field, `A line may have at most ${maxZoneVertices} points.`, {
      max: maxZoneVertices,
    });
  let prepared;
  try {
    prepared = await prepareGeometry(db, geometry.WellKnownText, geometry.CoordinateSystemId, {
      polygon: false,
      clean: false,
      minRingM2: 0,
      minAngleDegrees: 0,
    });
  } catch {
    throw layerProblem('badGeometry', field, 'The line could not be read as well-known text.');
  }
  if (!/LINESTRING/.test(prepared.kind) || prepared.empty)
    throw layerProblem('notLine', field, 'Split the zone with a line.', { kind: prepared.kind });
  if (!prepared.inRange)
    throw layerProblem('outOfRange', field, 'The line lies outside the coordinate system.');
  return prepared.ewkb;
}

// -------------------------------------------------------------------------------------------- writing

/** A zone's picture must be a document of the caller's holding: refused by name otherwise, never a 500. */
async function checkDocuments(
  db: Db,
  caller: Caller,
  ids: readonly (number | null | undefined)[],
): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const found = await sqlRows<{ id: number }>(
    db,
    sql`SELECT id FROM import_documents WHERE holding_id = ${caller.holdingId}
           AND id = ANY(${`{${wanted.join(',')}}`}::int[])`,
  );
  if (found.length !== wanted.length)
    throw layerProblem('unknownDocument', 'DocumentId', 'This picture is not in the holding’s library.');
}

function checkTypeWrite(caller: Caller, typeId: number): void {
  if (typeId === LayerTypeId.TerraMapVariant && !isAdminOrHigher(caller.role))
    throw forbidden('layerVariantsAdminOnly');
}

async function recordLayerEvent(
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
    const [row] = await sqlRows<{ id: number }>(
      tx,
      sql`INSERT INTO data_layers (holding_id, type_id, subtype_id, scope, field_id, cropping_id, crop_id, year_id,
                                   layer_date, name, unit, nutrient_id, show_zone_numbers, show_stroke, ranges, style)
          VALUES (${caller.holdingId}, ${body.TypeId}, ${body.SubtypeId ?? null}, ${body.Scope}, ${scope.fieldId},
                  ${scope.croppingId}, ${scope.cropId}, ${body.Year}, ${body.Date ?? null}, ${body.Name},
                  ${body.Unit ?? layerTypeOf(body.TypeId)?.Units[0] ?? null}, ${body.NutrientId ?? null},
                  ${body.ShowZoneNumbers ?? false}, ${body.ShowStroke ?? true},
                  ${body.Ranges ? JSON.stringify(body.Ranges) : null}::jsonb,
                  ${body.Style ? JSON.stringify(body.Style) : null}::jsonb)
          RETURNING id`,
    );
    const layerId = row!.id;
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
    const sets = [sql`updated_at = now()`];
    if (body.Name !== undefined) sets.push(sql`name = ${body.Name}`);
    if (body.Unit !== undefined) sets.push(sql`unit = ${body.Unit}`);
    if (body.Date !== undefined) sets.push(sql`layer_date = ${body.Date}`);
    if (body.Inactive !== undefined) sets.push(sql`inactive = ${body.Inactive}`);
    if (body.ShowZoneNumbers !== undefined) sets.push(sql`show_zone_numbers = ${body.ShowZoneNumbers}`);
    if (body.ShowStroke !== undefined) sets.push(sql`show_stroke = ${body.ShowStroke}`);
    if (body.Ranges !== undefined)
      sets.push(sql`ranges = ${body.Ranges ? JSON.stringify(body.Ranges) : null}::jsonb`);
    if (body.Style !== undefined)
      sets.push(sql`style = ${body.Style ? JSON.stringify(body.Style) : null}::jsonb`);
    if (body.PlanName !== undefined) sets.push(sql`plan_name = ${body.PlanName}`);
    await tx.execute(sql`UPDATE data_layers SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    await recordLayerEvent(tx, caller, EventAction.Update, { ...layer, name: body.Name ?? layer.name });
  });
  return presentLayer((await selectLayer(db, caller.access, id))!);
}

export async function deleteLayer(db: Db, caller: Caller, id: number): Promise<number> {
  await db.transaction(async (tx) => {
    const layer = await requireLayer(tx, caller, id, true);
    checkTypeWrite(caller, layer.typeId);
    await recordLayerEvent(tx, caller, EventAction.Delete, layer);
    await tx.execute(sql`DELETE FROM data_layers WHERE id = ${id}`);
  });
  return id;
}

// ------------------------------------------------------------------------------------- zone operations

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

async function zoneCount(tx: Db, layerId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM layer_zones WHERE layer_id = ${layerId}`,
  );
  return row?.n ?? 0;
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
function valueFields(layer: LayerRow, current: ZoneRow | null, body: AddZoneRequest | EditZoneRequest) {
  const sets: ReturnType<typeof sql>[] = [];
  if (body.Number !== undefined) sets.push(sql`zone_number = ${body.Number}`);
  if (body.Label !== undefined) sets.push(sql`label = ${body.Label}`);
  if (body.DocumentId !== undefined) sets.push(sql`document_id = ${body.DocumentId}`);
  if (body.Buffer !== undefined) sets.push(sql`buffer = ${body.Buffer}`);
  if (body.Style !== undefined)
    sets.push(sql`style = ${body.Style ? JSON.stringify(body.Style) : null}::jsonb`);
  const product = layer.productId ? fertiliserProductOf(layer.productId) : undefined;
  if (layer.typeId === LayerTypeId.Application && body.ProductRate !== undefined) {
    const rate = body.ProductRate;
    const flagged = body.UserDefined ?? false;
    sets.push(sql`product_rate = ${rate}, value = ${rate}`);
    sets.push(
      sql`nutrient_rate = ${rate === null || !product ? null : suppliedNutrient(layer, product, rate)}`,
    );
    sets.push(sql`user_defined = ${isUserDefined(flagged, rate, current?.initProductRate ?? null)}`);
  } else if (body.Value !== undefined) {
    sets.push(sql`value = ${body.Value}`);
    if (layer.calculated)
      sets.push(
        sql`user_defined = ${isUserDefined(body.UserDefined ?? false, body.Value, current?.initValue ?? null)}`,
      );
    else if (body.UserDefined !== undefined) sets.push(sql`user_defined = ${body.UserDefined}`);
  } else if (body.UserDefined !== undefined) sets.push(sql`user_defined = ${body.UserDefined}`);
  return sets;
}

function nutrientContent(product: FertiliserProduct, nutrient: RequirementNutrient): number {
  if (nutrient === NutrientType.P2O5) return product.P2O5;
  if (nutrient === NutrientType.K2O) return product.K2O;
  if (nutrient === NutrientType.MgO) return product.MgO;
  return product.NeutralisingValue;
}

function suppliedNutrient(layer: LayerRow, product: FertiliserProduct, rateInLayerUnit: number): number {
  const nutrient = layer.nutrientId as RequirementNutrient;
  const productUnitRate = toProductUnit(
    rateInLayerUnit,
    layer.rateUnitId ?? product.RateUnitId,
    product.RateUnitId,
  );
  return nutrientRateFor(nutrient, productUnitRate, nutrientContent(product, nutrient));
}

/** A rate moved between kg/ha and t/ha. */
function toProductUnit(rate: number, from: number, to: number): number {
  if (from === to) return rate;
  if (from === RateUnitId.THa && to === RateUnitId.KgHa) return rate * 1000;
  if (from === RateUnitId.KgHa && to === RateUnitId.THa) return rate / 1000;
  return rate;
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
    const sets = valueFields(layer, current, body);
    if (body.RegularShape !== undefined)
      sets.push(sql`regular_shape = ${body.RegularShape ? JSON.stringify(body.RegularShape) : null}::jsonb`);
    if (sets.length)
      await tx.execute(sql`UPDATE layer_zones SET ${sql.join(sets, sql`, `)} WHERE id = ${zoneId}`);
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
    const existing = new Set(
      (await sqlRows<{ id: number }>(tx, sql`SELECT id FROM layer_zones WHERE layer_id = ${layerId}`)).map(
        (row) => row.id,
      ),
    );
    const gone = [...existing].filter((id) => !seen.has(id));
    await deleteZones(tx, gone);
    changes.removed.push(...gone);
    const product = layer.productId ? fertiliserProductOf(layer.productId) : undefined;
    for (const [index, zone] of body.Zones.entries()) {
      const ewkb = prepared[index]!;
      const id = zone.DataLayerZoneId;
      if (id !== null && existing.has(id)) {
        const current = await zoneRow(tx, layerId, id);
        const sets = valueFields(layer, current, {
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
        sets.push(
          sql`regular_shape = ${zone.RegularShape ? JSON.stringify(zone.RegularShape) : null}::jsonb`,
        );
        await tx.execute(sql`UPDATE layer_zones SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
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
    const only = zoneId === null ? sql`` : sql`AND id = ${zoneId}`;
    const product = layer.productId ? fertiliserProductOf(layer.productId) : undefined;
    if (layer.typeId === LayerTypeId.Application) {
      const rows = await sqlRows<{ id: number; init_product_rate: number | null }>(
        tx,
        sql`SELECT id, init_product_rate FROM layer_zones WHERE layer_id = ${layerId} ${only}`,
      );
      for (const row of rows) {
        const rate = row.init_product_rate;
        await tx.execute(sql`UPDATE layer_zones SET product_rate = ${rate}, value = ${rate},
          nutrient_rate = ${rate === null || !product ? null : suppliedNutrient(layer, product, Number(rate))},
          user_defined = false WHERE id = ${row.id}`);
        changes.changed.add(row.id);
      }
      return;
    }
    const rows = await sqlRows<{ id: number }>(
      tx,
      sql`UPDATE layer_zones SET value = init_value, user_defined = false WHERE layer_id = ${layerId} ${only} RETURNING id`,
    );
    for (const row of rows) changes.changed.add(row.id);
  });
}

// ---------------------------------------------------------------------- requirement and application

const soilTypeOfNutrient: Record<RequirementNutrient, number> = {
  [NutrientType.P2O5]: LayerTypeId.SoilPhosphorus,
  [NutrientType.K2O]: LayerTypeId.SoilPotassium,
  [NutrientType.MgO]: LayerTypeId.SoilMagnesium,
  [NutrientType.Lime]: LayerTypeId.SoilPh,
};

/**
 * A nutrient requirement layer for a cropping, from a soil analysis layer of its field: each soil zone becomes a
 * requirement zone (RB209 tables of domain/src/layers/recommendations.ts); a soil layer of sample points only
 * gets zones first, one per point (Voronoi cells cut to the field's boundary).
 */
export async function createRequirement(
  db: Db,
  caller: Caller,
  body: RequirementRequest,
): Promise<DataLayer> {
  const soil = await requireLayer(db, caller, body.SoilLayerId);
  const nutrient = body.NutrientId as RequirementNutrient;
  if (soil.typeId !== soilTypeOfNutrient[nutrient])
    throw layerProblem(
      'soilLayerDoesNotFit',
      'SoilLayerId',
      'This soil layer does not measure that nutrient.',
      {
        nutrient: nutrientNames[nutrient],
      },
    );
  const cropping = await visibleCropping(db, caller.access, body.CroppingId);
  if (!cropping) throw notFound('croppingNotShared');
  if (soil.fieldId !== null && soil.fieldId !== cropping.fieldId)
    throw layerProblem('otherField', 'CroppingId', 'The cropping must be on the soil layer’s field.');
  const unit = nutrient === NutrientType.Lime ? 't/ha' : 'kg/ha';
  const name =
    body.Name ??
    defaultLayerName({
      TypeId: LayerTypeId.NutrientRequirement,
      NutrientId: nutrient,
      CropId: cropping.cropId,
      Year: cropping.yearId,
    });
  const id = await db.transaction(async (tx) => {
    const [row] = await sqlRows<{ id: number }>(
      tx,
      sql`INSERT INTO data_layers (holding_id, type_id, scope, field_id, cropping_id, crop_id, parent_id, year_id,
                                   name, unit, nutrient_id, calculated, style)
          VALUES (${caller.holdingId}, ${LayerTypeId.NutrientRequirement}, ${MapScope.Cropping}, ${cropping.fieldId},
                  ${body.CroppingId}, ${cropping.cropId}, ${soil.id}, ${cropping.yearId}, ${name}, ${unit}, ${nutrient},
                  true, ${JSON.stringify({ Gradient: nutrientNames[nutrient], Colour: null, Opacity: null })}::jsonb)
          RETURNING id`,
    );
    const layerId = row!.id;
    const sources = await soilZonesOrCells(tx, soil.id, cropping.fieldId);
    for (const source of sources) {
      const requirement =
        source.value === null
          ? null
          : zoneRequirement(nutrient, source.value, soil.unit ?? '', cropping.cropId);
      await insertZone(
        tx,
        layerId,
        {
          zoneNumber: source.zoneNumber,
          value: requirement,
          initValue: requirement,
          label: source.label,
          fieldId: cropping.fieldId,
        },
        ewkbSql(source.ewkb),
      );
    }
    await refreshLayerStats(tx, layerId);
    await recordLayerEvent(tx, caller, EventAction.Calculate, {
      id: layerId,
      name,
      croppingId: body.CroppingId,
      fieldId: cropping.fieldId,
      yearId: cropping.yearId,
    });
    return layerId;
  });
  return presentLayer((await selectLayer(db, caller.access, id))!);
}

async function soilZonesOrCells(
  tx: Db,
  soilLayerId: number,
  fieldId: number,
): Promise<{ value: number | null; zoneNumber: number | null; label: string | null; ewkb: string }[]> {
  const zones = await sqlRows<{
    value: number | null;
    zone_number: number | null;
    label: string | null;
    ewkb: string;
  }>(
    tx,
    sql`SELECT value, zone_number, label, encode(ST_AsEWKB(geom), 'hex') AS ewkb
          FROM layer_zones WHERE layer_id = ${soilLayerId} ORDER BY zone_number NULLS LAST, id`,
  );
  if (zones.length > 0)
    return zones.map((zone) => ({
      value: zone.value,
      zoneNumber: zone.zone_number,
      label: zone.label,
      ewkb: zone.ewkb,
    }));
  const cells = await voronoiCells(tx, soilLayerId, fieldId);
  return cells.map((cell, index) => ({
    value: cell.value,
    zoneNumber: index + 1,
    label: null,
    ewkb: cell.ewkb,
  }));
}

/**
 * An application layer from a requirement layer and a fertiliser product: each zone's product rate supplies its
 * requirement (kg/ha or t/ha, §9 rate units), kept as the initial product rate that Reset returns to.
 */
export async function createApplication(
  db: Db,
  caller: Caller,
  body: ApplicationRequest,
): Promise<DataLayer> {
  const requirement = await requireLayer(db, caller, body.RequirementLayerId);
  if (requirement.typeId !== LayerTypeId.NutrientRequirement || requirement.nutrientId === null)
    throw layerProblem('notRequirementLayer', 'RequirementLayerId', 'Choose a nutrient requirement layer.');
  const product = fertiliserProductOf(body.ProductId);
  if (!product)
    throw layerProblem('unknownProduct', 'ProductId', 'Choose a fertiliser product from the list.');
  const nutrient = requirement.nutrientId as RequirementNutrient;
  const content = nutrientContent(product, nutrient);
  if (!(content > 0))
    throw layerProblem('productLacksNutrient', 'ProductId', 'This product does not supply that nutrient.', {
      nutrient: nutrientNames[nutrient],
    });
  const rateUnitId = body.RateUnitId ?? product.RateUnitId;
  if (rateUnitId !== RateUnitId.KgHa && rateUnitId !== RateUnitId.THa)
    throw layerProblem(
      'rateUnitNotForProduct',
      'RateUnitId',
      'Give the rate of a fertiliser in kg/ha or t/ha.',
    );
  const unitName = rateUnitOf(rateUnitId)!.Name;
  const name =
    body.Name ??
    defaultLayerName({
      TypeId: LayerTypeId.Application,
      ProductId: product.Id,
      CropId: requirement.cropId,
      Year: requirement.yearId,
    });
  const id = await db.transaction(async (tx) => {
    const [row] = await sqlRows<{ id: number }>(
      tx,
      sql`INSERT INTO data_layers (holding_id, type_id, scope, field_id, cropping_id, crop_id, parent_id, year_id,
                                   name, unit, nutrient_id, product_id, rate_unit_id, plan_name, calculated, style)
          VALUES (${caller.holdingId}, ${LayerTypeId.Application}, ${requirement.scope}, ${requirement.fieldId},
                  ${requirement.croppingId}, ${requirement.cropId}, ${requirement.id}, ${requirement.yearId}, ${name},
                  ${unitName}, ${nutrient}, ${product.Id}, ${rateUnitId}, ${body.PlanName}, true,
                  ${JSON.stringify({ Gradient: 'default', Colour: null, Opacity: null })}::jsonb)
          RETURNING id`,
    );
    const layerId = row!.id;
    const zones = await sqlRows<{
      value: number | null;
      zone_number: number | null;
      label: string | null;
      field_id: number | null;
      ewkb: string;
    }>(
      tx,
      sql`SELECT value, zone_number, label, field_id, encode(ST_AsEWKB(geom), 'hex') AS ewkb
            FROM layer_zones WHERE layer_id = ${requirement.id} ORDER BY zone_number NULLS LAST, id`,
    );
    for (const zone of zones) {
      const inProductUnit = zone.value === null ? null : productRateFor(nutrient, zone.value, content);
      const rate =
        inProductUnit === null ? null : toProductUnit(inProductUnit, product.RateUnitId, rateUnitId);
      await insertZone(
        tx,
        layerId,
        {
          zoneNumber: zone.zone_number,
          value: rate,
          initValue: rate,
          label: zone.label,
          fieldId: zone.field_id,
          productRate: rate,
          initProductRate: rate,
          nutrientRate: inProductUnit === null ? null : nutrientRateFor(nutrient, inProductUnit, content),
        },
        ewkbSql(zone.ewkb),
      );
    }
    await refreshLayerStats(tx, layerId);
    await recordLayerEvent(tx, caller, EventAction.Calculate, {
      id: layerId,
      name,
      croppingId: requirement.croppingId,
      fieldId: requirement.fieldId,
      yearId: requirement.yearId,
    });
    return layerId;
  });
  return presentLayer((await selectLayer(db, caller.access, id))!);
}

/** Product totals of a crop year's application layers visible to the caller: per field (layer) and per plan. */
export async function productTotals(
  db: Db,
  caller: Caller,
  holdingId: number,
  yearId: number,
): Promise<TotalsResponse> {
  checkHolding(caller, holdingId);
  const layers = (await selectLayers(db, caller.access, yearId)).filter(
    (layer) => layer.typeId === LayerTypeId.Application,
  );
  if (layers.length === 0) return { Fields: [], Plans: [] };
  const sums = await sqlRows<{ layer_id: number; area: number; amount: number }>(
    db,
    sql`SELECT layer_id, coalesce(sum(area_ha) FILTER (WHERE product_rate IS NOT NULL), 0)::float8 AS area,
               coalesce(sum(product_rate * area_ha), 0)::float8 AS amount
          FROM layer_zones WHERE layer_id = ANY(${`{${layers.map((layer) => layer.id).join(',')}}`}::int[])
         GROUP BY layer_id`,
  );
  const byLayer = new Map(sums.map((row) => [row.layer_id, row]));
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  const fields = layers.map((layer) => {
    const sum = byLayer.get(layer.id);
    const rateUnit = layer.rateUnitId ?? RateUnitId.KgHa;
    return {
      LayerId: layer.id,
      FieldId: layer.fieldId,
      PlanName: layer.planName,
      ProductId: layer.productId,
      RateUnitId: layer.rateUnitId,
      TotalUnit: rateUnitOf(rateUnit)?.TotalUnit ?? 'kg',
      Area: round(Number(sum?.area ?? 0), 2),
      Total: round(totalForRate(Number(sum?.amount ?? 0), 1, rateUnit), 2),
    };
  });
  const plans = new Map<string, TotalsResponse['Plans'][number]>();
  for (const field of fields) {
    const key = JSON.stringify([field.PlanName, field.ProductId, field.TotalUnit]);
    const plan = plans.get(key) ?? {
      PlanName: field.PlanName,
      ProductId: field.ProductId,
      TotalUnit: field.TotalUnit,
      Area: 0,
      Total: 0,
    };
    plan.Area = round(plan.Area + field.Area, 2);
    plan.Total = round(plan.Total + field.Total, 2);
    plans.set(key, plan);
  }
  return { Fields: fields, Plans: [...plans.values()] };
}
