import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { allocatorSettings } from '../../server/src/allocatorSettings.ts';
import { copyMigratedPgliteDir } from '../../server/src/testing/testDatabase.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// The compiled server, as production runs it (`npm run build` makes it, with the web app).
const mainFile = join(repoRoot, 'server', 'dist', 'main.js');
const webDist = join(repoRoot, 'web', 'dist');

export interface TestServer {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  url: string;
  dataDir: string;
  /** What the server printed so far (the last 64 kB), for failure messages. */
  output(): string;
  stop(): Promise<void>;
  /** Stops the server as a deployment does, hands its database folder to `keep`, then removes the rest. */
  stopKeepingData(keep: (databaseDir: string) => void): Promise<void>;
  /**
   * Stops the server as a deployment does (SIGTERM) and starts it again on the same port and database; resolves
   * once it answers again. `whileDown` runs between the two.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment, e.g. { BRAND: 'second' }. */
  env?: Record<string, string>;
  /** How long to wait for GET /api/health to answer 200. */
  readyTimeoutMs?: number;
  /**
   * Start on an empty folder, as a new installation does (about 10 s more). By default the folder is a copy
   * of an already migrated database, and the server only adds its demo data.
   */
  emptyDataDir?: boolean;
  /**
   * Start on a copy of the run's seeded database (see seededDatabase.ts), as by default, or let the server seed
   * a migrated one itself (false). A server whose environment chooses the seeding always seeds itself.
   */
  seeded?: boolean;
}

/** The folder to start from: the run's seeded database, the migrated template, or nothing. */
function startingDatabase(options: StartServerOptions): 'seeded' | 'migrated' | 'empty' {
  if (options.emptyDataDir) return 'empty';
  if (options.seeded === false || options.env?.SEED_DEMO !== undefined) return 'migrated';
  return 'seeded';
}

/**
 * Starts the real server (`node --conditions=headland-compiled server/dist/main.js` in the repository root, as
 * `npm run serve` does) on a free port with
 * its own embedded database in a new temporary folder, and resolves once GET /api/health answers 200.
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  if (!existsSync(mainFile)) {
    throw new Error(`cannot start the server: ${mainFile} does not exist (run npm run build first)`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'headland-e2e-'));
  try {
    const start = startingDatabase(options);
    if (start === 'seeded') cpSync(inject('seededDataDir'), join(dataDir, 'db'), { recursive: true });
    if (start === 'migrated') await copyMigratedPgliteDir(join(dataDir, 'db'));
    // The server serves its own copy of the built app: a `vite build` run meanwhile empties web/dist and
    // renames every chunk, which would break the pages of a suite already running.
    cpSync(webDist, join(dataDir, 'web'), { recursive: true });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    ...allocatorSettings,
    HOST: '127.0.0.1',
    DATA_DIR: join(dataDir, 'db'),
    WEB_DIST: join(dataDir, 'web'),
    PUBLIC_URL: url,
    ...options.env,
  };
  // A developer's own settings must not send the tests to a real database or mail server.
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  if (!options.env?.SMTP_URL) delete env.SMTP_URL;

  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
  };
  const launch = () => {
    const child = spawn(process.execPath, ['--conditions=headland-compiled', mainFile], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', (error) => collect(Buffer.from(`\n${error.message}\n`)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, exited };
  };
  let running = launch();

  const stop = async () => {
    await stopChild(running.child, running.exited);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const stopKeepingData = async (keep: (databaseDir: string) => void) => {
    try {
      await stopChild(running.child, running.exited);
      if (running.child.signalCode === 'SIGKILL')
        throw new Error(`the server did not stop cleanly:\n${output}`);
      keep(join(dataDir, 'db'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const readyTimeoutMs = options.readyTimeoutMs ?? 150_000;
  try {
    await waitForHealth(url, running.exited, () => output, readyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  const restart = async (whileDown?: () => Promise<void>) => {
    await stopChild(running.child, running.exited);
    await whileDown?.();
    running = launch();
    await waitForHealth(url, running.exited, () => output, readyTimeoutMs);
  };
  return { url, dataDir, output: () => output, stop, stopKeepingData, restart };
}

/**
 * One server for the whole test file, started in beforeAll and stopped in afterAll. Read `server` inside
 * tests or hooks, not at module level.
 */
export function useServer(options: StartServerOptions = {}): { readonly server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not running: use it inside a test or hook');
      return server;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function waitForHealth(
  url: string,
  exited: Promise<number | null>,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited (code ${exitCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${url}/api/health did not answer 200 within ${timeoutMs} ms (${last}):\n${output()}`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
