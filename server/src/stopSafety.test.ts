import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, ownerToken, serverDatabase, startServer, type Running } from './testing/serverProcess.ts';

// The real server in its own process (on PostgreSQL when TEST_DATABASE_URL is set), stopped as a deployment stops it. SIGTERM with 30
// requests in flight: every request gets an HTTP answer (none a reset connection), those the server had taken
// their real answer, any it had not yet read a 503 saying to try again, and nothing is half-stored. An import
// cut off by a kill is marked failed, with a message code, when the server starts again.

let env: Record<string, string> = {};
let embedded = true;
let cleanUp = async () => {};
let running: Running | null = null;

beforeAll(async () => {
  ({ env, embedded, cleanUp } = await serverDatabase('stop'));
}, 120_000);

afterEach(async () => {
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  running = null;
});

afterAll(async () => {
  await cleanUp();
});

interface Answer {
  name: string;
  status: number | 'reset';
  retry: string | null;
}

async function createField(url: string, token: string, name: string): Promise<Answer> {
  try {
    const response = await fetch(`${url}/api/fields/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Name: name, WorkingArea: 2 }),
    });
    await response.arrayBuffer();
    return { name, status: response.status, retry: response.headers.get('x-omnia-retry') };
  } catch {
    return { name, status: 'reset', retry: null };
  }
}

async function fieldNames(url: string, token: string): Promise<Set<string>> {
  const fields = await json<{ Name: string }[]>(
    await fetch(`${url}/api/fields/v1`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return new Set(fields.map((field) => field.Name));
}

describe('stopping the server with SIGTERM', () => {
  it('answers all 30 requests in flight, refuses new ones with a 503 to retry, and exits cleanly', async () => {
    // At info level the server says when it has taken the signal in, which the late request waits for.
    running = await startServer({ ...env, LOG_LEVEL: 'info' });
    const token = await ownerToken(running.url);
    const url = running.url;
    const inFlight = Array.from({ length: 30 }, (_, i) => createField(url, token, `stop ${i}`));
    // Let the requests reach the server, then stop it while they are being answered.
    await new Promise((resolve) => setTimeout(resolve, 150));
    running.child.kill('SIGTERM');
    // A busy machine may take a while to run the signal's handler: a request sent before that is simply served.
    const stopping = running;
    await expect
      .poll(() => stopping.output().includes('stopping: finishing the requests under way'), {
        timeout: 10_000,
        interval: 5,
      })
      .toBe(true);
    const late = await createField(url, token, 'after the stop');
    const answers = await Promise.all(inFlight);
    const exitCode = await running.exited;

    const count = (status: Answer['status']) => answers.filter((answer) => answer.status === status).length;
    console.log(
      `SIGTERM with 30 requests in flight: ${count(201)} answered 201, ${count(503)} answered 503, ` +
        `${count('reset')} reset; a request after the stop answered ${late.status}`,
    );
    expect(answers.filter((answer) => answer.status === 'reset')).toEqual([]);
    for (const answer of answers) {
      expect([201, 503], answer.name).toContain(answer.status);
      if (answer.status === 503) expect(answer.retry, answer.name).toBe('Yes');
    }
    expect(count(201)).toBeGreaterThan(0);
    expect(late).toMatchObject({ status: 503, retry: 'Yes' });
    expect(exitCode).toBe(0);

    running = await startServer(env);
    const present = await fieldNames(running.url, await ownerToken(running.url));
    for (const answer of answers) expect(present.has(answer.name), answer.name).toBe(answer.status === 201);
    expect(present.has(late.name)).toBe(false);
  }, 300_000);
});

describe('an import cut off by a kill', () => {
  it('is marked failed, with a message code, when the server starts again', async () => {
    running = await startServer(env);
    const token = await ownerToken(running.url);
    const headers = { authorization: `Bearer ${token}` };
    // Enough rows that the import is still reading its file when the kill comes.
    const csv = `lon,lat,yield\n${Array.from({ length: 150_000 }, (_, i) => `-1.${i % 9000},52.${i % 7000},${(i % 90) / 10}`).join('\n')}\n`;
    const form = new FormData();
    form.set('kind', 'yield');
    form.set('file', new Blob([csv]), 'yield.csv');
    const previewed = await json<{ ImportId: string }>(
      await fetch(`${running.url}/api/layers/v1/import/preview`, { method: 'POST', headers, body: form }),
    );
    const started = await fetch(`${running.url}/api/layers/v1/import/${previewed.ImportId}/commit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ Mapping: { lon: 'longitude', lat: 'latitude', yield: 'yield' }, Year: 2025 }),
    });
    expect(started.status).toBe(202);
    const task = (await started.json()) as { TaskId: number; Status: string };
    expect(['queued', 'running']).toContain(task.Status);
    running.child.kill('SIGKILL');
    await running.exited;

    running = await startServer(env);
    const again = await ownerToken(running.url);
    const read = async () =>
      json<{ Status: string; Error: { Code: string } | null }>(
        await fetch(`${running!.url}/api/layers/v1/import/tasks/${task.TaskId}`, {
          headers: { authorization: `Bearer ${again}` },
        }),
      );
    let after = await read();
    // The embedded database has one server, which marks the task at start. On PostgreSQL another server may
    // still run it: it is marked once its heartbeat is 30 s old, by the check every 30 s.
    for (let waited = 0; !embedded && after.Status !== 'failed' && waited < 90_000; waited += 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      after = await read();
    }
    expect(after).toMatchObject({ Status: 'failed', Error: { Code: 'interrupted' } });
  }, 300_000);
});
