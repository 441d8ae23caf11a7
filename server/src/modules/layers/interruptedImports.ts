import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sqlRows.ts';

/** A running import writes its task row this often, so that another server can tell it is still alive. */
export const importHeartbeatMs = 5_000;
/** A task not written for this long has lost the server that ran it. */
const staleAfterSeconds = 30;

const interrupted = JSON.stringify({ Code: 'interrupted', Params: {} });

/**
 * Marks failed, with a message saying so, the imports that a stop or a crash cut off: at start with the
 * embedded database (one server per folder) every task still queued or running; on PostgreSQL, where several
 * servers may share the tasks, those whose heartbeat stopped. Answers how many were marked.
 */
export async function failInterruptedImports(db: Db, everyUnfinished: boolean): Promise<number> {
  const stale = everyUnfinished
    ? sql`true`
    : sql`updated_at < now() - make_interval(secs => ${staleAfterSeconds})`;
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`UPDATE layer_import_tasks SET status = 'failed', error = ${interrupted}::jsonb, updated_at = now()
         WHERE status IN ('queued', 'running') AND ${stale} RETURNING id`,
  );
  return rows.length;
}

/**
 * At start, fails the imports the last stop cut off; on PostgreSQL keeps checking, since a task of a server
 * that stopped moments ago only looks lost once its heartbeat is stale.
 */
export async function watchInterruptedImports(db: Db, embedded: boolean): Promise<number> {
  const marked = await failInterruptedImports(db, embedded);
  if (embedded) return marked;
  setInterval(() => {
    void failInterruptedImports(db, false).catch(() => undefined);
  }, staleAfterSeconds * 1000).unref();
  return marked;
}

/** Keeps a running task's row fresh until the returned function is called. */
export function importHeartbeat(db: Db, taskId: number): () => void {
  const timer = setInterval(() => {
    void db
      .execute(
        sql`UPDATE layer_import_tasks SET updated_at = now() WHERE id = ${taskId} AND status = 'running'`,
      )
      .catch(() => undefined);
  }, importHeartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}
