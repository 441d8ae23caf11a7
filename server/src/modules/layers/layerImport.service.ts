import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ImportKind,
  type ImportCommitRequest,
  type ImportPreviewResponse,
  type ImportTarget,
  type ImportTask,
} from '@headland/domain/api/layersApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { cleanYieldPoints, guessImportTarget, type YieldPoint } from '@headland/domain/layers/layerImport';
import { LayerTypeId, MapScope, YieldSubtype } from '@headland/domain/layers/layerTypes';
import { parseSoilIndex } from '@headland/domain/layers/recommendations';
import { PhosphateMethod, SoilUnit } from '@headland/domain/layers/soil';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { notFound } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { sqlRows } from '../../db/sqlRows.ts';
import {
  LayerImportFileError,
  readLayerImportFile,
  type ImportCell,
  type ImportTable,
} from './layerImportFile.ts';
import { fieldOfHolding, fieldYearHidden, refreshLayerStats, voronoiCells } from './layers.queries.ts';
import { layerProblem } from './layers.service.ts';

/** Rows shown in a preview. */
const previewRows = 10;
/** Uploads waiting for their commit are kept this long. */
const uploadHours = 24;

export type ImportSubject = 'soil' | 'yield';

/** Reads the file, keeps it for the commit, and answers its columns, first rows and guessed mapping. */
export async function previewImport(
  db: Db,
  caller: Caller,
  subject: ImportSubject,
  fileName: string,
  bytes: Uint8Array,
): Promise<ImportPreviewResponse> {
  const table = readTable(bytes);
  const id = randomBytes(16).toString('hex');
  const kind =
    subject === 'soil'
      ? table.format === 'csv'
        ? ImportKind.SoilCsv
        : ImportKind.SoilShapefile
      : table.format === 'csv'
        ? ImportKind.YieldCsv
        : ImportKind.YieldShapefile;
  await db.execute(
    sql`DELETE FROM layer_import_uploads WHERE created_at < now() - make_interval(hours => ${uploadHours})`,
  );
  await db.execute(sql`
    INSERT INTO layer_import_uploads (id, holding_id, user_id, kind, file_name, content)
    VALUES (${id}, ${caller.holdingId}, ${caller.actor.userId}, ${kind}, ${fileName.slice(0, 255)},
            decode(${Buffer.from(bytes).toString('base64')}, 'base64'))`);
  const polygons = table.geometries?.some((geometry) => geometry?.type.includes('Polygon')) ?? false;
  return {
    ImportId: id,
    Kind: kind,
    Columns: table.columns,
    Rows: table.rows.slice(0, previewRows),
    RowCount: table.rows.length,
    GeometryType: polygons ? 'Polygon' : 'Point',
    Mapping: Object.fromEntries(table.columns.map((column) => [column, guessImportTarget(column)])),
  };
}

function readTable(bytes: Uint8Array): ImportTable {
  try {
    return readLayerImportFile(bytes);
  } catch (error) {
    if (error instanceof LayerImportFileError)
      throw layerProblem(error.code, 'file', error.message, error.params);
    throw error;
  }
}

/** Imports running in this process: their progress between the writes to their task row. */
const running = new Map<number, number>();

export async function commitImport(
  db: Db,
  caller: Caller,
  importId: string,
  body: ImportCommitRequest,
): Promise<ImportTask> {
  const [upload] = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM layer_import_uploads
         WHERE id = ${importId} AND holding_id = ${caller.holdingId} AND user_id = ${caller.actor.userId}`,
  );
  if (!upload) throw notFound('layerImportExpired');
  const targets = Object.values(body.Mapping);
  if (body.FieldId && !(await fieldOfHolding(db, caller.holdingId, body.FieldId)))
    throw notFound('fieldDoesNotExist');
  const hasPosition =
    (targets.includes('longitude') && targets.includes('latitude')) ||
    (targets.includes('easting') && targets.includes('northing'));
  const [row] = await sqlRows<{ id: number; kind: string }>(
    db,
    sql`INSERT INTO layer_import_tasks (holding_id, user_id, upload_id, request)
        SELECT ${caller.holdingId}, ${caller.actor.userId}, id, ${JSON.stringify(body)}::jsonb
          FROM layer_import_uploads WHERE id = ${importId}
        RETURNING id, (SELECT kind FROM layer_import_uploads WHERE id = ${importId}) AS kind`,
  );
  const csv = row!.kind === ImportKind.SoilCsv || row!.kind === ImportKind.YieldCsv;
  if (csv && !hasPosition) {
    await db.execute(sql`DELETE FROM layer_import_tasks WHERE id = ${row!.id}`);
    throw layerProblem(
      'positionColumnsRequired',
      'Mapping',
      'Choose the columns of the longitude and latitude, or the easting and northing.',
    );
  }
  const taskId = row!.id;
  running.set(taskId, 0);
  setImmediate(() => {
    void runImport(db, caller, taskId).finally(() => running.delete(taskId));
  });
  return readTask(db, caller, taskId);
}

export async function readTask(db: Db, caller: Caller, taskId: number): Promise<ImportTask> {
  const [row] = await sqlRows<{
    id: number;
    status: ImportTask['Status'];
    progress: number;
    layer_ids: number[];
    error: ImportTask['Error'];
  }>(
    db,
    sql`SELECT id, status, progress, layer_ids, error FROM layer_import_tasks
         WHERE id = ${taskId} AND holding_id = ${caller.holdingId} AND user_id = ${caller.actor.userId}`,
  );
  if (!row) throw notFound('layerImportNotFound');
  return {
    TaskId: row.id,
    Status: row.status,
    Progress: Math.max(row.progress, running.get(row.id) ?? 0),
    LayerIds: (row.layer_ids ?? []).map(Number),
    Error: row.error ?? null,
  };
}

async function setProgress(
  db: Db,
  taskId: number,
  progress: number,
  status: ImportTask['Status'] = 'running',
) {
  running.set(taskId, progress);
  await db.execute(
    sql`UPDATE layer_import_tasks SET progress = ${progress}, status = ${status}, updated_at = now() WHERE id = ${taskId}`,
  );
}

/** One feature of the file: its position or shape (in `srid`) and its values by target. */
interface Feature {
  x: number | null;
  y: number | null;
  /** A polygon feature's GeoJSON geometry. */
  polygon: string | null;
  values: Partial<Record<ImportTarget, ImportCell>>;
}

function numberOf(cell: ImportCell | undefined): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return cell;
  const value = Number(cell.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

function featuresOf(
  table: ImportTable,
  mapping: Record<string, ImportTarget>,
): { features: Feature[]; srid: number } {
  const byTarget = new Map<ImportTarget, string>();
  for (const [column, target] of Object.entries(mapping))
    if (target !== 'ignore') byTarget.set(target, column);
  const srid = table.geometries ? table.srid : byTarget.has('easting') ? 27700 : 4326;
  const features: Feature[] = table.rows.map((row, index) => {
    const values: Feature['values'] = {};
    for (const [target, column] of byTarget) values[target] = row[column] ?? null;
    const geometry = table.geometries?.[index] ?? null;
    if (geometry) {
      if (geometry.type === 'Point') {
        const [x, y] = geometry.coordinates as number[];
        return { x: x ?? null, y: y ?? null, polygon: null, values };
      }
      if (geometry.type.includes('Polygon'))
        return { x: null, y: null, polygon: JSON.stringify(geometry), values };
      return { x: null, y: null, polygon: null, values };
    }
    const x = numberOf(values.longitude ?? values.easting);
    const y = numberOf(values.latitude ?? values.northing);
    return { x, y, polygon: null, values };
  });
  return {
    features: features.filter(
      (feature) => feature.polygon !== null || (feature.x !== null && feature.y !== null),
    ),
    srid,
  };
}

/** The field each feature lies in (by its point, or a polygon's point on surface), or the one field chosen. */
async function assignFields(
  db: Db,
  holdingId: number,
  features: Feature[],
  srid: number,
  fieldId: number | null,
): Promise<(number | null)[]> {
  if (fieldId) return features.map(() => fieldId);
  if (features.every((feature) => feature.polygon === null))
    return assignPointFields(db, holdingId, features, srid);
  const payload = JSON.stringify(features.map((feature) => [feature.x, feature.y, feature.polygon]));
  const rows = await sqlRows<{ i: number; field_id: number }>(
    db,
    sql`WITH f AS (
          SELECT (e.i - 1)::int AS i,
                 ST_PointOnSurface(ST_Transform(ST_SetSRID(
                   CASE WHEN e.v->>2 IS NOT NULL THEN ST_GeomFromGeoJSON(e.v->>2)
                        ELSE ST_MakePoint((e.v->>0)::float8, (e.v->>1)::float8) END, ${srid}::int), 4326)) AS pt
            FROM json_array_elements(${payload}::json) WITH ORDINALITY AS e(v, i))
        SELECT f.i, fl.id AS field_id FROM f
          JOIN LATERAL (SELECT id FROM fields WHERE holding_id = ${holdingId} AND boundary && f.pt
                           AND ST_Covers(boundary, f.pt) ORDER BY id LIMIT 1) fl ON true`,
  );
  const fields: (number | null)[] = features.map(() => null);
  for (const row of rows) fields[row.i] = row.field_id;
  return fields;
}

/**
 * The field of each point: the fields near the points are moved into the points' system once, and each point
 * is tested against them (PostGIS keeps a prepared copy of a field tested against many points in a row).
 */
async function assignPointFields(
  db: Db,
  holdingId: number,
  features: Feature[],
  srid: number,
): Promise<(number | null)[]> {
  const xs = features.map((feature) => feature.x!);
  const ys = features.map((feature) => feature.y!);
  // A loop, not Math.min(...xs): spreading 200,000 arguments overflows the stack.
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (let index = 0; index < xs.length; index += 1) {
    box[0] = Math.min(box[0]!, xs[index]!);
    box[1] = Math.min(box[1]!, ys[index]!);
    box[2] = Math.max(box[2]!, xs[index]!);
    box[3] = Math.max(box[3]!, ys[index]!);
  }
  const list = (values: number[]) => `{${values.join(',')}}`;
  const rows = await sqlRows<{ i: number; field_id: number }>(
    db,
    sql`WITH near AS MATERIALIZED (
          SELECT id, ST_Transform(boundary, ${srid}::int) AS b FROM fields
           WHERE holding_id = ${holdingId} AND boundary IS NOT NULL
             AND boundary && ST_Transform(ST_MakeEnvelope(${box[0]}::float8, ${box[1]}::float8, ${box[2]}::float8, ${box[3]}::float8, ${srid}::int), 4326)),
             pts AS MATERIALIZED (
          SELECT (p.i - 1)::int AS i, ST_SetSRID(ST_MakePoint(p.x, p.y), ${srid}::int) AS pt
            FROM unnest(${list(xs)}::float8[], ${list(ys)}::float8[]) WITH ORDINALITY AS p(x, y, i))
        SELECT DISTINCT ON (pts.i) pts.i, near.id AS field_id
          FROM near JOIN pts ON near.b && pts.pt AND ST_Covers(near.b, pts.pt)
         ORDER BY pts.i, near.id`,
  );
  const fields: (number | null)[] = features.map(() => null);
  for (const row of rows) fields[row.i] = row.field_id;
  return fields;
}

/** The layers a soil import makes: its type, unit and how a cell becomes a value. */
function soilElements(body: ImportCommitRequest) {
  const morgan = body.PhosphateMethod === PhosphateMethod.Morgan;
  const unit = morgan ? SoilUnit.Morgan : (body.SoilUnit ?? SoilUnit.Ppm);
  const index = (cell: ImportCell | undefined) =>
    cell === null || cell === undefined ? null : typeof cell === 'number' ? cell : parseSoilIndex(cell);
  return [
    { target: 'P', typeId: LayerTypeId.SoilPhosphorus, unit, label: 'P', read: numberOf },
    { target: 'K', typeId: LayerTypeId.SoilPotassium, unit, label: 'K', read: numberOf },
    { target: 'Mg', typeId: LayerTypeId.SoilMagnesium, unit, label: 'Mg', read: numberOf },
    { target: 'pH', typeId: LayerTypeId.SoilPh, unit: 'pH', label: 'pH', read: numberOf },
    {
      target: 'OrganicMatter',
      typeId: LayerTypeId.OrganicMatter,
      unit: '%',
      label: 'Organic matter',
      read: numberOf,
    },
    { target: 'PIndex', typeId: LayerTypeId.SoilPhosphorus, unit: SoilUnit.Index, label: 'P', read: index },
    { target: 'KIndex', typeId: LayerTypeId.SoilPotassium, unit: SoilUnit.Index, label: 'K', read: index },
    { target: 'MgIndex', typeId: LayerTypeId.SoilMagnesium, unit: SoilUnit.Index, label: 'Mg', read: index },
  ] as const;
}

const unitNames: Record<string, string> = {
  Ppm: 'mg/l',
  Index: 'Index',
  Morgan: 'Morgan',
  KgHa: 'kg/ha',
  Mg100g: 'mg/100g',
};

async function insertLayer(
  tx: Db,
  caller: Caller,
  values: {
    typeId: number;
    subtypeId?: number;
    fieldId: number;
    year: number;
    date: string | null;
    name: string;
    unit: string;
  },
): Promise<number> {
  const [row] = await sqlRows<{ id: number }>(
    tx,
    sql`INSERT INTO data_layers (holding_id, type_id, subtype_id, scope, field_id, year_id, layer_date, name, unit)
        VALUES (${caller.holdingId}, ${values.typeId}, ${values.subtypeId ?? null}, ${MapScope.Field}, ${values.fieldId},
                ${values.year}, ${values.date}, ${values.name}, ${values.unit})
        RETURNING id`,
  );
  return row!.id;
}

/** Writes point values of a layer in one statement: [x, y, value] in `srid`. */
async function insertPoints(tx: Db, layerId: number, points: [number, number, number][], srid: number) {
  for (let start = 0; start < points.length; start += 20_000) {
    const chunk = JSON.stringify(points.slice(start, start + 20_000));
    await tx.execute(sql`
      INSERT INTO layer_points (layer_id, value, geom)
      SELECT ${layerId}, (e->>2)::float8,
             ST_Transform(ST_SetSRID(ST_MakePoint((e->>0)::float8, (e->>1)::float8), ${srid}::int), 4326)
        FROM json_array_elements(${chunk}::json) e`);
  }
}

/** Writes polygon zones of a layer: [GeoJSON, value] in `srid`, made valid. */
async function insertPolygonZones(
  tx: Db,
  layerId: number,
  fieldId: number,
  zones: [string, number][],
  srid: number,
) {
  const payload = JSON.stringify(zones);
  await tx.execute(sql`
    WITH z AS (
      SELECT (e.v->>1)::float8 AS value, e.i::int AS n,
             ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(e.v->>0), ${srid}::int), 4326)), 3)) AS g
        FROM json_array_elements(${payload}::json) WITH ORDINALITY AS e(v, i))
    INSERT INTO layer_zones (layer_id, zone_number, value, init_value, field_id, geom, area_ha)
    SELECT ${layerId}, n, value, value, ${fieldId}, g, ST_Area(g::geography) / 10000 FROM z WHERE NOT ST_IsEmpty(g)`);
}

/** Zones of a layer from its own points: Voronoi cells cut to the field. */
async function insertCellZones(tx: Db, layerId: number, fieldId: number) {
  const cells = await voronoiCells(tx, layerId, fieldId);
  const payload = JSON.stringify(cells.map((cell) => [cell.ewkb, cell.value]));
  await tx.execute(sql`
    WITH z AS (SELECT (e.v->>1)::float8 AS value, e.i::int AS n, ST_GeomFromEWKB(decode(e.v->>0, 'hex')) AS g
                 FROM json_array_elements(${payload}::json) WITH ORDINALITY AS e(v, i))
    INSERT INTO layer_zones (layer_id, zone_number, value, init_value, field_id, geom, area_ha)
    SELECT ${layerId}, n, value, value, ${fieldId}, g, ST_Area(g::geography) / 10000 FROM z`);
}

/** A grid cell of yield points: its corners in the points' coordinate system and the mean yield in it. */
type GridCell = [x0: number, y0: number, x1: number, y1: number, value: number];

/**
 * Points (x, y, value) averaged into square cells of about `cellMetres` (in degrees for 4326, scaled by the
 * points' latitude; in metres otherwise).
 */
export function gridCells(
  points: readonly [number, number, number][],
  srid: number,
  cellMetres: number,
): GridCell[] {
  if (points.length === 0) return [];
  let cellX = cellMetres;
  let cellY = cellMetres;
  if (srid === 4326) {
    const meanLat = points.reduce((sum, point) => sum + point[1], 0) / points.length;
    cellY = cellMetres / 110_574;
    cellX = cellMetres / (111_320 * Math.cos((meanLat * Math.PI) / 180));
  }
  const sums = new Map<string, [number, number, number, number]>();
  for (const [x, y, value] of points) {
    const i = Math.floor(x / cellX);
    const j = Math.floor(y / cellY);
    const key = `${i}:${j}`;
    const sum = sums.get(key);
    if (sum) {
      sum[2] += value;
      sum[3] += 1;
    } else sums.set(key, [i, j, value, 1]);
  }
  return [...sums.values()].map(([i, j, total, count]) => [
    i * cellX,
    j * cellY,
    (i + 1) * cellX,
    (j + 1) * cellY,
    Math.round((total / count) * 100) / 100,
  ]);
}

/**
 * A yield layer's zones from its points: a grid of `cellMetres` squares (mean yield of the points in each, cut
 * to the field), or, for `zones`, the grid's cells joined into five equal classes of yield.
 */
async function insertYieldZones(
  tx: Db,
  layerId: number,
  fieldId: number,
  points: readonly [number, number, number][],
  srid: number,
  cellMetres: number,
  output: 'grid' | 'zones',
) {
  const cells = JSON.stringify(gridCells(points, srid, cellMetres));
  const grid = sql`
    WITH boxes AS (SELECT (e->>4)::float8 AS v,
                          ST_Transform(ST_MakeEnvelope((e->>0)::float8, (e->>1)::float8, (e->>2)::float8, (e->>3)::float8, ${srid}::int), 4326) AS g
                     FROM json_array_elements(${cells}::json) e),
         b AS (SELECT boundary FROM fields WHERE id = ${fieldId}),
         cut AS (SELECT boxes.v, ST_Multi(CASE WHEN b.boundary IS NULL OR ST_Covers(b.boundary, boxes.g) THEN boxes.g
                          ELSE ST_CollectionExtract(ST_Intersection(boxes.g, b.boundary), 3) END) AS g
                   FROM boxes LEFT JOIN b ON true)`;
  if (output === 'grid') {
    await tx.execute(sql`${grid}
      INSERT INTO layer_zones (layer_id, value, init_value, field_id, geom, area_ha)
      SELECT ${layerId}, v, v, ${fieldId}, g, ST_Area(g::geography) / 10000
        FROM cut WHERE NOT ST_IsEmpty(g)`);
    return;
  }
  await tx.execute(sql`${grid},
      r AS (SELECT min(v) AS lo, max(v) AS hi FROM cut),
      classed AS (SELECT least(4, floor(5 * (v - r.lo) / nullif(r.hi - r.lo, 0)))::int AS k, v, g FROM cut, r WHERE NOT ST_IsEmpty(g)),
      joined AS (SELECT coalesce(k, 0) AS k, avg(v) AS v, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(g)), 3)) AS g
                   FROM classed GROUP BY coalesce(k, 0))
    INSERT INTO layer_zones (layer_id, zone_number, value, init_value, field_id, geom, area_ha)
    SELECT ${layerId}, k + 1, round(v::numeric, 2)::float8, round(v::numeric, 2)::float8, ${fieldId}, g, ST_Area(g::geography) / 10000
      FROM joined`);
}

async function loadUpload(
  db: Db,
  taskId: number,
): Promise<{ kind: string; bytes: Uint8Array; request: ImportCommitRequest }> {
  const [row] = await sqlRows<{ kind: string; content: string; request: ImportCommitRequest }>(
    db,
    sql`SELECT u.kind, encode(u.content, 'base64') AS content, t.request FROM layer_import_tasks t
          JOIN layer_import_uploads u ON u.id = t.upload_id WHERE t.id = ${taskId}`,
  );
  if (!row)
    throw new LayerImportFileError(
      'uploadGone',
      'The file of this import is no longer kept. Choose it again.',
    );
  return { kind: row.kind, bytes: new Uint8Array(Buffer.from(row.content, 'base64')), request: row.request };
}

/**
 * Runs an import: reads the kept file, places each row in its field, and writes every layer in one
 * transaction (nothing is kept of a failed import). Progress: 10 read, 30 placed, up to 95 written, 100 done.
 */
export async function runImport(db: Db, caller: Caller, taskId: number): Promise<void> {
  try {
    await setProgress(db, taskId, 5);
    const { kind, bytes, request } = await loadUpload(db, taskId);
    const table = readLayerImportFile(bytes);
    const { features, srid } = featuresOf(table, request.Mapping);
    await setProgress(db, taskId, 10);
    const yieldImport = kind === ImportKind.YieldCsv || kind === ImportKind.YieldShapefile;
    let kept = features;
    if (yieldImport) {
      const points: YieldPoint[] = features.map((feature) => ({
        x: feature.x ?? 0,
        y: feature.y ?? 0,
        yield: numberOf(feature.values.yield),
        flow: 'flow' in feature.values ? numberOf(feature.values.flow) : undefined,
        heading: numberOf(feature.values.heading),
      }));
      kept = cleanYieldPoints(points, { degrees: srid === 4326 }).map((index) => features[index]!);
    }
    const fields = await assignFields(db, caller.holdingId, kept, srid, request.FieldId ?? null);
    const byField = new Map<number, Feature[]>();
    kept.forEach((feature, index) => {
      const fieldId = fields[index];
      if (fieldId === null || fieldId === undefined) return;
      const list = byField.get(fieldId);
      if (list) list.push(feature);
      else byField.set(fieldId, [feature]);
    });
    for (const fieldId of [...byField.keys()])
      if (await fieldYearHidden(db, caller.access, fieldId, request.Year)) byField.delete(fieldId);
    if (byField.size === 0)
      throw new LayerImportFileError(
        'noPointsInFields',
        'No row of the file lies inside one of your fields.',
      );
    await setProgress(db, taskId, 30);
    const date = request.Date ?? null;
    const year = request.Year;
    let done = 0;
    const layerIds = await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const [fieldId, rows] of byField) {
        if (yieldImport) {
          const id = await insertLayer(tx, caller, {
            typeId: LayerTypeId.Yield,
            subtypeId: YieldSubtype.ActualYield,
            fieldId,
            year,
            date,
            name: request.Name ?? `Yield ${date ?? year}`,
            unit: 't/ha',
          });
          const values = rows.map((row): [number, number, number] => [
            row.x!,
            row.y!,
            numberOf(row.values.yield)!,
          ]);
          await insertPoints(tx, id, values, srid);
          await insertYieldZones(
            tx,
            id,
            fieldId,
            values,
            srid,
            request.GridSizeMetres ?? 10,
            request.YieldOutput ?? 'grid',
          );
          await refreshLayerStats(tx, id);
          ids.push(id);
        } else {
          for (const element of soilElements(request)) {
            if (!Object.values(request.Mapping).includes(element.target)) continue;
            const valued = rows
              .map((row) => ({ row, value: element.read(row.values[element.target]) }))
              .filter((item): item is { row: Feature; value: number } => item.value !== null);
            if (valued.length === 0) continue;
            const unitLabel = element.unit === 'pH' ? '' : ` ${unitNames[element.unit] ?? element.unit}`;
            const id = await insertLayer(tx, caller, {
              typeId: element.typeId,
              fieldId,
              year,
              date,
              name: request.Name ?? `${element.label}${unitLabel} ${year}`,
              unit: element.unit,
            });
            const polygons = valued.filter((item) => item.row.polygon !== null);
            if (polygons.length > 0)
              await insertPolygonZones(
                tx,
                id,
                fieldId,
                polygons.map((item) => [item.row.polygon!, item.value]),
                srid,
              );
            const points = valued.filter((item) => item.row.polygon === null);
            if (points.length > 0) {
              await insertPoints(
                tx,
                id,
                points.map((item) => [item.row.x!, item.row.y!, item.value]),
                srid,
              );
              if (polygons.length === 0) await insertCellZones(tx, id, fieldId);
            }
            await refreshLayerStats(tx, id);
            ids.push(id);
          }
        }
        done += 1;
        running.set(taskId, 30 + Math.floor((65 * done) / byField.size));
      }
      await recordEvent(tx, caller.actor, {
        action: EventAction.Import,
        source: Module.Layers,
        objectType: 'DataLayer',
        data: { Ids: ids, YearId: year, Fields: [...byField.keys()] },
      });
      return ids;
    });
    running.set(taskId, 100);
    await db.execute(sql`
      UPDATE layer_import_tasks SET status = 'done', progress = 100, layer_ids = ${`{${layerIds.join(',')}}`}::int[],
             updated_at = now() WHERE id = ${taskId}`);
    await db.execute(
      sql`DELETE FROM layer_import_uploads u USING layer_import_tasks t WHERE t.id = ${taskId} AND u.id = t.upload_id`,
    );
  } catch (error) {
    const failure =
      error instanceof LayerImportFileError
        ? { Code: error.code, Params: error.params }
        : { Code: 'importFailed', Params: {} };
    await db
      .execute(
        sql`UPDATE layer_import_tasks SET status = 'failed', error = ${JSON.stringify(failure)}::jsonb,
                     updated_at = now() WHERE id = ${taskId}`,
      )
      .catch(() => undefined);
  }
}
