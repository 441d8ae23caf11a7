import type { FastifyReply } from 'fastify';
import { currentOrNextMaintenance, isMaintenanceActive } from '@headland/domain/maintenance';
import type { MaintenanceNotice, MaintenanceNoticeRequest } from '@headland/domain/api/liveApi';
import { retryHeaderName } from '@headland/domain/retryRule';
import type { Db } from '../../db/database.ts';
import { deleteNotices, insertNotice, notifyLive, openNotices } from './live.queries.ts';
import { requestPollMs, serveClearRequest } from './maintenanceRequests.ts';

/** Notices are read again at least this often, should a change's message have been missed. */
const rereadMs = 15_000;

/** A call refused because a maintenance window runs (a sign-in by someone below Admin). */
export class MaintenanceClosed extends Error {
  constructor(readonly notice: MaintenanceNotice) {
    super('The service is closed for maintenance.');
  }
}

/** The 503 every refused call gets while a window runs: no retry, and the window for the maintenance panel. */
export function sendMaintenanceRefusal(reply: FastifyReply, notice: MaintenanceNotice) {
  const secondsLeft = Math.max(1, Math.ceil((Date.parse(notice.endDate) - Date.now()) / 1000));
  const until = `${notice.endDate.slice(0, 16).replace('T', ' ')} UTC`;
  return reply
    .code(503)
    .header(retryHeaderName, 'No')
    .header('Retry-After', String(secondsLeft))
    .send({ Message: `The service is closed for maintenance until ${until}.`, Maintenance: notice });
}

/**
 * The maintenance windows this server enforces (session-shell §4). Kept in memory so that the check costs
 * nothing per request, read again whenever any server announces a change ('m' on the live channel).
 */
export class MaintenanceNotices {
  private notices: MaintenanceNotice[] = [];
  private timer: NodeJS.Timeout | null = null;
  private requestTimer: NodeJS.Timeout | null = null;

  /**
   * `requestDir`: the embedded database's folder, where the maintenance command leaves its requests while this
   * server holds the database (see maintenanceRequests.ts); null on PostgreSQL, where the command writes to
   * the database and the live channel tells every server.
   */
  constructor(
    private readonly db: Db,
    private readonly requestDir: string | null = null,
  ) {}

  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch((error: Error) =>
        console.error(`maintenance: cannot read notices: ${error.message}`),
      );
    }, rereadMs);
    this.timer.unref();
    const requestDir = this.requestDir;
    if (requestDir) {
      let serving = false;
      this.requestTimer = setInterval(() => {
        if (serving) return;
        serving = true;
        serveClearRequest(requestDir, (id) => clearMaintenance(this.db, id))
          .catch((error: Error) => console.error(`maintenance: a request could not be served: ${error.message}`))
          .finally(() => {
            serving = false;
          });
      }, requestPollMs);
      this.requestTimer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.requestTimer) clearInterval(this.requestTimer);
    this.timer = null;
    this.requestTimer = null;
  }

  async reload(): Promise<void> {
    this.notices = await openNotices(this.db);
  }

  /** The windows not over yet, earliest first: what `/maintenance.json` lists. */
  list(now = Date.now()): MaintenanceNotice[] {
    return this.notices.filter((notice) => Date.parse(notice.endDate) > now);
  }

  /** The window running now, if any. */
  active(now = Date.now()): MaintenanceNotice | null {
    const notice = currentOrNextMaintenance(this.notices, now);
    return notice && isMaintenanceActive(notice, now) ? notice : null;
  }
}

/** Sets a window and tells every server. */
export async function setMaintenance(
  db: Db,
  input: MaintenanceNoticeRequest,
  createdBy: number | null,
): Promise<MaintenanceNotice> {
  const notice = await insertNotice(db, { ...input, createdBy });
  await notifyLive(db, { k: 'm' });
  return notice;
}

/** Clears one window (or all of them, with null) and tells every server. */
export async function clearMaintenance(db: Db, id: number | null): Promise<number> {
  const count = await deleteNotices(db, id);
  await notifyLive(db, { k: 'm' });
  return count;
}
