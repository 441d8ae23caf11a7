import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from '../api/childServer.ts';
import { createScratchDatabase } from '../api/scratchDatabase.ts';

/*
 * Live updates across two servers on one PostgreSQL database (session-shell §4): SOCKETS live sockets on one
 * holding, half on each server; EDITS field renames through alternate servers; for each, the time from the
 * request being sent until each socket has the event. Needs PostgreSQL: BENCH_DATABASE_URL, else the shared
 * test server. Run with `npm run bench:live -w bench`.
 */
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/headland_test';
const socketCount = Number(process.env.SOCKETS ?? 500);
const editCount = Number(process.env.EDITS ?? 20);
const warmUpEdits = 4;
const owner = 'client@headland.example';
const password = 'Harvest2026';
const holdingName = 'Wold Farm';
const resultsFile = fileURLToPath(new URL('../results/live.json', import.meta.url));

async function call<T>(
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: owner, password }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Session {
  token: string;
  sessionId: string;
}

/** A new holding session (a browser tab) opened with the account token of one sign-in. */
async function openSession(base: string, accountToken: string, holdingId: number): Promise<Session> {
  const answer = await call<{ Token: string; SessionId: string }>(
    base,
    accountToken,
    'POST',
    '/api/session/v1/holdings/select',
    { holdingId },
  );
  return { token: answer.Token, sessionId: answer.SessionId };
}

/** A socket and the moments (performance.now) at which each awaited field name arrived. */
interface BenchSocket {
  socket: WebSocket;
  arrivals: Map<string, number>;
}

function openSocket(server: ChildServer, session: Session): Promise<BenchSocket> {
  const query = new URLSearchParams({ sessionId: session.sessionId, authToken: session.token });
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws/v1/connect?${query}`);
  const arrivals = new Map<string, number>();
  return new Promise((resolve, reject) => {
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { Type: string; Data: unknown };
      if (message.Type === 'sessions') resolve({ socket, arrivals });
      if (message.Type !== 'events') return;
      const at = performance.now();
      for (const item of (message.Data as { Events: { Data: { Name?: string } }[] }).Events) {
        if (item.Data.Name) arrivals.set(item.Data.Name, at);
      }
    };
    socket.onerror = () => reject(new Error('a socket failed to open'));
  });
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (value: number) => Math.round(value * 10) / 10;

const scratch = await createScratchDatabase(serverUrl);
const env = { ...process.env, DATABASE_URL: scratch.url, LOG_LEVEL: 'error' };
const servers: ChildServer[] = [];
try {
  // One after the other: the first migrates and seeds the new database, the second finds it ready.
  servers.push(await startChildServer({ name: 'A', script: 'appServer.ts', env }));
  servers.push(await startChildServer({ name: 'B', script: 'appServer.ts', env }));
  const [a, b] = servers as [ChildServer, ChildServer];
  const memoryBefore = { a: rssMb(a.pid), b: rssMb(b.pid) };
  const token = await signIn(a.url);
  const [holding] = await call<{ HoldingId: number }[]>(
    a.url,
    token,
    'GET',
    `/api/session/v1/holdings/query?query=${encodeURIComponent(holdingName)}`,
  );
  if (!holding) throw new Error(`${holdingName} is not in the demo data`);

  console.log(`Opening ${socketCount} sessions and sockets on ${holdingName}, half on each server...`);
  // One sign-in per server: each holding selection with its account token opens a session of its own, as
  // tabs of one browser do (a password sign-in per socket made most of the run's time).
  const accountTokens = new Map([
    [a, await signIn(a.url)],
    [b, await signIn(b.url)],
  ]);
  const sockets: BenchSocket[] = [];
  for (let index = 0; index < socketCount; index++) {
    const server = index % 2 === 0 ? a : b;
    const session = await openSession(server.url, accountTokens.get(server)!, holding.HoldingId);
    sockets.push(await openSocket(server, session));
  }
  const memoryOpen = { a: rssMb(a.pid), b: rssMb(b.pid) };

  const writer = await openSession(a.url, accountTokens.get(a)!, holding.HoldingId);
  const writerB = await openSession(b.url, accountTokens.get(b)!, holding.HoldingId);
  const [field] = await call<{ FieldId: number }[]>(a.url, writer.token, 'GET', '/api/fields/v1');
  if (!field) throw new Error(`${holdingName} has no field`);

  // Warm-up, not measured: the first renames compile the write path and fill the servers' caches.
  for (let edit = 0; edit < warmUpEdits; edit++) {
    const [server, session] = edit % 2 === 0 ? [a, writer] : [b, writerB];
    await call(server.url, session.token, 'PUT', `/api/fields/v1/${field.FieldId}`, {
      Name: `Warm-up ${process.pid}-${edit}`,
    });
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const perSocket: number[] = [];
  const untilAll: number[] = [];
  /** Where the time goes: the write's own round trip, and from its answer until every socket has the event. */
  const answered: number[] = [];
  const fanOut: number[] = [];
  for (let edit = 0; edit < editCount; edit++) {
    const name = `Bench Close ${process.pid}-${edit}`;
    const [server, session] = edit % 2 === 0 ? [a, writer] : [b, writerB];
    const sent = performance.now();
    await call(server.url, session.token, 'PUT', `/api/fields/v1/${field.FieldId}`, { Name: name });
    const answeredAt = performance.now();
    const deadline = Date.now() + 10_000;
    while (sockets.some((entry) => !entry.arrivals.has(name)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const times = sockets.map((entry) => (entry.arrivals.get(name) ?? Number.NaN) - sent);
    const missing = times.filter((time) => Number.isNaN(time)).length;
    if (missing) throw new Error(`edit ${edit}: ${missing} sockets had nothing after 10 s`);
    perSocket.push(...times);
    untilAll.push(Math.max(...times));
    answered.push(answeredAt - sent);
    fanOut.push(Math.max(...times) - (answeredAt - sent));
  }
  const memoryAfter = { a: rssMb(a.pid), b: rssMb(b.pid) };

  const figures = {
    date: new Date().toISOString(),
    sockets: socketCount,
    edits: editCount,
    database: 'postgres',
    perSocketMs: { p50: round(percentile(perSocket, 50)), p99: round(percentile(perSocket, 99)) },
    untilEverySocketMs: { p50: round(percentile(untilAll, 50)), p99: round(percentile(untilAll, 99)) },
    editAnsweredMs: { p50: round(percentile(answered, 50)), p99: round(percentile(answered, 99)) },
    answerUntilEverySocketMs: { p50: round(percentile(fanOut, 50)), p99: round(percentile(fanOut, 99)) },
    serverRssMb: { beforeSockets: memoryBefore, socketsOpen: memoryOpen, afterEdits: memoryAfter },
  };
  console.log(`
Live updates, ${socketCount} sockets on one holding across two servers (PostgreSQL), ${editCount} field renames
  edit sent -> event on a socket:   p50 ${figures.perSocketMs.p50} ms   p99 ${figures.perSocketMs.p99} ms
  edit sent -> on every socket:     p50 ${figures.untilEverySocketMs.p50} ms   p99 ${figures.untilEverySocketMs.p99} ms
  edit sent -> answered:            p50 ${figures.editAnsweredMs.p50} ms   p99 ${figures.editAnsweredMs.p99} ms
  answered -> on every socket:      p50 ${figures.answerUntilEverySocketMs.p50} ms   p99 ${figures.answerUntilEverySocketMs.p99} ms
  server memory (RSS, MB) A/B: before sockets ${memoryBefore.a}/${memoryBefore.b}, sockets open ${memoryOpen.a}/${memoryOpen.b}, after edits ${memoryAfter.a}/${memoryAfter.b}`);
  writeFileSync(resultsFile, `${JSON.stringify(figures, null, 2)}\n`);
  for (const entry of sockets) entry.socket.close();
} finally {
  for (const server of servers) await server.stop();
  await scratch.drop();
}
