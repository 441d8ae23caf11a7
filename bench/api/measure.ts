import autocannon from 'autocannon';
import type { ChildUsage } from './childServer.ts';

export interface Load {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Headers for each connection in turn (e.g. one caller per connection); `headers` when absent. */
  connectionHeaders?: Record<string, string>[];
}

export interface Figures {
  /** Mean of the per-second request counts. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Answers that were not 2xx, and connection errors other than timeouts: any of these spoils the run. */
  non2xx: number;
  errors: number;
  /**
   * CPU time the server process spent per request sent during the run. Unlike the rate, it barely moves when other
   * work shares the machine, so it is the steadier measure of what the framework costs.
   */
  serverCpuMsPerRequest: number;
  /** Mean number of queries waiting for a pool connection during the run; null without a pool (PGlite). */
  poolWaiting: number | null;
  /** Statements the server sent to the database per request (BEGIN and COMMIT included on PostgreSQL). */
  queriesPerRequest: number;
  /** Requests left unanswered for 10 s: a server that far behind its load is a finding, not a failure. */
  timeouts: number;
}

function run(load: Load, connections: number, seconds: number): Promise<autocannon.Result> {
  let opened = 0;
  const perConnection = load.connectionHeaders;
  return autocannon({
    setupClient: perConnection?.length
      ? (client) => client.setHeaders(perConnection[opened++ % perConnection.length]!)
      : undefined,
    url: load.url,
    method: load.method,
    headers: load.headers,
    body: load.body,
    connections,
    duration: seconds,
  });
}

/** The server's usage once it has stopped sending statements: the requests of the last run are all done. */
async function settled(serverUsage: () => Promise<ChildUsage>): Promise<ChildUsage> {
  let last = await serverUsage();
  for (let round = 0; round < 240; round++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await serverUsage();
    if (now.queries === last.queries) return now;
    last = now;
  }
  throw new Error('The server was still busy a minute after its load stopped');
}

/** Warms the server up (JIT, caches, pool connections), then measures a second run at the same load. */
export async function measure(
  load: Load,
  serverUsage: () => Promise<ChildUsage>,
  options: { connections: number; seconds: number; warmupSeconds: number },
): Promise<Figures> {
  if (options.warmupSeconds > 0) await run(load, options.connections, options.warmupSeconds);
  const before = await settled(serverUsage);
  const result = await run(load, options.connections, options.seconds);
  const after = await settled(serverUsage);
  // The server finishes every request it was sent, even those autocannon stopped waiting for at the end: its
  // work is counted once it has settled, and shared among all requests sent.
  const sent = result.requests.sent;
  const perRequest = (value: number) => (sent ? value / sent : 0);
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    serverCpuMsPerRequest: perRequest(after.cpuMs - before.cpuMs),
    queriesPerRequest: perRequest(after.queries - before.queries),
    poolWaiting:
      after.poolSamples > before.poolSamples
        ? (after.poolWaiting - before.poolWaiting) / (after.poolSamples - before.poolSamples)
        : null,
    non2xx: result.non2xx,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

/** The run with the median rate (the lower middle one of an even count), with all its figures. */
export function medianRun(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('No runs to take the median of');
  return median;
}
