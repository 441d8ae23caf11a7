import { randomBytes } from 'node:crypto';
import {
  ImportKind,
  type ImportCommitRequest,
  type ImportPreviewResponse,
  type ImportTask,
} from '@headland/domain/api/layersApi';
import { EventAction, Module } from '@headland/domain/enumerations';
import { guessImportTarget, type YieldPoint } from '@headland/domain/layers/layerImport';
import { LayerTypeId, MapScope, YieldSubtype } from '@headland/domain/layers/layerTypes';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import { notFound } from '../../http/httpErrors.ts';
import type { Caller } from '../../auth/caller.ts';
import { LayerImportFileError } from './layerImportFile.ts';
import {
  cleanYieldPointsOffThread,
  previewLayerFileOffThread,
  readLayerFileOffThread,
} from '../../workers/parseJobs.ts';
import type { ImportSubject } from './csvBounds.ts';
import { serverIsStopping } from '../../http/stopping.ts';
import { importHeartbeat } from './interruptedImports.ts';
import {
  deleteOldUploads,
  deleteTask,
  failTask,
  fieldsOfFeatures,
  fieldsOfPoints,
  finishTask,
  insertNumberedZones,
  insertPoints,
  insertPolygonZones,
  insertTask,
  insertUpload,
  insertYieldZones,
  selectTask,
  selectRecentTasks,
  selectTaskSummary,
  selectTaskUpload,
  updateTaskProgress,
  uploadOfUser,
} from './layerImport.queries.ts';
import { fieldOfHolding, fieldYearHidden, insertLayer, refreshLayerStats } from './layers.queries.ts';
import { voronoiCells } from './recommendations.queries.ts';
import { layerProblem } from './layerAccess.ts';
import { featuresOf, gridCells, numberOf, soilElements, unitNames, type Feature } from './layerImportRows.ts';

/** Rows shown in a preview. */
const previewRows = 10;
/** Uploads waiting for their commit are kept this long. */
const uploadHours = 24;

export type { ImportSubject } from './csvBounds.ts';

/** The caller's own imports of the holding at a glance: running, waiting, and failed lately (newest first). */
export async function importTaskSummary(db: Db, caller: Caller, days: number, failedLimit: number) {
  return selectTaskSummary(db, {
    holdingId: caller.holdingId,
    userId: caller.auth.user.id,
    days,
    failedLimit,
  });
}

/**
 * The caller's imports of the holding lately, newest first, each with the progress this process knows of a
 * running one (its row is written less often).
 */
export async function recentImportTasks(db: Db, caller: Caller, days: number, limit: number) {
  const rows = await selectRecentTasks(db, {
    holdingId: caller.holdingId,
    userId: caller.actor.userId,
    days,
    limit,
  });
  return rows.map((row) => ({
    ...row,
    progress: Math.max(row.progress, running.get(row.id) ?? 0),
    layerIds: (row.layerIds ?? []).map(Number),
  }));
}

/** Reads the file, keeps it for the commit, and answers its columns, first rows and guessed mapping. */
export async function previewImport(
  db: Db,
  caller: Caller,
  subject: ImportSubject,
  fileName: string,
  bytes: Uint8Array,
): Promise<ImportPreviewResponse> {
  const { summary: table, bytes: kept } = await readTable(bytes, subject);
  const id = randomBytes(16).toString('hex');
  const kind =
    subject === 'soil'
      ? table.format === 'csv'
        ? ImportKind.SoilCsv
        : ImportKind.SoilShapefile
      : table.format === 'csv'
        ? ImportKind.YieldCsv
        : ImportKind.YieldShapefile;
  await deleteOldUploads(db, uploadHours);
  await insertUpload(db, {
    id,
    holdingId: caller.holdingId,
    userId: caller.actor.userId,
    kind,
    fileName: fileName.slice(0, 255),
    bytes: kept,
  });
  return {
    ImportId: id,
    Kind: kind,
    Columns: table.columns,
    Rows: table.rows,
    RowCount: table.rowCount,
    GeometryType: table.polygons ? 'Polygon' : 'Point',
    Mapping: Object.fromEntries(table.columns.map((column) => [column, guessImportTarget(column)])),
  };
}

async function readTable(bytes: Uint8Array, subject: ImportSubject) {
  try {
    return await previewLayerFileOffThread(bytes, subject, previewRows);
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
  const upload = await uploadOfUser(db, importId, caller.holdingId, caller.actor.userId);
  if (!upload) throw notFound('layerImportExpired');
  const targets = Object.values(body.Mapping);
  if (body.FieldId && !(await fieldOfHolding(db, caller.holdingId, body.FieldId)))
    throw notFound('fieldDoesNotExist');
  const hasPosition =
    (targets.includes('longitude') && targets.includes('latitude')) ||
    (targets.includes('easting') && targets.includes('northing'));
  const row = await insertTask(db, {
    holdingId: caller.holdingId,
    userId: caller.actor.userId,
    importId,
    request: body,
  });
  const csv = row.kind === ImportKind.SoilCsv || row.kind === ImportKind.YieldCsv;
  if (csv && !hasPosition) {
    await deleteTask(db, row.id);
    throw layerProblem(
      'positionColumnsRequired',
      'Mapping',
      'Choose the columns of the longitude and latitude, or the easting and northing.',
    );
  }
  const taskId = row.id;
  running.set(taskId, 0);
  setImmediate(() => {
    void runImport(db, caller, taskId).finally(() => running.delete(taskId));
  });
  return readTask(db, caller, taskId);
}

export async function readTask(db: Db, caller: Caller, taskId: number): Promise<ImportTask> {
  const row = await selectTask(db, taskId, caller.holdingId, caller.actor.userId);
  if (!row) throw notFound('layerImportNotFound');
  return {
    TaskId: row.id,
    Status: row.status,
    Progress: Math.max(row.progress, running.get(row.id) ?? 0),
    LayerIds: (row.layerIds ?? []).map(Number),
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
  await updateTaskProgress(db, taskId, progress, status);
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
  const rows = await fieldsOfFeatures(
    db,
    holdingId,
    features.map((feature) => [feature.x, feature.y, feature.polygon]),
    srid,
  );
  const fields: (number | null)[] = features.map(() => null);
  for (const row of rows) fields[row.i] = row.fieldId;
  return fields;
}

/** The field of each point, found among the fields near the points' bounding box. */
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
  const rows = await fieldsOfPoints(db, holdingId, xs, ys, box, srid);
  const fields: (number | null)[] = features.map(() => null);
  for (const row of rows) fields[row.i] = row.fieldId;
  return fields;
}

/** A field layer made by an import. */
function insertImportedLayer(
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
  return insertLayer(tx, {
    holdingId: caller.holdingId,
    typeId: values.typeId,
    subtypeId: values.subtypeId ?? null,
    scope: MapScope.Field,
    fieldId: values.fieldId,
    yearId: values.year,
    layerDate: values.date,
    name: values.name,
    unit: values.unit,
  });
}

/** Zones of a layer from its own points: Voronoi cells cut to the field. */
async function insertCellZones(tx: Db, layerId: number, fieldId: number) {
  await insertNumberedZones(tx, layerId, fieldId, await voronoiCells(tx, layerId, fieldId));
}

/**
 * A yield layer's zones from its points: a grid of `cellMetres` squares (mean yield of the points in each, cut
 * to the field), or, for `zones`, the grid's cells joined into five equal classes of yield.
 */
function insertYieldZonesOf(
  tx: Db,
  layerId: number,
  fieldId: number,
  points: readonly [number, number, number][],
  srid: number,
  cellMetres: number,
  output: 'grid' | 'zones',
) {
  return insertYieldZones(tx, layerId, fieldId, gridCells(points, srid, cellMetres), srid, output);
}

async function loadUpload(
  db: Db,
  taskId: number,
): Promise<{ kind: string; bytes: Uint8Array; request: ImportCommitRequest }> {
  const row = await selectTaskUpload(db, taskId);
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
  const stopHeartbeat = importHeartbeat(db, taskId);
  try {
    await setProgress(db, taskId, 5);
    const { kind, bytes, request } = await loadUpload(db, taskId);
    const yieldImport = kind === ImportKind.YieldCsv || kind === ImportKind.YieldShapefile;
    const table = await readLayerFileOffThread(bytes, yieldImport ? 'yield' : 'soil');
    const { features, srid } = featuresOf(table, request.Mapping);
    await setProgress(db, taskId, 10);
    let kept = features;
    if (yieldImport) {
      const points: YieldPoint[] = features.map((feature) => ({
        x: feature.x ?? 0,
        y: feature.y ?? 0,
        yield: numberOf(feature.values.yield),
        flow: 'flow' in feature.values ? numberOf(feature.values.flow) : undefined,
        heading: numberOf(feature.values.heading),
      }));
      kept = Array.from(await cleanYieldPointsOffThread(points, srid === 4326), (index) => features[index]!);
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
          const id = await insertImportedLayer(tx, caller, {
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
          await insertYieldZonesOf(
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
            const id = await insertImportedLayer(tx, caller, {
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
    await finishTask(db, taskId, layerIds);
  } catch (error) {
    const failure =
      error instanceof LayerImportFileError
        ? { Code: error.code, Params: error.params }
        : serverIsStopping()
          ? { Code: 'interrupted', Params: {} }
          : { Code: 'importFailed', Params: {} };
    await failTask(db, taskId, failure).catch(() => undefined);
  } finally {
    stopHeartbeat();
  }
}

export { failInterruptedImports } from './interruptedImports.ts';
