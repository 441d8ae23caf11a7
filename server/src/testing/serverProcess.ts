import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { copyMigratedPgliteDir } from './testDatabase.ts';

// The real server in its own process, for the tests that kill or stop it. It runs from the TypeScript sources
// through tsx; with TEST_COMPILED_SERVER=1 it runs compiled (`npm run build` first), as production does.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const compiled = process.env.TEST_COMPILED_SERVER === '1';
const serverArgs = compiled
  ? ['--conditions=headland-compiled', join(repoRoot, 'server', 'dist', 'main.js')]
  : ['--import', 'tsx', join(repoRoot, 'server', 'src', 'main.ts')];

export interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function spawnServer(env: Record<string, string>, port: number): Running {
  const child = spawn(process.execPath, serverArgs, {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-32 * 1024);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

export async function startServer(env: Record<string, string>): Promise<Running> {
  const running = spawnServer(env, await freePort());
  let exitCode: number | null | undefined;
  void running.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}):\n${running.output()}`);
    try {
      const response = await fetch(`${running.url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return running;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  running.child.kill('SIGKILL');
  throw new Error(`the server did not answer within 120 s:\n${running.output()}`);
}

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo owner's holding token on Wold Farm. */
export async function ownerToken(url: string): Promise<string> {
  const signIn = await json<{ access_token: string }>(
    await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'client@headland.example',
        password: 'Harvest2026',
      }).toString(),
    }),
  );
  const headers = { authorization: `Bearer ${signIn.access_token}` };
  const found = await json<{ HoldingId: number; TradingName: string }[]>(
    await fetch(`${url}/api/session/v1/holdings/query?query=Wold`, { headers }),
  );
  const holdingId = found.find((holding) => holding.TradingName === 'Wold Farm')?.HoldingId;
  const selected = await json<{ Token: string }>(
    await fetch(`${url}/api/session/v1/holdings/select`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ holdingId, reuseSession: false }),
    }),
  );
  return selected.Token;
}

/**
 * A database of its own for a server process: a new database on the PostgreSQL of TEST_DATABASE_URL when set,
 * else a copy of the migrated embedded database in a temporary folder. Answers the server's environment.
 */
export async function serverDatabase(
  label: string,
): Promise<{ env: Record<string, string>; embedded: boolean; cleanUp: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `headland_${label}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      embedded: false,
      cleanUp: async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `headland-${label}-`));
  await copyMigratedPgliteDir(join(dataDir, 'db'));
  return {
    env: { DATA_DIR: join(dataDir, 'db'), DATABASE_URL: '' },
    embedded: true,
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
