/** Work still running after its request was answered, per database (tests wait for it). */
const pendingWork = new WeakMap<object, Set<Promise<void>>>();

/**
 * Runs `work` after the current request has been answered, logging a failure. Answering first keeps the answer's
 * timing from telling what the work found (for instance whether an address has an account).
 */
export function runAfterAnswer(
  db: object,
  work: () => Promise<void>,
  log: { error(details: object, message: string): void },
  failure: string,
): void {
  let pending = pendingWork.get(db);
  if (!pending) pendingWork.set(db, (pending = new Set()));
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log.error({ err: error }, failure))
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Resolves once all the work `runAfterAnswer` was given for `db` so far has finished. */
export async function workAfterAnswerSettled(db: object): Promise<void> {
  while (pendingWork.get(db)?.size) await Promise.allSettled([...pendingWork.get(db)!]);
}
