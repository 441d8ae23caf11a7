import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Figures } from './measure.ts';

export type TargetName = 'query' | 'select';

export interface TargetResult {
  request: string;
  app: Figures;
  bare: Figures;
  /** App rate divided by bare rate. */
  ratio: number;
  /** How the two answers were checked to match before measuring. */
  check: string;
  /** The rate of every round, when there were several; the figures above are the median round's. */
  roundsRequestsPerSecond: { app: number[]; bare: number[] };
}

export interface ApiResults {
  kind: 'pglite' | 'postgres';
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    /** One-minute load average before any server started: above 1, other work was competing for the cores. */
    loadAverageBefore: number;
  };
  settings: { connections: number; seconds: number; warmupSeconds: number; rounds: number };
  app: { database: string; poolSize: number };
  bare: { database: string; poolSize: number };
  targets: Partial<Record<TargetName, TargetResult>>;
}

export type Baseline = Partial<Record<ApiResults['kind'], ApiResults>>;

/** The aim of the sign-in foundation: at least this share of the bare server's rate, and p99 under this. */
export const aim = { ratio: 0.7, p99Ms: 25 };

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function change(now: number, before: number | undefined): string {
  if (before === undefined || before === 0) return '';
  const percent = ((now - before) / before) * 100;
  return `${percent >= 0 ? '+' : ''}${number(percent, 1)} %`;
}

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

/** The table of figures, with the change against the baseline of the same database kind. */
export function formatResults(results: ApiResults, baseline: ApiResults | undefined): string {
  const rows = [
    [
      'target',
      'server',
      'req/s',
      'p50 ms',
      'p99 ms',
      'timeouts',
      'server CPU ms/req',
      'queries/req',
      'server CPU %',
      'pool queue',
      'ratio to bare',
      'req/s vs baseline',
      'p99 vs baseline',
    ],
  ];
  for (const [name, target] of Object.entries(results.targets) as [TargetName, TargetResult][]) {
    const before = baseline?.targets[name];
    for (const server of ['app', 'bare'] as const) {
      const figures = target[server];
      rows.push([
        name,
        server,
        number(figures.requestsPerSecond),
        number(figures.latencyP50Ms),
        number(figures.latencyP99Ms),
        number(figures.timeouts),
        number(figures.serverCpuMsPerRequest, 3),
        number(figures.queriesPerRequest, 2),
        number((figures.serverCpuMsPerRequest * figures.requestsPerSecond) / 10),
        figures.poolWaiting === null ? '' : number(figures.poolWaiting, 1),
        server === 'app' ? `${number(target.ratio * 100, 1)} %` : '',
        change(figures.requestsPerSecond, before?.[server].requestsPerSecond),
        change(figures.latencyP99Ms, before?.[server].latencyP99Ms),
      ]);
    }
  }
  const lines = [pad(rows), ''];
  for (const [name, target] of Object.entries(results.targets) as [TargetName, TargetResult][]) {
    const meets = target.ratio >= aim.ratio && target.app.latencyP99Ms < aim.p99Ms;
    lines.push(
      `${name}: ${meets ? 'meets' : 'misses'} the aim (at least ${aim.ratio * 100} % of bare, p99 under ${aim.p99Ms} ms)` +
        `: ${number(target.ratio * 100, 1)} %, p99 ${number(target.app.latencyP99Ms)} ms`,
    );
    if (results.settings.rounds > 1) {
      const list = (rates: number[]) => rates.map((rate) => number(rate)).join(', ');
      lines.push(
        `  req/s of each round: app ${list(target.roundsRequestsPerSecond.app)}; bare ${list(target.roundsRequestsPerSecond.bare)}`,
      );
    }
    // With every connection waiting on its answer, mean latency is connections / rate (Little's law), and p99
    // lies above the mean: when even the bare server misses the latency aim, no framework change can meet it.
    if (target.bare.latencyP99Ms >= aim.p99Ms) {
      const meanMs = (results.settings.connections / target.bare.requestsPerSecond) * 1000;
      lines.push(
        `  the bare server's own p99 is ${number(target.bare.latencyP99Ms)} ms (mean ${number(meanMs)} ms =` +
          ` ${results.settings.connections} connections / ${number(target.bare.requestsPerSecond)} req/s):` +
          ' the latency aim is out of reach on this machine at this load, whatever the framework costs',
      );
    }
  }
  const busy = results.machine.loadAverageBefore > 1;
  lines.push(
    `Load average before the run: ${number(results.machine.loadAverageBefore, 2)} on ${results.machine.cpus} cores` +
      (busy ? ': the machine was busy with other work, so these figures are low and noisy.' : '.'),
  );
  lines.push(
    baseline
      ? `Baseline: ${baseline.date} (${baseline.settings.seconds} s runs, ${baseline.machine.cpus} cores).`
      : 'No baseline for this database yet: run with BENCH_UPDATE_BASELINE=1 to record one.',
  );
  return lines.join('\n');
}

export function readBaseline(file: string): Baseline {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Baseline) : {};
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
