import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/**
 * The embedded database is open in one process only: while the server runs, the maintenance command cannot
 * open it to clear a window. It leaves a request file in DATA_DIR instead; the running server looks for one
 * every `requestPollMs`, clears the window(s) and answers in a file named after the request. Whoever may write
 * into DATA_DIR may already change the database itself, so the file gives no one more than they had.
 */
export const requestFileName = 'maintenance-request.json';
export const requestPollMs = 2_000;
const answerFileName = (nonce: string) => `maintenance-answer-${nonce}.json`;

const requestSchema = z.object({
  command: z.literal('clear'),
  id: z.number().int().positive().max(2_147_483_647).nullable(),
  nonce: z.string().regex(/^[0-9a-f-]{36}$/),
});
export type ClearRequest = z.infer<typeof requestSchema>;

const answerSchema = z.object({ cleared: z.number().int().nonnegative() });

/**
 * Takes a waiting request out of the folder and carries it out with `clear`, answering how many windows went.
 * Returns whether there was one. A request that cannot be read is removed, so that it is not tried for ever.
 */
export async function serveClearRequest(
  dataDir: string,
  clear: (id: number | null) => Promise<number>,
): Promise<boolean> {
  const path = join(dataDir, requestFileName);
  if (!existsSync(path)) return false;
  // Renamed first: a second look while this one runs does not find it again.
  const taken = `${path}.${process.pid}.taken`;
  try {
    renameSync(path, taken);
  } catch {
    return false;
  }
  let request: ClearRequest;
  try {
    request = requestSchema.parse(JSON.parse(readFileSync(taken, 'utf8')));
  } catch {
    rmSync(taken, { force: true });
    return true;
  }
  rmSync(taken, { force: true });
  const cleared = await clear(request.id);
  writeFileSync(join(dataDir, answerFileName(request.nonce)), JSON.stringify({ cleared }));
  return true;
}

/**
 * The command's side: asks the server running on `dataDir` to clear one window (or all, with null) and waits
 * for its answer. Answers the number cleared, or null when no server answered within `timeoutMs`.
 */
export async function askRunningServerToClear(
  dataDir: string,
  id: number | null,
  timeoutMs = 15_000,
): Promise<number | null> {
  const nonce = randomUUID();
  const request: ClearRequest = { command: 'clear', id, nonce };
  const path = join(dataDir, requestFileName);
  const temporary = `${path}.${nonce}.tmp`;
  // Written whole, then renamed into place: the server never reads half a request.
  writeFileSync(temporary, JSON.stringify(request));
  renameSync(temporary, path);
  const answerPath = join(dataDir, answerFileName(nonce));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await sleep(200);
    if (!existsSync(answerPath)) continue;
    try {
      const answer = answerSchema.parse(JSON.parse(readFileSync(answerPath, 'utf8')));
      rmSync(answerPath, { force: true });
      return answer.cleared;
    } catch {
      // Being written: read it on the next turn.
    }
  }
  // No server took it: it must not clear a window later, unasked.
  try {
    const waiting = JSON.parse(readFileSync(path, 'utf8')) as { nonce?: string };
    if (waiting.nonce === nonce) rmSync(path, { force: true });
  } catch {
    // Taken meanwhile, or gone.
  }
  return null;
}
