import { cpSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoLogins, type DemoLogin } from '@headland/server/src/db/seed/seedDemo.ts';
import { startChildServer, type ChildServer } from './childServer.ts';
import { compareExactly, compareShape, fetchAnswer } from './compareAnswers.ts';
import { measure, medianRun, type Figures, type Load } from './measure.ts';
import { createScratchDatabase } from './scratchDatabase.ts';
import { formatResults, readBaseline, writeJson, type ApiResults, type TargetName } from './apiReport.ts';

/*
 * The API benchmark: the real server and a bare node:http server running the same SQL, each in its own process,
 * loaded in turn by autocannon from this process on the same fresh, demo-seeded database.
 */
const connections = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = 2;
// On a machine shared with other work, several turns of app then bare, reported by their median, keep a burst
// of outside load from landing on one server only.
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const benchDir = fileURLToPath(new URL('..', import.meta.url));
const baselineFile = join(benchDir, 'baseline/api.json');
// A demo user with several holdings who is neither Master nor Admin, so the holding list goes through the
// membership and agronomist test like most users' lists do.
const loginEmail = process.env.BENCH_LOGIN ?? 'agronomist@headland.example';
const login = demoLogins.find((candidate) => candidate.email === loginEmail);
if (!login) throw new Error(`No demo login ${loginEmail}`);
// Matches both of the agronomist's holdings: Wold Farm by its name, Mains of Balgray by its town, Coupar Angus.
const queryText = process.env.BENCH_QUERY ?? 'ar';

const loadAverageBefore = loadavg()[0]!;
const scratch = await createScratchDatabase(process.env.DATABASE_URL);
const children: ChildServer[] = [];
let cleaned = false;
const cleanUp = async () => {
  if (cleaned) return;
  cleaned = true;
  for (const child of children.splice(0)) await child.stop();
  await scratch.drop();
};
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

function startApp(dataDir: string | undefined, nodeFlags: string[] = []): Promise<ChildServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0' };
  delete env.DATABASE_URL;
  if (scratch.url) env.DATABASE_URL = scratch.url;
  if (dataDir) env.DATA_DIR = dataDir;
  return startChildServer({ name: 'app', script: './appServer.ts', env, nodeFlags }).then(track);
}

function track(child: ChildServer): ChildServer {
  children.push(child);
  return child;
}

async function stop(child: ChildServer): Promise<void> {
  children.splice(children.indexOf(child), 1);
  await child.stop();
}

/** The second of two identical calls, with the statements the server sent for it. */
async function answerTwice(server: ChildServer, load: Load) {
  await fetchAnswer(load);
  const before = await server.usage();
  const answer = await fetchAnswer(load);
  const after = await server.usage();
  return { ...answer, queries: after.queries - before.queries };
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function signIn(baseUrl: string, account: DemoLogin): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'password',
    username: account.email,
    password: account.password,
  });
  const answer = await json<{ access_token: string }>(
    await fetch(`${baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }),
  );
  return answer.access_token;
}

try {
  const appDir = scratch.dir && join(scratch.dir, 'app');
  const bareDir = scratch.dir && join(scratch.dir, 'bare');
  const profileDir = join(benchDir, 'results/profiles');
  const profiling = Boolean(process.env.BENCH_PROFILE);
  // One folder per server: the module loader's worker thread writes a profile of its own beside the main one.
  const profileFlags = (server: string) =>
    profiling
      ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, `${server}-${scratch.kind}-${Date.now()}`)}`]
      : [];
  if (profiling) mkdirSync(profileDir, { recursive: true });

  let app = await startApp(appDir);
  const token = await signIn(app.url, login);
  const headers = { authorization: `Bearer ${token}` };
  const query = (base: string): Load => ({
    url: `${base}/api/session/v1/holdings/query?query=${encodeURIComponent(queryText)}`,
    method: 'GET',
    headers,
  });
  const holdings = await json<{ HoldingId: number }[]>(await fetch(query(app.url).url, { headers }));
  const holdingId = holdings[0]?.HoldingId;
  if (holdingId === undefined)
    throw new Error(`The holding query "${queryText}" finds nothing for ${login.email}`);
  // One holding session per connection, as if each were a browser tab reopening the holding: with
  // reuseSession each call takes up its own session again and answers a new token, so the sessions list stays
  // the same size through the run (new sessions on every call would grow every answer).
  const selectBody = JSON.stringify({ holdingId, reuseSession: true, clientState: { moduleId: 1 } });
  const sessionTokens: string[] = [];
  for (let index = 0; index < connections; index++) {
    const opened = await json<{ Token: string }>(
      await fetch(`${app.url}/api/session/v1/holdings/select`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ holdingId, reuseSession: false }),
      }),
    );
    sessionTokens.push(opened.Token);
  }
  const connectionHeaders = sessionTokens.map((sessionToken) => ({
    authorization: `Bearer ${sessionToken}`,
    'content-type': 'application/json',
  }));
  const select = (base: string): Load => ({
    url: `${base}/api/session/v1/holdings/select`,
    method: 'POST',
    headers: connectionHeaders[0]!,
    body: selectBody,
    connectionHeaders,
  });

  if (appDir && bareDir) {
    // PGlite is one process's database: the bare server gets its own copy of the seeded, signed-in data.
    await stop(app);
    cpSync(appDir, bareDir, { recursive: true });
    app = await startApp(appDir, profileFlags('app'));
  } else if (profiling) {
    await stop(app);
    app = await startApp(undefined, profileFlags('app'));
  }
  const bareEnv: NodeJS.ProcessEnv = { ...process.env, BARE_POOL_SIZE: String(app.ready.poolSize) };
  delete bareEnv.DATABASE_URL;
  if (scratch.url) bareEnv.BARE_DATABASE_URL = scratch.url;
  if (bareDir) bareEnv.BARE_DATA_DIR = bareDir;
  const bare = track(
    await startChildServer({
      name: 'bare',
      script: './bareServer.ts',
      env: bareEnv,
      nodeFlags: profileFlags('bare'),
    }),
  );

  const targets: Record<TargetName, { load: (base: string) => Load; exact: boolean }> = {
    query: { load: query, exact: true },
    select: { load: select, exact: false },
  };
  const results: ApiResults = {
    kind: scratch.kind,
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverageBefore: Number(loadAverageBefore.toFixed(2)),
    },
    settings: { connections, seconds, warmupSeconds, rounds },
    app: { database: app.ready.database, poolSize: app.ready.poolSize },
    bare: { database: bare.ready.database, poolSize: bare.ready.poolSize },
    targets: {},
  };
  console.log(
    `API benchmark on ${scratch.kind}: ${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s runs` +
      (rounds > 1 ? `, ${rounds} rounds (median shown).` : '.'),
  );
  console.log(`  app:  Fastify app, ${app.ready.database}, pool ${app.ready.poolSize}`);
  console.log(`  bare: node:http, ${bare.ready.database}, pool ${bare.ready.poolSize}`);
  console.log(
    `  caller: ${login.email}; query "${queryText}" (${holdings.length} holdings); select reopens holding ${holdingId}, one session per connection`,
  );

  let failed = false;
  const only = process.env.BENCH_TARGETS?.split(',');
  for (const [name, target] of Object.entries(targets) as [TargetName, (typeof targets)[TargetName]][]) {
    if (only && !only.includes(name)) continue;
    // The second call of each is the one compared: the first fills the caller caches, as in the runs.
    const appAnswer = await answerTwice(app, target.load(app.url));
    const bareAnswer = await answerTwice(bare, target.load(bare.url));
    const difference = target.exact
      ? compareExactly(appAnswer, bareAnswer)
      : compareShape(appAnswer, bareAnswer);
    if (difference) throw new Error(`${name}: the bare server does not answer like the app: ${difference}`);
    if (appAnswer.queries !== bareAnswer.queries) {
      throw new Error(
        `${name}: the app sent ${appAnswer.queries} statements for one answer and the bare server ${bareAnswer.queries}`,
      );
    }
    const check =
      (target.exact
        ? `same status and the same ${appAnswer.body.length} body bytes`
        : `same status and JSON shape (a new token each call); ${appAnswer.body.length} and ${bareAnswer.body.length} bytes`) +
      `; ${appAnswer.queries} statements each`;
    console.log(`  ${name}: ${check}`);

    const options = { connections, seconds, warmupSeconds };
    const appRuns: Figures[] = [];
    const bareRuns: Figures[] = [];
    for (let round = 0; round < rounds; round++) {
      appRuns.push(await measure(target.load(app.url), app.usage, options));
      bareRuns.push(await measure(target.load(bare.url), bare.usage, options));
    }
    for (const [server, runs] of [
      ['app', appRuns],
      ['bare', bareRuns],
    ] as const) {
      for (const figures of runs) {
        if (figures.non2xx || figures.errors || !figures.requests) {
          failed = true;
          console.error(
            `  ${name} on ${server}: ${figures.requests} answers, ${figures.non2xx} not 2xx, ${figures.errors} errors`,
          );
        }
      }
    }
    const appFigures = medianRun(appRuns);
    const bareFigures = medianRun(bareRuns);
    const load = target.load('');
    results.targets[name] = {
      request: `${load.method} ${load.url}`,
      app: appFigures,
      bare: bareFigures,
      ratio: bareFigures.requestsPerSecond ? appFigures.requestsPerSecond / bareFigures.requestsPerSecond : 0,
      check,
      roundsRequestsPerSecond: {
        app: appRuns.map((figures) => Math.round(figures.requestsPerSecond)),
        bare: bareRuns.map((figures) => Math.round(figures.requestsPerSecond)),
      },
    };
  }

  const baseline = readBaseline(baselineFile);
  console.log(`\n${formatResults(results, baseline[scratch.kind])}`);
  writeJson(join(benchDir, `results/api-${scratch.kind}.json`), results);
  if (failed) {
    console.error('Some requests failed: these figures are not valid and the baseline was left alone.');
    process.exitCode = 1;
  } else if (process.env.BENCH_UPDATE_BASELINE) {
    writeJson(baselineFile, { ...baseline, [scratch.kind]: results });
    console.log(`Baseline for ${scratch.kind} updated.`);
  }
} finally {
  await cleanUp();
}
