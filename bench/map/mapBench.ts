import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '@headland/server/src/app.ts';
import { configFromEnv } from '@headland/server/src/config.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@headland/server/src/db/database.ts';
import { seedDemoData } from '@headland/server/src/db/seed/seedDemo.ts';
import { copyMigratedPgliteDir } from '@headland/server/src/testing/testDatabase.ts';
import { createScratchDatabase } from '../api/scratchDatabase.ts';
import { startBareSite } from './bareSite.ts';
import {
  loadFigures,
  pageFigures,
  printComparison,
  quantile,
  writeResults,
  type LoadFigures,
  type PageFigures,
  type PageRound,
} from './mapReport.ts';
import type { FirstRender, FrameSample, PanZoomPlan } from './pageDriver.ts';
import { seedMapHolding } from './seedMapHolding.ts';
import { openHoldingSession, signInThroughScreens } from '../support/demoSession.ts';

/*
 * The map benchmark (issue 6): Wold Farm grown to BENCH_FIELDS fields (5,000) with croppings in 2027, on the
 * real app in headless Chromium, beside a bare OpenLayers page drawing the same fields list in the same run.
 * Each round loads each page afresh and times navigation to the first complete render holding every field,
 * then plays the same scripted zoom in, pan and zoom out, frame by frame. On PGlite always, and on the PostgreSQL
 * of DATABASE_URL when it is set (in a database made for the run and dropped afterwards). See bench/README.md
 * (Map benchmark).
 */
const fieldCount = Number(process.env.BENCH_FIELDS ?? 5_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const framesPerPhase = Number(process.env.BENCH_FRAMES ?? 60);
const holdingName = 'Wold Farm';
const year = 2027;
const aims = { ratio: 1.5, firstRenderMs: 1_500 };
/** Labels show at this resolution or finer (fields-croppings-maps §9). */
const labelMaxResolution = 10;
/** Close enough for labels of 2 ha fields to show; about zoom 16. */
const closeResolution = 2;
const viewport = { width: 1280, height: 800 };
const stepTimeoutMs = 180_000;

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const resultsPath = fileURLToPath(new URL('../results/map.json', import.meta.url));
const profilesDir = fileURLToPath(new URL('../results/profiles/', import.meta.url));
const profiling = Boolean(process.env.BENCH_PROFILE);
/**
 * Another build of the web app to serve, e.g. one made with `VITE_BENCH_HOOKS=true vite build --minify false` for
 * readable profiles (without VITE_BENCH_HOOKS the app publishes no map for the bench to drive).
 */
const webDistOverride = process.env.BENCH_WEB_DIST;
// Every host but the bench's own fails at once: no base map tile loads, as on a machine without network, and
// none is left pending to hold back the map's complete render.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path)
      .filter((name) => name !== 'node_modules' && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx'))
      .map((name) => newestChange(join(path, name))),
  );
}

/**
 * The bench's own build of the web app, made with VITE_BENCH_HOOKS=true so that the map publishes itself on the
 * window (a production build has no such hook); kept apart from web/dist, which stays a production build.
 */
const benchWebDist = join(repoRoot, 'node_modules', '.cache', 'headland-bench-web');

/** Builds the bench's web app when it is missing or older than its sources; answers what it did, for the output. */
function ensureWebBuild(): string {
  const built = join(benchWebDist, 'index.html');
  const sources = ['web/src', 'web/index.html', 'domain/src'].map((path) => join(repoRoot, path));
  const reason = !existsSync(built)
    ? 'the bench build of the web app is missing'
    : Math.max(...sources.map(newestChange)) > statSync(built).mtimeMs
      ? 'the bench build of the web app is older than web/src or domain/src'
      : null;
  if (!reason) return 'the bench build of the web app is up to date with its sources';
  const command = ['run', 'build', '-w', 'web', '--', '--outDir', benchWebDist, '--emptyOutDir'];
  console.log(`${reason}: running VITE_BENCH_HOOKS=true npm ${command.join(' ')}`);
  execFileSync('npm', command, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, VITE_BENCH_HOOKS: 'true' },
  });
  return `${reason}, so it was rebuilt with VITE_BENCH_HOOKS=true`;
}

interface ListFigures {
  body: Uint8Array;
  median: number;
  p95: number;
  withBoundary: number;
  extent: [number, number, number, number];
}

/** Times the fields list over HTTP (after one unmeasured call) and keeps its bytes for the bare page. */
async function fetchFieldList(baseUrl: string, token: string): Promise<ListFigures> {
  const url = `${baseUrl}/api/fields/v1?year=${year}`;
  const headers = { authorization: `Bearer ${token}` };
  let body = new Uint8Array(await (await fetch(url, { headers })).arrayBuffer());
  const times: number[] = [];
  for (let call = 0; call < 5; call++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    body = new Uint8Array(await response.arrayBuffer());
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET /api/fields/v1 answered ${response.status}`);
  }
  const list = JSON.parse(new TextDecoder().decode(body)) as {
    Boundary: { coordinates: number[][][][] } | null;
  }[];
  const extent: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const radius = 6_378_137;
  let withBoundary = 0;
  for (const field of list) {
    if (!field.Boundary) continue;
    withBoundary++;
    for (const [lon, lat] of field.Boundary.coordinates.flat(2)) {
      const x = (radius * lon! * Math.PI) / 180;
      const y = radius * Math.log(Math.tan(Math.PI / 4 + (lat! * Math.PI) / 360));
      extent[0] = Math.min(extent[0], x);
      extent[1] = Math.min(extent[1], y);
      extent[2] = Math.max(extent[2], x);
      extent[3] = Math.max(extent[3], y);
    }
  }
  return { body, median: quantile(times, 0.5), p95: quantile(times, 0.95), withBoundary, extent };
}

async function newDrivenPage(
  context: BrowserContext,
  driverScript: string,
  expectedFields: number,
  dataPath: string,
): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(stepTimeoutMs);
  await page.addInitScript({
    content: `window.mapBenchConfig = ${JSON.stringify({ expectedFields, dataPath })};\n${driverScript}`,
  });
  return page;
}

/** Where the time to the first render went, in the page's clock from the navigation's start. */
function describeFirstRender(first: FirstRender): string {
  const request = first.dataRequest;
  const at = (value: number | undefined) => (value === undefined ? '?' : value.toFixed(0));
  return (
    `data asked ${at(request?.startTime)}, answered ${at(request?.responseEnd)}, ` +
    `features ${at(first.featuresAt)}, drawn ${at(first.renderedAt)} ms ` +
    `(frames ${first.frames.map((frame) => `${at(frame.at)}+${at(frame.ms)}`).join(' ')})` +
    (first.dataRequests === 1 ? '' : ` (${first.dataRequests} requests for the data)`)
  );
}

/** A CPU profile of the page from now until `stop` is called, written to results/profiles/<name>.cpuprofile. */
async function startProfile(page: Page, name: string): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 250 });
  await session.send('Profiler.start');
  return async () => {
    const { profile } = await session.send('Profiler.stop');
    mkdirSync(profilesDir, { recursive: true });
    writeFileSync(join(profilesDir, `${name}.cpuprofile`), JSON.stringify(profile));
    await session.detach();
  };
}

/** Empties the browser's HTTP cache: the next load is a first visit, with nothing kept from earlier ones. */
/** What a change to the holding's fields or croppings does to its data revision (migration 0006), alone. */
async function moveDataRevision(database: Database, holdingId: number): Promise<void> {
  const result = (await database.db.execute(
    sql`UPDATE data_revisions SET revision = revision + 1 WHERE scope = ${holdingId} RETURNING revision`,
  )) as unknown as { rows: unknown[] };
  if (result.rows.length !== 1) throw new Error(`Holding ${holdingId} has no data revision to move on`);
}

async function clearBrowserCache(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

/**
 * Loads `url`, waits for the first complete render with every field, then plays the pan and zoom (unless `plan`
 * is null). With `profile`, CPU profiles of the load and of the pan and zoom are written under that name.
 */
async function measureRound(
  page: Page,
  url: string,
  plan: PanZoomPlan | null,
  profile: string | null,
): Promise<PageRound> {
  // A tab behind another gets one animation frame a second: the measured page must be the one in front.
  await page.bringToFront();
  // From a blank page: the navigation's time would otherwise include unloading the page before (10,000
  // features and a large heap after a pan and zoom), which a user opening the map does not wait for.
  await page.goto('about:blank');
  let stop = profile ? await startProfile(page, `${profile}-load`) : null;
  await page.goto(url);
  const handle = await page.waitForFunction(() => window.mapBench.firstRender, undefined, {
    polling: 100,
    timeout: stepTimeoutMs,
  });
  const firstRender = (await handle.jsonValue()) as FirstRender;
  await stop?.();
  if (!plan) return { firstRender, frames: [] };
  stop = profile ? await startProfile(page, `${profile}-panzoom`) : null;
  const frames: FrameSample[] = [];
  for (const mode of ['redraw', 'interaction'] as const) {
    const each = { ...plan, mode };
    frames.push(
      ...((await page.evaluate((planned) => window.mapBench.panZoom(planned), each)) as FrameSample[]),
    );
  }
  await stop?.();
  return { firstRender, frames };
}

/** One run's figures, as results/map.json keeps them per database. */
interface RunResults {
  database: string;
  holding: { name: string; year: number; fields: number; croppings: number };
  fieldsList: { medianMs: number; p95Ms: number; bytes: number; fieldsWithBoundary: number };
  map: {
    width: number;
    height: number;
    rounds: number;
    framesPerPhase: number;
    closeResolution: number;
    wideResolution: number | undefined;
  };
  /** Return visits: the list revalidated from the browser's cache; the pan and zoom are played on these. */
  app: PageFigures;
  bare: PageFigures;
  /**
   * First visits: the browser's cache emptied before each load. `app` finds the list built on the server (by an
   * earlier request of any member); `appAfterChange` comes after a change, so the server builds the list.
   */
  firstVisit: { app: LoadFigures; bare: LoadFigures; appAfterChange: LoadFigures };
}

/** The whole benchmark on one database: PGlite when `databaseUrl` is undefined, else that PostgreSQL server. */
async function runOn(databaseUrl: string | undefined, webDist: string): Promise<RunResults> {
  const scratch = await createScratchDatabase(databaseUrl);
  const label = scratch.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const workDir = mkdtempSync(join(tmpdir(), 'headland-bench-map-'));
  const dataDir = scratch.dir ?? join(workDir, 'db');
  const bareDir = join(workDir, 'bare');
  try {
    mkdirSync(bareDir);
    // PGlite starts from a migrated copy; PostgreSQL is migrated when opened.
    if (scratch.kind === 'pglite') await copyMigratedPgliteDir(dataDir);
    const config = configFromEnv({
      ...process.env,
      DATABASE_URL: scratch.url ?? '',
      SMTP_URL: '',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
    });
    const database = await openDatabase({ url: scratch.url, dataDir });
    try {
      await seedDemoData(database);
      const seeded = performance.now();
      const holding = await seedMapHolding(database, holdingName, fieldCount, year);
      console.log(
        `\n${label}: ${holdingName}: ${holding.fields} fields, ${holding.croppings} croppings in ${year} ` +
          `(added in ${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
      );
      const app = await buildApp({ config, database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const address = app.server.address();
        if (!address || typeof address === 'string')
          throw new Error('The app is not listening on a TCP port');
        const baseUrl = `http://127.0.0.1:${address.port}`;
        const list = await fetchFieldList(baseUrl, await openHoldingSession(baseUrl, { holdingName, year }));
        console.log(
          `GET /api/fields/v1?year=${year} from Node: median ${list.median.toFixed(0)} ms, p95 ${list.p95.toFixed(0)} ms ` +
            `(5 calls), ${(list.body.byteLength / 1_048_576).toFixed(1)} MB, ${list.withBoundary} fields with a boundary`,
        );
        const site = await startBareSite(bareDir, list.body);
        const browser = await chromium.launch({
          executablePath: '/usr/bin/chromium',
          args: chromiumArgs,
          headless: true,
        });
        try {
          const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-GB', viewport });
          const appPage = await newDrivenPage(
            context,
            site.driverScript,
            list.withBoundary,
            '/api/fields/v1',
          );
          await signInThroughScreens(appPage, { holdingName, year });
          const barePage = await newDrivenPage(context, site.driverScript, list.withBoundary, '/fields.json');

          const appRounds: PageRound[] = [];
          const bareRounds: PageRound[] = [];
          const appFirstVisits: PageRound[] = [];
          const appChangedVisits: PageRound[] = [];
          const bareFirstVisits: PageRound[] = [];
          let plan: PanZoomPlan | null = null;
          let mapSize = { width: viewport.width, height: viewport.height };
          for (let round = 0; round < rounds; round++) {
            if (!plan) {
              // The bare page's map gets the size of the app's, and both start the pan and zoom from one view.
              await appPage.goto(`/datalayers?mapbench`);
              const box = await appPage.getByRole('region', { name: 'Map', exact: true }).boundingBox();
              if (!box) throw new Error('The app drew no map');
              mapSize = { width: Math.round(box.width), height: Math.round(box.height) };
              const [west, south, east, north] = list.extent;
              plan = {
                mode: 'redraw',
                centre: [(west + east) / 2, (south + north) / 2],
                wideResolution:
                  1.05 * Math.max((east - west) / mapSize.width, (north - south) / mapSize.height),
                closeResolution,
                framesPerPhase,
                panPixelsPerFrame: 20,
              };
            }
            const profile = profiling && round === rounds - 1 ? `map-${scratch.kind}` : null;
            // A first visit after a change: the browser's cache is empty and the server builds the list afresh,
            // as after any change to the holding's fields or croppings (which moves its data revision on).
            await clearBrowserCache(appPage);
            await moveDataRevision(database, holding.holdingId);
            appChangedVisits.push(
              await measureRound(
                appPage,
                `/datalayers?mapbench`,
                null,
                profile ? `${profile}-app-changed` : null,
              ),
            );
            // A first visit: neither page has anything in the browser's cache, so the app downloads the whole
            // list, which the server built for the visit before. The return visit right after it revalidates the
            // list the first one kept.
            await clearBrowserCache(appPage);
            appFirstVisits.push(
              await measureRound(
                appPage,
                `/datalayers?mapbench`,
                null,
                profile ? `${profile}-app-first` : null,
              ),
            );
            bareFirstVisits.push(
              await measureRound(
                barePage,
                `${site.baseUrl}bare.html?width=${mapSize.width}&height=${mapSize.height}`,
                null,
                null,
              ),
            );
            appRounds.push(
              await measureRound(appPage, `/datalayers?mapbench`, plan, profile ? `${profile}-app` : null),
            );
            bareRounds.push(
              await measureRound(
                barePage,
                `${site.baseUrl}bare.html?width=${mapSize.width}&height=${mapSize.height}`,
                plan,
                profile ? `${profile}-bare` : null,
              ),
            );
            console.log(
              `round ${round + 1}, first visit after a change: app ` +
                describeFirstRender(appChangedVisits.at(-1)!.firstRender),
            );
            console.log(
              `round ${round + 1}, first visit: app ${describeFirstRender(appFirstVisits.at(-1)!.firstRender)}; ` +
                `bare ${describeFirstRender(bareFirstVisits.at(-1)!.firstRender)}`,
            );
            console.log(
              `round ${round + 1}, return visit: app ${describeFirstRender(appRounds.at(-1)!.firstRender)}; ` +
                `bare ${describeFirstRender(bareRounds.at(-1)!.firstRender)}`,
            );
          }
          const appFigures = pageFigures(appRounds, labelMaxResolution);
          const bareFigures = pageFigures(bareRounds, labelMaxResolution);
          const appFirstVisit = loadFigures(appFirstVisits);
          const appChangedVisit = loadFigures(appChangedVisits);
          const bareFirstVisit = loadFigures(bareFirstVisits);
          console.log(
            `\n${label}: map ${mapSize.width} x ${mapSize.height} px; ${rounds} rounds, each a fresh page load then ` +
              `${framesPerPhase} frames each of zoom in (to ${closeResolution} m/px), pan with labels and zoom out; ` +
              `headless Chromium without GPU, no base map tiles (no network)`,
          );
          const firstVisit = { app: appFirstVisit, bare: bareFirstVisit, appAfterChange: appChangedVisit };
          printComparison(appFigures, bareFigures, aims, firstVisit);
          return {
            database: label,
            holding: { name: holdingName, year, fields: holding.fields, croppings: holding.croppings },
            fieldsList: {
              medianMs: list.median,
              p95Ms: list.p95,
              bytes: list.body.byteLength,
              fieldsWithBoundary: list.withBoundary,
            },
            map: {
              ...mapSize,
              rounds,
              framesPerPhase,
              closeResolution,
              wideResolution: plan?.wideResolution,
            },
            app: appFigures,
            bare: bareFigures,
            firstVisit,
          };
        } finally {
          await browser.close();
          await site.close();
        }
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const load = loadavg();
console.log(`Map benchmark: load average ${load.map((value) => value.toFixed(2)).join(', ')} before the run`);
const buildNote = webDistOverride ? `serving ${webDistOverride} (BENCH_WEB_DIST)` : ensureWebBuild();
console.log(buildNote);

// The server serves a copy, so that a build made meanwhile cannot change the pages between rounds.
const distDir = mkdtempSync(join(tmpdir(), 'headland-bench-map-web-'));
try {
  cpSync(webDistOverride ?? benchWebDist, distDir, { recursive: true });
  const runs = [await runOn(undefined, distDir)];
  if (process.env.DATABASE_URL) runs.push(await runOn(process.env.DATABASE_URL, distDir));
  else
    console.log(
      '\nPostgreSQL: skipped, DATABASE_URL is not set (bash scripts/ensure-postgres.sh starts one).',
    );
  writeResults(resultsPath, { date: new Date().toISOString(), loadAverage: load, webBuild: buildNote, runs });
  console.log(`\nwritten to bench/results/map.json`);
} finally {
  rmSync(distDir, { recursive: true, force: true });
}
