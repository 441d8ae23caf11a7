/**
 * Runs every benchmark once at a tiny size, one after another, so that a benchmark the code has outgrown fails
 * here instead of on the day it is needed. Timings are printed as each benchmark prints them, never compared:
 * at these sizes they mean nothing. The figures files the benchmarks write (results/, baseline/) are put back
 * as they were afterwards, so a smoke run never replaces a real run's figures.
 *
 * BENCH_SMOKE_ONLY=api,map runs the named ones only. DATABASE_URL (or TEST_DATABASE_URL) is the PostgreSQL
 * server of the live benchmark, which runs on nothing else; without one it is skipped and the output says so.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface SmokeRun {
  name: string;
  args: string[];
  env: Record<string, string>;
  /** A reason it cannot run here, if any. */
  skip?: string;
}

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const postgres = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const tsx = ['--import', 'tsx'];

// The embedded database everywhere (the PostgreSQL leg of each benchmark needs DATABASE_URL, left unset),
// but for the live benchmark, which measures PostgreSQL's notifications.
const runs: SmokeRun[] = [
  { name: 'api', args: [...tsx, 'api/apiBench.ts'], env: { BENCH_SECONDS: '1' } },
  { name: 'fields', args: [...tsx, 'fields/fieldsBench.ts'], env: { BENCH_CALLS: '1' } },
  {
    name: 'map',
    args: [...tsx, 'map/mapBench.ts'],
    env: { BENCH_FIELDS: '40', BENCH_ROUNDS: '1', BENCH_FRAMES: '5' },
  },
  {
    name: 'permissions',
    args: [...tsx, 'permissions/permissionsBench.ts'],
    env: { BENCH_USERS: '3', BENCH_CROPPINGS: '10', BENCH_CALLS: '1', BENCH_ROUNDS: '1' },
  },
  {
    name: 'live',
    args: ['--experimental-websocket', ...tsx, 'live/liveBench.ts'],
    env: { BENCH_DATABASE_URL: postgres, SOCKETS: '4', EDITS: '2' },
    ...(postgres ? {} : { skip: 'no PostgreSQL (DATABASE_URL or TEST_DATABASE_URL)' }),
  },
  {
    name: 'load',
    args: [...tsx, 'load/loadBench.ts'],
    env: { BENCH_USERS: '2', BENCH_MINUTES: '0.1', BENCH_DATABASE: 'pglite' },
  },
  {
    name: 'documents',
    args: [...tsx, 'documents/documentsBench.ts'],
    env: { BENCH_DOCUMENTS: '5', BENCH_ROUNDS: '1' },
  },
  {
    name: 'layers',
    args: [...tsx, 'layers/layersBench.ts'],
    env: { BENCH_FIELDS: '3', BENCH_POINTS: '200', BENCH_ROUNDS: '1' },
  },
  { name: 'layers-draw', args: [...tsx, 'layers/layerDrawBench.ts'], env: { BENCH_ROUNDS: '1' } },
];

/** Every file under the figures folders, with its content, to put back afterwards. */
function snapshotFigures(): Map<string, Buffer | null> {
  const kept = new Map<string, Buffer | null>();
  for (const folder of ['results', 'baseline']) {
    const dir = join(benchDir, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        kept.set(join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name)));
    }
  }
  return kept;
}

function restoreFigures(kept: Map<string, Buffer | null>): void {
  for (const folder of ['results', 'baseline']) {
    const dir = join(benchDir, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isFile() && !kept.has(path)) rmSync(path);
    }
  }
  for (const [path, content] of kept) if (content) writeFileSync(path, content);
}

/** A benchmark that hangs fails instead of holding the build. */
const timeoutMs = 5 * 60_000;

function runOne(run: SmokeRun): Promise<number> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...run.env };
    if (run.name !== 'live') {
      delete env.DATABASE_URL;
      delete env.BENCH_DATABASE_URL;
    }
    const child = spawn(process.execPath, run.args, { cwd: benchDir, env, stdio: 'inherit' });
    const timer = setTimeout(() => {
      console.error(`${run.name}: no end after ${timeoutMs / 1000} s, stopped`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

const only = process.env.BENCH_SMOKE_ONLY?.split(',').filter(Boolean);
const chosen = only ? runs.filter((run) => only.includes(run.name)) : runs;
const kept = snapshotFigures();
const outcomes: string[] = [];
let failed = 0;
try {
  for (const run of chosen) {
    if (run.skip) {
      outcomes.push(`${run.name.padEnd(12)} skipped: ${run.skip}`);
      continue;
    }
    console.log(
      `\n==> bench ${run.name} (${Object.entries(run.env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')})`,
    );
    const started = performance.now();
    const code = await runOne(run);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (code !== 0) failed += 1;
    outcomes.push(`${run.name.padEnd(12)} ${code === 0 ? 'ran' : `FAILED (exit ${code})`} in ${seconds} s`);
  }
} finally {
  restoreFigures(kept);
}
console.log('\n==> benchmark smoke run');
for (const line of outcomes) console.log(`    ${line}`);
process.exit(failed ? 1 : 0);
