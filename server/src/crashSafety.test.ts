import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMigratedPgliteDir } from './testing/testDatabase.ts';
import {
  freePort,
  json,
  ownerToken,
  spawnServer,
  startServer,
  type Running,
} from './testing/serverProcess.ts';

// The real server in its own process, killed with SIGKILL while a writer creates fields through its API:
// after each restart every field whose creation was answered 201 must be there. On PostgreSQL when
// TEST_DATABASE_URL is set (CI's PostgreSQL leg), else on the embedded database, whose folder lock must also
// turn a second server away and must not keep a restarted one out after a kill.

const serverUrl = process.env.TEST_DATABASE_URL;
const kind = serverUrl ? 'PostgreSQL' : 'PGlite';
// Each kill restarts on the database the kills before it left behind. Four keep the run short; CRASH_KILLS (up
// to 100) asks for a longer hunt.
const kills = Math.min(100, Math.max(1, Number.parseInt(process.env.CRASH_KILLS ?? '', 10) || 4));

/**
 * Creates fields in four parallel loops until the server stops answering; resolves with the names of those
 * it answered 201 for. Any other answer fails the test.
 */
async function writeUntilKilled(
  url: string,
  token: string,
  round: number,
  acknowledged: string[],
): Promise<void> {
  let next = 0;
  const loop = async () => {
    for (;;) {
      const name = `crash ${round}-${next++}`;
      let response: Response;
      try {
        response = await fetch(`${url}/api/fields/v1`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ Name: name, WorkingArea: 1.5 }),
        });
      } catch {
        return; // the connection died with the server
      }
      if (response.status !== 201) throw new Error(`creating ${name} answered ${response.status}`);
      await response.arrayBuffer();
      acknowledged.push(name);
    }
  };
  await Promise.all([loop(), loop(), loop(), loop()]);
}

async function fieldNames(url: string, token: string): Promise<Set<string>> {
  const fields = await json<{ Name: string }[]>(
    await fetch(`${url}/api/fields/v1`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return new Set(fields.map((field) => field.Name));
}

describe(`the server killed with SIGKILL while writing (${kind})`, () => {
  let env: Record<string, string>;
  let cleanUp = async () => {};
  let running: Running | null = null;

  beforeAll(async () => {
    if (serverUrl) {
      const name = `headland_crash_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      env = { DATABASE_URL: url.toString() };
      cleanUp = async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'headland-crash-'));
      await copyMigratedPgliteDir(join(dataDir, 'db'));
      env = { DATA_DIR: join(dataDir, 'db'), DATABASE_URL: '' };
      cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    await cleanUp();
  });

  it(`loses no acknowledged write over ${kills} kills`, { timeout: 600_000 }, async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < kills; round++) {
      running = await startServer(env);
      const token = await ownerToken(running.url);
      const present = await fieldNames(running.url, token);
      expect(
        acknowledged.filter((name) => !present.has(name)),
        `missing after restart ${round}`,
      ).toEqual([]);

      const written: string[] = [];
      const writing = writeUntilKilled(running.url, token, round, written);
      // Once writes flow, kill at a moment that varies per round, mostly with writes under way.
      const deadline = Date.now() + 30_000;
      while (written.length < 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
      running.child.kill('SIGKILL');
      await running.exited;
      await writing;
      expect(written.length, `round ${round} wrote nothing before the kill`).toBeGreaterThan(0);
      acknowledged.push(...written);
    }
    running = await startServer(env);
    const present = await fieldNames(running.url, await ownerToken(running.url));
    expect(acknowledged.filter((name) => !present.has(name))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(kills);
  });

  it.runIf(!serverUrl)('turns a second server on the same data folder away, saying why', async () => {
    expect(running?.child.exitCode).toBeNull();
    expect(running?.child.signalCode).toBeNull();
    const second = spawnServer(env, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Headland cannot start: The embedded database in ${env.DATA_DIR} is already in use by process ${running?.child.pid}`,
    );
    // The first server still answers.
    expect((await fetch(`${running?.url}/api/health`)).status).toBe(200);
  });
});
