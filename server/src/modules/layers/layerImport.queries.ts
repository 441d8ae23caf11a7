import { sql } from 'drizzle-orm';
import type { ImportCommitRequest, ImportTask } from '@headland/domain/api/layersApi';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

// The statements of layer imports: the kept upload, the background task, placing rows in fields, and writing
// the imported points and zones.

/** Forgets uploads older than `hours` that were never committed. */
export async function deleteOldUploads(db: Db, hours: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM layer_import_uploads WHERE created_at < now() - make_interval(hours => ${hours})`,
  );
}

export async function insertUpload(
  db: Db,
  upload: {
    id: string;
    holdingId: number;
    userId: number;
    kind: string;
    fileName: string;
    bytes: Uint8Array;
  },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO layer_import_uploads (id, holding_id, user_id, kind, file_name, content)
    VALUES (${upload.id}, ${upload.holdingId}, ${upload.userId}, ${upload.kind}, ${upload.fileName},
            decode(${Buffer.from(upload.bytes).toString('base64')}, 'base64'))`);
}

/** Whether the upload is kept and was sent by this user of this holding. */
export async function uploadOfUser(
  db: Db,
  importId: string,
  holdingId: number,
  userId: number,
): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM layer_import_uploads
         WHERE id = ${importId} AND holding_id = ${holdingId} AND user_id = ${userId}`,
  );
  return rows.length > 0;
}

/** Queues the import of an upload; answers the task's id and the upload's kind. */
export async function insertTask(
  db: Db,
  task: { holdingId: number; userId: number; importId: string; request: ImportCommitRequest },
): Promise<{ id: number; kind: string }> {
  const [row] = await sqlRows<{ id: number; kind: string }>(
    db,
    sql`INSERT INTO layer_import_tasks (holding_id, user_id, upload_id, request)
        SELECT ${task.holdingId}, ${task.userId}, id, ${JSON.stringify(task.request)}::jsonb
          FROM layer_import_uploads WHERE id = ${task.importId}
        RETURNING id, (SELECT kind FROM layer_import_uploads WHERE id = ${task.importId}) AS kind`,
  );
  return row!;
}

export async function deleteTask(db: Db, taskId: number): Promise<void> {
  await db.execute(sql`DELETE FROM layer_import_tasks WHERE id = ${taskId}`);
}

export interface TaskRow {
  id: number;
  status: ImportTask['Status'];
  progress: number;
  layerIds: number[] | null;
  error: ImportTask['Error'];
}

/** A task of this user of this holding. */
export async function selectTask(
  db: Db,
  taskId: number,
  holdingId: number,
  userId: number,
): Promise<TaskRow | undefined> {
  const [row] = await sqlRows<TaskRow>(
    db,
    sql`SELECT id, status, progress, layer_ids AS "layerIds", error FROM layer_import_tasks
         WHERE id = ${taskId} AND holding_id = ${holdingId} AND user_id = ${userId}`,
  );
  return row;
}

export async function updateTaskProgress(
  db: Db,
  taskId: number,
  progress: number,
  status: ImportTask['Status'],
): Promise<void> {
  await db.execute(
    sql`UPDATE layer_import_tasks SET progress = ${progress}, status = ${status}, updated_at = now() WHERE id = ${taskId}`,
  );
}

/** A task's kept file (as base64) and its request. */
export async function selectTaskUpload(
  db: Db,
  taskId: number,
): Promise<{ kind: string; content: string; request: ImportCommitRequest } | undefined> {
  const [row] = await sqlRows<{ kind: string; content: string; request: ImportCommitRequest }>(
    db,
    sql`SELECT u.kind, encode(u.content, 'base64') AS content, t.request FROM layer_import_tasks t
          JOIN layer_import_uploads u ON u.id = t.upload_id WHERE t.id = ${taskId}`,
  );
  return row;
}

/** Marks a task done with the layers it made, and forgets its upload. */
export async function finishTask(db: Db, taskId: number, layerIds: readonly number[]): Promise<void> {
  await db.execute(sql`
    UPDATE layer_import_tasks SET status = 'done', progress = 100, layer_ids = ${`{${layerIds.join(',')}}`}::int[],
           updated_at = now() WHERE id = ${taskId}`);
  await db.execute(
    sql`DELETE FROM layer_import_uploads u USING layer_import_tasks t WHERE t.id = ${taskId} AND u.id = t.upload_id`,
  );
}

export async function failTask(
  db: Db,
  taskId: number,
  failure: { Code: string; Params: Record<string, unknown> },
): Promise<void> {
  await db.execute(
    sql`UPDATE layer_import_tasks SET status = 'failed', error = ${JSON.stringify(failure)}::jsonb,
                 updated_at = now() WHERE id = ${taskId}`,
  );
}

/**
 * The field of the holding each feature lies in, by its point or a polygon's point on surface: `features` are
 * [x, y, GeoJSON polygon or null] in `srid`; answers the indexes of those placed.
 */
export async function fieldsOfFeatures(
  db: Db,
  holdingId: number,
  features: readonly [number | null, number | null, string | null][],
  srid: number,
): Promise<{ i: number; fieldId: number }[]> {
  const payload = JSON.stringify(features);
  return sqlRows<{ i: number; fieldId: number }>(
    db,
    sql`WITH f AS (
          SELECT (e.i - 1)::int AS i,
                 ST_PointOnSurface(ST_Transform(ST_SetSRID(
                   CASE WHEN e.v->>2 IS NOT NULL THEN ST_GeomFromGeoJSON(e.v->>2)
                        ELSE ST_MakePoint((e.v->>0)::float8, (e.v->>1)::float8) END, ${srid}::int), 4326)) AS pt
            FROM json_array_elements(${payload}::json) WITH ORDINALITY AS e(v, i))
        SELECT f.i, fl.id AS "fieldId" FROM f
          JOIN LATERAL (SELECT id FROM fields WHERE holding_id = ${holdingId} AND boundary && f.pt
                           AND ST_Covers(boundary, f.pt) ORDER BY id LIMIT 1) fl ON true`,
  );
}

/**
 * The field of each point (xs, ys in `srid`, within `box`): the fields near the points are moved into the
 * points' system once, and each point is tested against them (PostGIS keeps a prepared copy of a field tested
 * against many points in a row).
 */
export function fieldsOfPoints(
  db: Db,
  holdingId: number,
  xs: readonly number[],
  ys: readonly number[],
  box: readonly number[],
  srid: number,
): Promise<{ i: number; fieldId: number }[]> {
  const list = (values: readonly number[]) => `{${values.join(',')}}`;
  return sqlRows<{ i: number; fieldId: number }>(
    db,
    sql`WITH near AS MATERIALIZED (
          SELECT id, ST_Transform(boundary, ${srid}::int) AS b FROM fields
           WHERE holding_id = ${holdingId} AND boundary IS NOT NULL
             AND boundary && ST_Transform(ST_MakeEnvelope(${box[0]}::float8, ${box[1]}::float8, ${box[2]}::float8, ${box[3]}::float8, ${srid}::int), 4326)),
             pts AS MATERIALIZED (
          SELECT (p.i - 1)::int AS i, ST_SetSRID(ST_MakePoint(p.x, p.y), ${srid}::int) AS pt
            FROM unnest(${list(xs)}::float8[], ${list(ys)}::float8[]) WITH ORDINALITY AS p(x, y, i))
        SELECT DISTINCT ON (pts.i) pts.i, near.id AS "fieldId"
          FROM near JOIN pts ON near.b && pts.pt AND ST_Covers(near.b, pts.pt)
         ORDER BY pts.i, near.id`,
  );
}

/** Writes point values of a layer in one statement: [x, y, value] in `srid`. */
export async function insertPoints(
  tx: Db,
  layerId: number,
  points: [number, number, number][],
  srid: number,
) {
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
export async function insertPolygonZones(
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

/** Writes zones of a layer from prepared cells (EWKB, hex, in 4326), numbered in their order. */
export async function insertNumberedZones(
  tx: Db,
  layerId: number,
  fieldId: number,
  cells: readonly { ewkb: string; value: number | null }[],
) {
  const payload = JSON.stringify(cells.map((cell) => [cell.ewkb, cell.value]));
  await tx.execute(sql`
    WITH z AS (SELECT (e.v->>1)::float8 AS value, e.i::int AS n, ST_GeomFromEWKB(decode(e.v->>0, 'hex')) AS g
                 FROM json_array_elements(${payload}::json) WITH ORDINALITY AS e(v, i))
    INSERT INTO layer_zones (layer_id, zone_number, value, init_value, field_id, geom, area_ha)
    SELECT ${layerId}, n, value, value, ${fieldId}, g, ST_Area(g::geography) / 10000 FROM z`);
}

/**
 * A yield layer's zones from grid cells ([x0, y0, x1, y1, mean yield] in `srid`), cut to the field; for
 * `zones`, the cells joined into five equal classes of yield.
 */
export async function insertYieldZones(
  tx: Db,
  layerId: number,
  fieldId: number,
  gridCells: readonly [number, number, number, number, number][],
  srid: number,
  output: 'grid' | 'zones',
) {
  const cells = JSON.stringify(gridCells);
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

/** The caller's own imports of the holding: how many run or wait, and those failed in the last `days` days. */
export async function selectTaskSummary(
  db: Db,
  where: { holdingId: number; userId: number; days: number; failedLimit: number },
): Promise<{
  running: number;
  waiting: number;
  failedCount: number;
  failed: { id: number; fileName: string | null; date: string }[];
}> {
  const [counts] = await sqlRows<{ running: number; waiting: number; failed_count: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'running')::int AS running,
               count(*) FILTER (WHERE status = 'queued')::int AS waiting,
               count(*) FILTER (WHERE status = 'failed'
                                  AND updated_at > now() - make_interval(days => ${where.days}))::int AS failed_count
          FROM layer_import_tasks
         WHERE holding_id = ${where.holdingId} AND user_id = ${where.userId}`,
  );
  const failed = await sqlRows<{ id: number; fileName: string | null; date: string }>(
    db,
    sql`SELECT t.id, u.file_name AS "fileName",
               to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date
          FROM layer_import_tasks t LEFT JOIN layer_import_uploads u ON u.id = t.upload_id
         WHERE t.holding_id = ${where.holdingId} AND t.user_id = ${where.userId} AND t.status = 'failed'
           AND t.updated_at > now() - make_interval(days => ${where.days})
         ORDER BY t.updated_at DESC, t.id DESC
         LIMIT ${where.failedLimit}`,
  );
  return {
    running: counts?.running ?? 0,
    waiting: counts?.waiting ?? 0,
    failedCount: counts?.failed_count ?? 0,
    failed,
  };
}

export interface RecentTaskRow {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  fileName: string | null;
  date: string;
  layerIds: number[] | null;
  error: { Code: string; Params: Record<string, string | number> } | null;
}

/** The user's imports of the holding changed in the last `days`, newest first. */
export function selectRecentTasks(
  db: Db,
  where: { holdingId: number; userId: number; days: number; limit: number },
): Promise<RecentTaskRow[]> {
  return sqlRows<RecentTaskRow>(
    db,
    sql`SELECT t.id, t.status, t.progress, u.file_name AS "fileName", t.layer_ids AS "layerIds", t.error,
               to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date
          FROM layer_import_tasks t LEFT JOIN layer_import_uploads u ON u.id = t.upload_id
         WHERE t.holding_id = ${where.holdingId} AND t.user_id = ${where.userId}
           AND t.updated_at > now() - make_interval(days => ${where.days})
         ORDER BY t.updated_at DESC, t.id DESC
         LIMIT ${where.limit}`,
  );
}
