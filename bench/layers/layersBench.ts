import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '@headland/server/src/app.ts';
import { configFromEnv } from '@headland/server/src/config.ts';
import { openDatabase, type Database } from '@headland/server/src/db/database.ts';
import { seedDemoData } from '@headland/server/src/db/seed/seedDemo.ts';
import { copyMigratedPgliteDir } from '@headland/server/src/testing/testDatabase.ts';
import { createScratchDatabase } from '../api/scratchDatabase.ts';
import { openHoldingSession } from '../support/demoSession.ts';

/*
 * Data layers (issue 15's figures), server side: a holding of BENCH_FIELDS (200) fields with five years of
 * soil and yield layers (about 300,000 zones and points), then
 * - the layer list of one crop year (aim under 200 ms),
 * - one field's yield layer loaded: its zones in wkb and binary1, and its points (aim under 300 ms),
 * - a BENCH_POINTS (100,000) point yield CSV imported: preview, commit and polling until done (aim under 15 s).
 * PGlite by default; PostgreSQL with BENCH_DATABASE_URL (a server URL: the run makes and drops its own database).
 */
const fieldCount = Number(process.env.BENCH_FIELDS ?? 200);
const importPoints = Number(process.env.BENCH_POINTS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const holdingName = 'Wold Farm';
const years = [2023, 2024, 2025, 2026, 2027];
const year = 2026;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * 200 fields of 300 m squares in a grid east of the demo farm, each with, per year, a soil P layer of 60 m cells
 * (about 25 zones), a yield layer of 30 m cells (about 100 zones) and its yield points every 20 m (about 225).
 */
async function fillHolding(
  database: Database,
  holdingId: number,
): Promise<{ zones: number; points: number }> {
  const db = database.db;
  await db.execute(sql`
    INSERT INTO fields (holding_id, name, field_group, boundary, area_type)
    SELECT ${holdingId}, 'Bench ' || n, 'Bench', ST_Multi(ST_Transform(ST_MakeEnvelope(
             520000 + (n % 20) * 320, 420000 + (n / 20) * 320, 520300 + (n % 20) * 320, 420300 + (n / 20) * 320, 27700), 4326)),
           'Boundary'
      FROM generate_series(0, ${fieldCount - 1}) n`);
  await db.execute(sql`
    INSERT INTO data_layers (holding_id, type_id, subtype_id, scope, field_id, year_id, layer_date, name, unit)
    SELECT ${holdingId}, t.type_id, CASE WHEN t.type_id = 20 THEN 1 END, 1, f.id, y, make_date(y - 1, 10, 1),
           CASE WHEN t.type_id = 20 THEN 'Yield ' ELSE 'P mg/l ' END || y, CASE WHEN t.type_id = 20 THEN 't/ha' ELSE 'Ppm' END
      FROM fields f, unnest(${`{${years.join(',')}}`}::int[]) y, (VALUES (11), (20)) t(type_id)
     WHERE f.holding_id = ${holdingId} AND f.field_group = 'Bench'`);
  const cells = (metres: number, typeId: number) => sql`
    INSERT INTO layer_zones (layer_id, zone_number, value, init_value, field_id, geom, area_ha)
    SELECT l.id, row_number() OVER (PARTITION BY l.id ORDER BY g.i, g.j), c.v, c.v, f.id, c.geom, ST_Area(c.geom::geography) / 10000
      FROM fields f JOIN data_layers l ON l.field_id = f.id AND l.type_id = ${typeId},
           ST_SquareGrid(${metres}, ST_Transform(f.boundary, 27700)) g,
           LATERAL (SELECT ST_Multi(ST_Transform(g.geom, 4326)) AS geom,
                           round((8 + 4 * sin(g.i + l.year_id) * cos(g.j))::numeric, 2)::float8 AS v) c
     WHERE f.field_group = 'Bench' AND f.holding_id = ${holdingId}
       AND ST_Within(g.geom, ST_Buffer(ST_Transform(f.boundary, 27700), 0.01))`;
  await db.execute(cells(60, 11));
  await db.execute(cells(30, 20));
  await db.execute(sql`
    INSERT INTO layer_points (layer_id, value, geom)
    SELECT l.id, round((8 + 3 * sin(x / 40.0) * cos(y / 50.0))::numeric, 2)::float8,
           ST_Transform(ST_SetSRID(ST_MakePoint(ST_XMin(b) + x, ST_YMin(b) + y), 27700), 4326)
      FROM data_layers l JOIN fields f ON f.id = l.field_id,
           LATERAL (SELECT ST_Transform(f.boundary, 27700)::box2d AS b) bb,
           generate_series(10, 290, 20) x, generate_series(10, 290, 20) y
     WHERE l.type_id = 20 AND f.field_group = 'Bench' AND f.holding_id = ${holdingId}`);
  await db.execute(sql`
    UPDATE data_layers l SET zone_count = (SELECT count(*) FROM layer_zones z WHERE z.layer_id = l.id),
                             point_count = (SELECT count(*) FROM layer_points p WHERE p.layer_id = l.id)
     WHERE l.holding_id = ${holdingId}`);
  await db.execute(sql`ANALYZE`);
  const [counts] = (
    (await db.execute(
      sql`SELECT (SELECT count(*)::int FROM layer_zones) AS zones, (SELECT count(*)::int FROM layer_points) AS points`,
    )) as unknown as {
      rows: { zones: number; points: number }[];
    }
  ).rows;
  return counts!;
}

/** A combine's run over one bench field as CSV: passes 3 m apart, a point every 1 m, eastings and northings. */
function yieldCsv(points: number): string {
  const lines = ['Easting,Northing,Yield,Flow'];
  for (let index = 0; index < points; index += 1) {
    const pass = Math.floor(index / 290);
    const step = index % 290;
    const x = 520_005 + (pass % 2 === 0 ? step : 289 - step);
    const y = 420_005 + ((pass * 3) % 290) + Math.floor((pass * 3) / 290) * 0.1;
    lines.push(`${x},${y.toFixed(2)},${(7 + Math.sin(x / 30) + Math.cos(y / 40)).toFixed(2)},2.4`);
  }
  return lines.join('\n');
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const scratch = await createScratchDatabase(serverUrl);
const workDir = mkdtempSync(join(tmpdir(), 'headland-bench-layers-'));
const dataDir = join(workDir, 'db');
try {
  if (scratch.kind === 'pglite') await copyMigratedPgliteDir(dataDir);
  const config = configFromEnv({
    ...process.env,
    DATABASE_URL: scratch.url ?? '',
    SMTP_URL: '',
    DATA_DIR: dataDir,
    WEB_DIST: join(workDir, 'web'),
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase(scratch.url ? { url: scratch.url } : { dataDir });
  try {
    await seedDemoData(database);
    const found = (await database.db.execute(
      sql`SELECT id FROM holdings WHERE trading_name = ${holdingName}`,
    )) as unknown as { rows: { id: number }[] };
    const holdingId = found.rows[0]!.id;
    const [counts, fillMs] = await timed(() => fillHolding(database, holdingId));
    console.log(
      `Holding of ${fieldCount} bench fields, ${years.length} years of soil and yield layers (${scratch.kind}): ${counts.zones.toLocaleString('en-GB')} zones and ${counts.points.toLocaleString('en-GB')} points in the database, written in ${(fillMs / 1000).toFixed(1)} s`,
    );
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
      const baseUrl = `http://127.0.0.1:${address.port}`;
      const token = await openHoldingSession(baseUrl, { holdingName, year });
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
      const get = async (path: string) => {
        const response = await fetch(`${baseUrl}${path}`, { headers });
        const body = await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        return body.byteLength;
      };

      const list: number[] = [];
      let listBytes = 0;
      for (let round = 0; round < rounds; round++) {
        const [bytes, ms] = await timed(() => get(`/api/layers/v1/holding/${holdingId}/year/${year}`));
        listBytes = bytes;
        list.push(ms);
      }
      const layers = (await (
        await fetch(`${baseUrl}/api/layers/v1/holding/${holdingId}/year/${year}`, { headers })
      ).json()) as {
        Layers: { DataLayerId: number; TypeId: number; ZoneCount: number; PointCount: number }[];
      };
      console.log(
        `Layer list of ${year} (${layers.Layers.length} layers, ${(listBytes / 1024).toFixed(0)} kB): median ${median(list).toFixed(0)} ms, runs ${list.map((t) => t.toFixed(0)).join(', ')} ms (aim under 200 ms)`,
      );

      const yieldLayer = layers.Layers.find((layer) => layer.TypeId === 20 && layer.PointCount > 0)!;
      for (const [label, path] of [
        ['zones, wkb', `/api/layers/v1/${yieldLayer.DataLayerId}/zones`],
        ['zones, binary1', `/api/layers/v1/${yieldLayer.DataLayerId}/zones?geometryFormat=binary1`],
        ['points, binary1', `/api/layers/v1/${yieldLayer.DataLayerId}/points?geometryFormat=binary1`],
      ] as const) {
        const times: number[] = [];
        let bytes = 0;
        for (let round = 0; round < rounds; round++) {
          const [size, ms] = await timed(() => get(path));
          bytes = size;
          times.push(ms);
        }
        console.log(
          `One field's yield layer, ${label} (${yieldLayer.ZoneCount} zones, ${yieldLayer.PointCount} points, ${(bytes / 1024).toFixed(0)} kB): median ${median(times).toFixed(0)} ms, runs ${times.map((t) => t.toFixed(0)).join(', ')} ms (aim under 300 ms)`,
        );
      }

      const csv = yieldCsv(importPoints);
      const [task, importMs] = await timed(async () => {
        const form = new FormData();
        form.append('kind', 'yield');
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'yield.csv');
        const preview = await fetch(`${baseUrl}/api/layers/v1/import/preview`, {
          method: 'POST',
          headers: { authorization: headers.authorization },
          body: form,
        });
        const previewed = (await preview.json()) as { ImportId: string; Mapping: Record<string, string> };
        if (preview.status !== 200)
          throw new Error(`The preview answered ${preview.status}: ${JSON.stringify(previewed)}`);
        const started = await fetch(`${baseUrl}/api/layers/v1/import/${previewed.ImportId}/commit`, {
          method: 'POST',
          headers: { authorization: headers.authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ Mapping: previewed.Mapping, Year: year }),
        });
        let state = (await started.json()) as {
          TaskId: number;
          Status: string;
          LayerIds: number[];
          Error: unknown;
        };
        while (state.Status === 'queued' || state.Status === 'running') {
          await new Promise((resolve) => setTimeout(resolve, 100));
          state = (await (
            await fetch(`${baseUrl}/api/layers/v1/import/tasks/${state.TaskId}`, { headers })
          ).json()) as typeof state;
        }
        return state;
      });
      if (task.Status !== 'done')
        throw new Error(`The import ended ${task.Status}: ${JSON.stringify(task.Error)}`);
      console.log(
        `Import of a ${importPoints.toLocaleString('en-GB')}-point yield CSV (${(csv.length / 1024 / 1024).toFixed(1)} MB), preview to done (${scratch.kind}): ${(importMs / 1000).toFixed(1)} s (aim under 15 s)`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
  await scratch.drop();
}
