import type { MaintenanceNotice } from '@headland/domain/api/liveApi';
import { maintenanceRefreshMs } from '@headland/domain/limits';

export interface MaintenanceWatchOptions {
  /** Reads `/maintenance.json`. */
  load(): Promise<MaintenanceNotice[]>;
  onNotices(notices: MaintenanceNotice[]): void;
}

/**
 * Reads the maintenance notices at once and again every 5 minutes (session-shell §4, §9), or sooner when asked
 * (a call refused for maintenance). A failed read keeps the notices known so far.
 */
export class MaintenanceWatch {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: MaintenanceWatchOptions) {}

  start(): void {
    if (this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), maintenanceRefreshMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async refresh(): Promise<void> {
    try {
      this.options.onNotices(await this.options.load());
    } catch {
      // The next read may work; the notices known so far still stand.
    }
  }
}
