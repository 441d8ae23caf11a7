import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What a server child reports over IPC once it listens. */
export interface ReadyMessage {
  type: 'ready';
  port: number;
  /** What the child's database is, in words, for the printed report. */
  database: string;
  /** Connections the child's pool may open (1 for PGlite, which has one connection). */
  poolSize: number;
}

export interface ChildServer {
  name: string;
  url: string;
  /** The child's process id (its memory can be read from /proc). */
  pid: number | undefined;
  ready: ReadyMessage;
  /** CPU time the child's process has used so far (user and system), and the statements it has sent. */
  usage(): Promise<ChildUsage>;
  /** Asks the child to close its server and database, and waits until it has exited. */
  stop(): Promise<void>;
}

export interface ChildUsage {
  cpuMs: number;
  queries: number;
  /** Samples taken of the pool's queue, and the sum of the requests found waiting for a connection. */
  poolSamples: number;
  poolWaiting: number;
}

/** What a server child tells the benchmark about its work. */
export interface ChildProbes {
  queriesSent: () => number;
  /** Queries waiting for a pool connection right now; absent without a pool (PGlite). */
  poolWaiting?: () => number;
}

interface UsageMessage extends ChildUsage {
  type: 'usage';
}

export interface ChildServerOptions {
  name: string;
  /** Script file beside this one. */
  script: string;
  env: NodeJS.ProcessEnv;
  args?: string[];
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
}

/**
 * Starts a server in its own process so that it never shares an event loop with the load generator, and waits
 * for its ready message.
 */
export function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const script = fileURLToPath(new URL(options.script, import.meta.url));
  const child = fork(script, options.args ?? [], {
    env: options.env,
    execArgv: ['--import', 'tsx', ...(options.nodeFlags ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`${options.name} exited with code ${code} before it was ready`));
    child.once('exit', onExit);
    child.once('message', (message: ReadyMessage) => {
      child.off('exit', onExit);
      resolve({
        name: options.name,
        url: `http://127.0.0.1:${message.port}`,
        pid: child.pid,
        ready: message,
        usage: () => askUsage(child),
        stop: () => stopChild(child, exited),
      });
    });
  });
}

function askUsage(child: ChildProcess): Promise<ChildUsage> {
  return new Promise((resolve) => {
    const onMessage = (message: UsageMessage) => {
      if (message.type !== 'usage') return;
      child.off('message', onMessage);
      const { type: _type, ...usage } = message;
      resolve(usage);
    };
    child.on('message', onMessage);
    child.send({ type: 'usage' });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** Child side: reports readiness and closes cleanly on SIGTERM or when the parent goes away. */
export function reportReady(
  message: Omit<ReadyMessage, 'type'>,
  probes: ChildProbes,
  close: () => Promise<void>,
): void {
  let poolSamples = 0;
  let poolWaiting = 0;
  const { poolWaiting: waitingNow } = probes;
  if (waitingNow) {
    setInterval(() => {
      poolSamples++;
      poolWaiting += waitingNow();
    }, 20).unref();
  }
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('disconnect', shutdown);
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'usage') return;
    const cpu = process.cpuUsage();
    process.send?.({
      type: 'usage',
      cpuMs: (cpu.user + cpu.system) / 1000,
      queries: probes.queriesSent(),
      poolSamples,
      poolWaiting,
    } satisfies UsageMessage);
  });
  process.send?.({ type: 'ready', ...message } satisfies ReadyMessage);
}
