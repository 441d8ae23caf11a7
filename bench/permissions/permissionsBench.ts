import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '@headland/server/src/app.ts';
import { configFromEnv } from '@headland/server/src/config.ts';
import { openDatabase, type Database } from '@headland/server/src/db/database.ts';
import { seedDemoData } from '@headland/server/src/db/seed/seedDemo.ts';
import { copyMigratedPgliteDir } from '@headland/server/src/testing/testDatabase.ts';
import { jsonOf, openHoldingSession, signInThroughScreens } from '../support/demoSession.ts';

/*
 * The holding users and permissions dialog on a large holding (holdings spec §2.2): the demo's Wold Farm with
 * BENCH_USERS extra members (200) and BENCH_CROPPINGS extra croppings (2,000) in its last crop year, on
 * PGlite. It times the dialog's GET on its own, then in headless Chromium the dialog from the menu click to
 * its first table, the Permissions grid after its tab is clicked, one filter keystroke until the grid shows
 * the narrower set of columns, and the Cropping tab (one restricted member against every cropping) after its
 * tab is clicked.
 */
const userCount = Number(process.env.BENCH_USERS ?? 200);
const croppingCount = Number(process.env.BENCH_CROPPINGS ?? 2000);
const getCalls = Number(process.env.BENCH_CALLS ?? 10);
const browserRounds = Number(process.env.BENCH_ROUNDS ?? 3);
const holdingName = 'Wold Farm';
const year = 2027;
const croppingsPerField = 5;
/** Visible crops of the demo's crop list (winter wheat, winter barley, potatoes, sugar beet, spring barley). */
const cropIds = [1, 4, 13, 18, 1001];
const firstNames = ['Amy', 'Ben', 'Cara', 'Dev', 'Ella', 'Finn', 'Gina', 'Hugo', 'Isla', 'Joel'];

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The built web app to serve: another build (of an older commit, say) can be compared with BENCH_WEB_DIST. */
const builtWeb = process.env.BENCH_WEB_DIST || join(repoRoot, 'web', 'dist');
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const stepTimeoutMs = 120_000;

async function addLoad(database: Database): Promise<void> {
  const db = database.db;
  const found = (await db.execute(
    sql`SELECT id FROM holdings WHERE trading_name = ${holdingName}`,
  )) as unknown as { rows: { id: number }[] };
  const holdingId = found.rows[0]?.id;
  if (holdingId === undefined) throw new Error(`The demo seed has no holding called ${holdingName}`);
  const names = `{${firstNames.join(',')}}`;
  // Plain members of the Client account role, with the role's default permissions (a null column).
  await db.execute(sql`
    INSERT INTO users (email, first_name, last_name, role, tcs_accepted_version)
    SELECT 'load' || lpad(i::text, 4, '0') || '@bench.example',
           (${names}::text[])[1 + i % ${firstNames.length}], 'Member ' || lpad(i::text, 4, '0'), 5, 1
      FROM generate_series(1, ${userCount}) AS i`);
  await db.execute(sql`
    INSERT INTO holding_users (holding_id, user_id, holding_role, holding_permissions, restrict_cropping_access)
    SELECT ${holdingId}, id, 1, NULL, false FROM users WHERE email LIKE 'load%@bench.example'`);
  const fieldCount = Math.ceil(croppingCount / croppingsPerField);
  await db.execute(sql`
    INSERT INTO fields (holding_id, name, field_group, area_type, working_area)
    SELECT ${holdingId}, 'Load field ' || lpad(i::text, 4, '0'), 'Block ' || (1 + i % 8), 'Working', 4
      FROM generate_series(1, ${fieldCount}) AS i`);
  await db.execute(sql`
    INSERT INTO field_years (field_id, year_id)
    SELECT id, ${year} FROM fields WHERE holding_id = ${holdingId} AND name LIKE 'Load field %'`);
  const crops = `{${cropIds.join(',')}}`;
  await db.execute(sql`
    INSERT INTO croppings (holding_id, field_id, year_id, crop_id, area)
    SELECT ${holdingId}, f.id, ${year}, (${crops}::int[])[1 + (f.id + k) % ${cropIds.length}], 0.8
      FROM fields f CROSS JOIN generate_series(1, ${croppingsPerField}) AS k
     WHERE f.holding_id = ${holdingId} AND f.name LIKE 'Load field %'
     LIMIT ${croppingCount}`);
}

function quantile(sorted: readonly number[], q: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function summary(samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `median ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} runs)`;
}

async function timeGet(
  baseUrl: string,
  token: string,
): Promise<{ samples: number[]; bytes: number; users: number; croppings: number }> {
  const url = `${baseUrl}/api/holdings/v1/permissions?year=${year}`;
  const headers = { authorization: `Bearer ${token}` };
  // One call first: the first answer also pays for the route's first compilation and the database's caches.
  const first = await jsonOf<{ users: unknown[]; croppings: unknown[] }>(await fetch(url, { headers }));
  const samples: number[] = [];
  let bytes = 0;
  for (let call = 0; call < getCalls; call++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET permissions answered ${response.status}`);
    bytes = body.byteLength;
  }
  return { samples, bytes, users: first.users.length, croppings: first.croppings.length };
}

/**
 * Clicks inside the page and waits, checking once per animation frame, for `ready` (a CSS selector that
 * matches once the screen is drawn); answers the time between the two in the page's own clock, so the
 * test driver's round trips are not counted.
 */
async function timeClickUntil(page: Page, target: string, ready: string): Promise<number> {
  const started = await page.evaluate((selector) => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`nothing matches ${selector}`);
    const now = performance.now();
    element.click();
    return now;
  }, target);
  const done = await page.waitForFunction(
    (selector) => (document.querySelector(selector) ? performance.now() : 0),
    ready,
    { polling: 'raf', timeout: stepTimeoutMs },
  );
  return ((await done.jsonValue()) as number) - started;
}

const dialogSelector = '[role="dialog"]';
const gridTable = `${dialogSelector} table[aria-label="Permissions of the members"]`;
const gridHeads = `${gridTable} thead th`;
const croppingTable = `${dialogSelector} table[aria-label="Croppings open to the restricted members"]`;

/**
 * In the page, once per animation frame: the time once the grid's member columns in all (its aria-colcount
 * less the Feature column; its header cells for a build that draws every column) equal `count`, or differ
 * from it when `differ` is set; else 0. The grid draws only the columns in view, so its header cells do not
 * tell how many members it shows.
 */
function whenColumns([selector, count, differ]: readonly [string, number, boolean]): number {
  const table = document.querySelector(selector);
  if (!table || !table.querySelector('thead th')) return 0;
  const declared = table.getAttribute('aria-colcount');
  const columns = (declared ? Number(declared) : table.querySelectorAll('thead th').length) - 1;
  return (differ ? columns !== count : columns === count) ? performance.now() : 0;
}

function gridColumnCount(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    const table = document.querySelector(selector);
    const declared = table?.getAttribute('aria-colcount');
    return (declared ? Number(declared) : (table?.querySelectorAll('thead th').length ?? 0)) - 1;
  }, gridTable);
}

interface Round {
  open: number;
  grid: number;
  filter: number;
  cropping: number;
  columns: [number, number];
  drawn: number;
}

/** One round: open the dialog, show the grid, type one filter character, clear it, show the Cropping tab, close. */
async function browserRound(page: Page): Promise<Round> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const item = page.getByRole('menuitem', { name: 'Edit permissions' });
  await item.waitFor();
  await item.evaluate((node) => node.setAttribute('data-bench', 'edit-permissions'));
  const open = await timeClickUntil(
    page,
    '[data-bench="edit-permissions"]',
    `${dialogSelector} table[aria-label="Users of this holding"] tbody tr`,
  );
  const dialog = page.getByRole('dialog', { name: 'Manage users and permissions for this holding' });
  const tab = dialog.getByRole('tab', { name: 'Permissions', exact: true });
  await tab.evaluate((node) => node.setAttribute('data-bench', 'permissions-tab'));
  const grid = await timeClickUntil(page, '[data-bench="permissions-tab"]', gridHeads);
  const before = await gridColumnCount(page);
  // Header cells less the Feature column: the member columns actually drawn.
  const drawn = (await page.locator(gridHeads).count()) - 1;

  const filter = dialog.getByLabel('Filter by user name');
  await filter.focus();
  // The keystroke's own event time starts the clock; the grid is drawn when its column count changes.
  await filter.evaluate((node) => {
    node.addEventListener(
      'keydown',
      (event) => ((window as unknown as { benchKey: number }).benchKey = event.timeStamp),
      {
        once: true,
      },
    );
  });
  await page.keyboard.press('7');
  const done = await page.waitForFunction(whenColumns, [gridTable, before, true] as const, {
    polling: 'raf',
    timeout: stepTimeoutMs,
  });
  const filterTime =
    ((await done.jsonValue()) as number) -
    (await page.evaluate(() => (window as unknown as { benchKey: number }).benchKey));
  const after = await gridColumnCount(page);

  // The restricted member does not match the filter: clear it before the Cropping tab.
  await filter.fill('');
  await page.waitForFunction(whenColumns, [gridTable, before, false] as const, {
    polling: 'raf',
    timeout: stepTimeoutMs,
  });
  const croppingTab = dialog.getByRole('tab', { name: 'Cropping', exact: true });
  await croppingTab.evaluate((node) => node.setAttribute('data-bench', 'cropping-tab'));
  const cropping = await timeClickUntil(
    page,
    '[data-bench="cropping-tab"]',
    `${croppingTable} tbody th[scope="rowgroup"]`,
  );

  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await dialog.waitFor({ state: 'detached' });
  return { open, grid, filter: filterTime, cropping, columns: [before, after], drawn };
}

if (!existsSync(join(builtWeb, 'index.html'))) {
  throw new Error(`${builtWeb}/index.html is missing: run 'npm run build' at the repository root first`);
}
const workDir = mkdtempSync(join(tmpdir(), 'headland-bench-permissions-'));
const dataDir = join(workDir, 'db');
const webDist = join(workDir, 'web');
try {
  cpSync(builtWeb, webDist, { recursive: true });
  await copyMigratedPgliteDir(dataDir);
  const config = configFromEnv({
    ...process.env,
    DATABASE_URL: '',
    SMTP_URL: '',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase({ dataDir });
  try {
    await seedDemoData(database);
    await addLoad(database);
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
      const baseUrl = `http://127.0.0.1:${address.port}`;

      const token = await openHoldingSession(baseUrl, { holdingName, year });
      const get = await timeGet(baseUrl, token);
      console.log(
        `Holding ${holdingName}: ${get.users} users, ${get.croppings} croppings in ${year} (PGlite)`,
      );
      console.log(
        `GET /api/holdings/v1/permissions?year=${year}: ${summary(get.samples)}, ${(get.bytes / 1024).toFixed(0)} kB`,
      );

      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: chromiumArgs,
        headless: true,
      });
      try {
        const context = await browser.newContext({
          baseURL: baseUrl,
          locale: 'en-GB',
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        page.setDefaultTimeout(stepTimeoutMs);
        await signInThroughScreens(page, { holdingName, year });
        const rounds = [];
        for (let round = 0; round < browserRounds; round++) rounds.push(await browserRound(page));
        const [columnsBefore, columnsAfter] = rounds[0]!.columns;
        console.log(
          `Dialog, menu click to the Users table drawn (includes the GET): ${summary(rounds.map((r) => r.open))}`,
        );
        console.log(
          `Permissions grid, tab click to the grid drawn (${columnsBefore} member columns, ${rounds[0]!.drawn} drawn): ${summary(rounds.map((r) => r.grid))}`,
        );
        console.log(
          `Filter keystroke '7' to the grid redrawn (${columnsBefore} -> ${columnsAfter} columns): ${summary(rounds.map((r) => r.filter))}`,
        );
        console.log(
          `Cropping tab, tab click to the grid drawn (${get.croppings} croppings): ${summary(rounds.map((r) => r.cropping))}`,
        );
      } finally {
        await browser.close();
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
