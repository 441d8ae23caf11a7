import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allocatorSettings } from '@headland/server/src/allocatorSettings.ts';
import { copyMigratedPgliteDir } from '@headland/server/src/testing/testDatabase.ts';
import { createScratchDatabase } from '../api/scratchDatabase.ts';

// Many users at once against the real server, started as production starts it (compiled, in its own process,
// default log level): each signs in once, opens a holding, then loops over the fields list, the heartbeat, the
// holding's permissions and a reselection of the holding, pausing between calls as a person would. Halfway
// through, one caller sends a boundary of 100,000 vertices while a probe times /api/health every 50 ms.
// Settings: BENCH_USERS (100), BENCH_MINUTES (10), BENCH_THINK_MS (1000, the mean pause between one user's calls),
// DATABASE_URL (also run on that PostgreSQL server, in a database made for the run and dropped afterwards).

const users = Number(process.env.BENCH_USERS ?? 100);
const minutes = Number(process.env.BENCH_MINUTES ?? 10);
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = process.env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('../results/', import.meta.url));
const password = 'Harvest2026';

/** Demo accounts that may make every call of the loop, each with a holding it owns or manages. */
const accounts = [
  { email: 'client@headland.example', holding: 'Wold Farm' },
  { email: 'balgray@headland.example', holding: 'Mains of Balgray' },
  { email: 'penlan@headland.example', holding: 'Penlan' },
  { email: 'master@headland.example', holding: 'Penlan' },
  { email: 'admin@headland.example', holding: 'Mains of Balgray' },
];

type Call = 'sign-in' | 'select' | 'fields' | 'heartbeat' | 'permissions' | 'reselect';

class Recorder {
  readonly times = new Map<Call, number[]>();
  readonly errors = new Map<Call, string[]>();

  async time<T>(
    call: Call,
    run: () => Promise<Response>,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    try {
      const response = await run();
      if (!response.ok)
        throw new Error(`${call} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const value = await read(response);
      this.add(this.times, call, performance.now() - started);
      return value;
    } catch (error) {
      this.add(this.errors, call, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  private add<T>(map: Map<Call, T[]>, call: Call, value: T): void {
    const list = map.get(call) ?? [];
    list.push(value);
    map.set(call, list);
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const compiled = join(repoRoot, 'server', 'dist', 'main.js');
  if (!existsSync(compiled)) throw new Error('server/dist/main.js is missing: run npm run build first');
  const child = spawn(process.execPath, ['--conditions=headland-compiled', compiled], {
    cwd: repoRoot,
    // Started as npm run serve starts it (BENCH_DEFAULT_ALLOCATOR=true: glibc's defaults, for comparison).
    env: {
      ...process.env,
      ...(process.env.BENCH_DEFAULT_ALLOCATOR === 'true' ? {} : allocatorSettings),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      ...env,
    },
    // The access log (one line per request at the default level) is written, as in production, and dropped.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface SimulatedUser {
  token: string;
  holdingToken: string;
  holdingId: number;
}

async function signInUser(url: string, index: number, recorder: Recorder): Promise<SimulatedUser> {
  const account = accounts[index % accounts.length]!;
  const token = await recorder.time(
    'sign-in',
    () =>
      fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: account.email, password }).toString(),
      }),
    async (response) => ((await response.json()) as { access_token: string }).access_token,
  );
  const headers = { authorization: `Bearer ${token}` };
  const found = (await (
    await fetch(`${url}/api/session/v1/holdings/query?query=${encodeURIComponent(account.holding)}`, {
      headers,
    })
  ).json()) as { HoldingId: number; TradingName: string }[];
  const holdingId = found.find((holding) => holding.TradingName === account.holding)?.HoldingId;
  if (holdingId === undefined) throw new Error(`${account.email} finds no holding ${account.holding}`);
  const holdingToken = await recorder.time(
    'select',
    () => select(url, token, holdingId, false),
    async (response) => ((await response.json()) as { Token: string }).Token,
  );
  return { token, holdingToken, holdingId };
}

function select(url: string, token: string, holdingId: number, reuseSession: boolean): Promise<Response> {
  return fetch(`${url}/api/session/v1/holdings/select`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ holdingId, reuseSession }),
  });
}

const pause = () => new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
const drain = async (response: Response) => {
  await response.arrayBuffer();
};

async function userLoop(url: string, user: SimulatedUser, until: number, recorder: Recorder): Promise<void> {
  const holding = { authorization: `Bearer ${user.holdingToken}` };
  const calls: [Call, () => Promise<Response>][] = [
    ['fields', () => fetch(`${url}/api/fields/v1`, { headers: holding })],
    [
      'heartbeat',
      () =>
        fetch(`${url}/api/session/v1`, {
          method: 'POST',
          headers: { ...holding, 'content-type': 'application/json' },
          body: JSON.stringify({ return: { sessions: true } }),
        }),
    ],
    ['permissions', () => fetch(`${url}/api/holdings/v1/permissions`, { headers: holding })],
    ['reselect', () => select(url, user.token, user.holdingId, true)],
  ];
  // Users start spread over one pause, not all in the same millisecond.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * thinkMs));
  while (Date.now() < until) {
    for (const [call, run] of calls) {
      if (Date.now() >= until) return;
      await recorder.time(call, run, drain).catch(() => undefined);
      await pause();
    }
  }
}

/** A ring of `count` vertices around a point near Louth (Wold Farm), as GeoJSON. */
function bigBoundary(count: number): object {
  const ring: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const angle = (2 * Math.PI * i) / count;
    ring.push([-0.005 + 0.004 * Math.cos(angle), 53.37 + 0.0025 * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

interface HealthProbe {
  stop(): { maxMs: number; samples: number };
}

/** Times GET /api/health every 50 ms (one at a time) until stopped; a call still waiting counts its wait so far. */
function probeHealth(url: string): HealthProbe {
  let running = true;
  let maxMs = 0;
  let samples = 0;
  let waitingSince: number | null = null;
  const loop = async () => {
    while (running) {
      waitingSince = performance.now();
      try {
        await drain(await fetch(`${url}/api/health`));
      } catch {
        // counted by its time
      }
      maxMs = Math.max(maxMs, performance.now() - waitingSince);
      waitingSince = null;
      samples++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  void loop();
  return {
    stop: () => {
      running = false;
      const still = waitingSince === null ? 0 : performance.now() - waitingSince;
      return { maxMs: Math.round(Math.max(maxMs, still)), samples };
    },
  };
}

interface BigRequest {
  vertices: number;
  status: number | string;
  ms: number;
  healthMaxMs: number;
  healthSamples: number;
}

async function sendBigBoundary(url: string, holdingToken: string): Promise<BigRequest> {
  const vertices = 100_000;
  const body = JSON.stringify({ Name: 'Load bench giant', Boundary: bigBoundary(vertices) });
  const probe = probeHealth(url);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  let status: number | string;
  try {
    const response = await fetch(`${url}/api/fields/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${holdingToken}`, 'content-type': 'application/json' },
      body,
    });
    await drain(response);
    status = response.status;
  } catch (error) {
    status = error instanceof Error ? error.message : String(error);
  }
  const ms = Math.round(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const health = probe.stop();
  return { vertices, status, ms, healthMaxMs: health.maxMs, healthSamples: health.samples };
}

interface CallFigures {
  call: Call;
  count: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface RunFigures {
  database: string;
  users: number;
  minutes: number;
  thinkMs: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
  firstErrors: string[];
  calls: CallFigures[];
  memoryMb: { start: number; end: number; max: number; samples: number[] };
  health: { maxMsDuringRun: number; samples: number };
  bigBoundary: BigRequest;
  loadAverageBefore: number[];
}

async function runOn(database: 'pglite' | 'postgres', serverUrl: string | undefined): Promise<RunFigures> {
  const scratch = await createScratchDatabase(database === 'postgres' ? serverUrl : undefined);
  try {
    const env: Record<string, string> = {};
    if (scratch.kind === 'pglite') {
      const dataDir = join(scratch.dir!, 'db');
      await copyMigratedPgliteDir(dataDir);
      env.DATA_DIR = dataDir;
      env.DATABASE_URL = '';
    } else {
      env.DATABASE_URL = scratch.url!;
    }
    const loadAverageBefore = loadavg().map((value) => Math.round(value * 100) / 100);
    const server = await startServer(env, 3900 + Math.floor(Math.random() * 90));
    try {
      const recorder = new Recorder();
      const signedIn: SimulatedUser[] = [];
      // Sign in a few at a time: each sign-in costs a password hash.
      for (let index = 0; index < users; index += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, users - index) }, (_, offset) =>
            signInUser(server.url, index + offset, recorder),
          ),
        );
        signedIn.push(...batch);
      }
      const pid = server.child.pid!;
      const memory = [rssMb(pid)];
      const sampler = setInterval(() => memory.push(rssMb(pid)), 10_000);
      const started = Date.now();
      const until = started + minutes * 60_000;
      const overallHealth = probeHealth(server.url);
      const loops = signedIn.map((user) => userLoop(server.url, user, until, recorder));
      // Halfway through, the giant boundary, timed against /api/health on its own connection.
      await new Promise((resolve) => setTimeout(resolve, (minutes * 60_000) / 2));
      const bigBoundary = await sendBigBoundary(server.url, signedIn[0]!.holdingToken);
      console.log(`  ${database}: 100,000-vertex boundary ${JSON.stringify(bigBoundary)}`);
      await Promise.all(loops);
      const elapsedS = (Date.now() - started) / 1000;
      const health = overallHealth.stop();
      clearInterval(sampler);
      memory.push(rssMb(pid));

      const loopCalls: Call[] = ['fields', 'heartbeat', 'permissions', 'reselect'];
      const calls = (['sign-in', 'select', ...loopCalls] as Call[]).map((call) => {
        const times = [...(recorder.times.get(call) ?? [])].sort((a, b) => a - b);
        return {
          call,
          count: times.length,
          errors: recorder.errors.get(call)?.length ?? 0,
          p50Ms: Math.round(percentile(times, 50) * 10) / 10,
          p99Ms: Math.round(percentile(times, 99) * 10) / 10,
          maxMs: Math.round(times.at(-1) ?? 0),
        };
      });
      const loopRequests = calls
        .filter((figures) => loopCalls.includes(figures.call))
        .reduce((sum, figures) => sum + figures.count + figures.errors, 0);
      const errors = calls.reduce((sum, figures) => sum + figures.errors, 0);
      return {
        database: database === 'postgres' ? 'PostgreSQL' : 'PGlite',
        users,
        minutes,
        thinkMs,
        requestsPerSecond: Math.round((loopRequests / elapsedS) * 10) / 10,
        requests: loopRequests,
        errors,
        firstErrors: [...recorder.errors.values()].flat().slice(0, 5),
        calls,
        memoryMb: {
          start: memory[0]!,
          end: memory.at(-1)!,
          max: Math.max(...memory),
          samples: memory,
        },
        health: { maxMsDuringRun: health.maxMs, samples: health.samples },
        bigBoundary,
        loadAverageBefore,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

function report(figures: RunFigures): void {
  console.log(
    `\n${figures.database}: ${figures.users} users for ${figures.minutes} min (pause ${figures.thinkMs} ms), ` +
      `${figures.requestsPerSecond} req/s, ${figures.requests} requests, ${figures.errors} errors; ` +
      `load average before ${figures.loadAverageBefore.join(', ')} on ${cpus().length} cores`,
  );
  console.log('| call | count | errors | p50 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const call of figures.calls) {
    console.log(
      `| ${call.call} | ${call.count} | ${call.errors} | ${call.p50Ms} | ${call.p99Ms} | ${call.maxMs} |`,
    );
  }
  console.log(
    `server memory (RSS): ${figures.memoryMb.start} MB at the start, ${figures.memoryMb.end} MB at the end, ` +
      `${figures.memoryMb.max} MB at most`,
  );
  console.log(`/api/health: longest wait ${figures.health.maxMsDuringRun} ms over the run`);
  const big = figures.bigBoundary;
  console.log(
    `100,000-vertex boundary: answered ${big.status} in ${big.ms} ms; /api/health waited at most ` +
      `${big.healthMaxMs} ms meanwhile (${big.healthSamples} probes)`,
  );
  if (figures.firstErrors.length) console.log(`first errors:\n  ${figures.firstErrors.join('\n  ')}`);
}

const only = process.env.BENCH_DATABASE; // 'pglite' or 'postgres' to run one only
const runs: RunFigures[] = [];
console.log(`Load benchmark: ${users} users, ${minutes} min per database, mean pause ${thinkMs} ms`);
if (only !== 'postgres') runs.push(await runOn('pglite', undefined));
if (only !== 'pglite' && process.env.DATABASE_URL)
  runs.push(await runOn('postgres', process.env.DATABASE_URL));
for (const figures of runs) report(figures);
mkdirSync(resultsDir, { recursive: true });
for (const figures of runs) {
  const file = join(resultsDir, `load-${figures.database === 'PGlite' ? 'pglite' : 'postgres'}.json`);
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}
if (runs.some((figures) => figures.errors > 0)) process.exitCode = 1;
