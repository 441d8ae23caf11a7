import { currentOrNextMaintenance, isMaintenanceActive } from '@headland/domain/maintenance';
import type { MaintenanceNotice, MaintenanceNoticeRequest } from '@headland/domain/api/liveApi';
import type { Db } from '../../db/database.ts';
import { deleteNotices, insertNotice, notifyLive, openNotices } from './live.queries.ts';

/** Notices are read again at least this often, should a change's message have been missed. */
const rereadMs = 60_000;

/**
 * The maintenance windows this server enforces (session-shell §4). Kept in memory so that the check costs
 * nothing per request, read again whenever any server announces a change ('m' on the live channel).
 */
export class MaintenanceNotices {
  private notices: MaintenanceNotice[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch((error: Error) =>
        console.error(`maintenance: cannot read notices: ${error.message}`),
      );
    }, rereadMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
